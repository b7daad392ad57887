import "server-only";
import type { z } from "zod";
import { currentUser } from "@/lib/auth/current-user";
import { can, type Permission } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { describeIssues, fieldPath } from "@/lib/contract/issues";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/** An error whose message is meant for the person using the console (our own types only). */
export class ActionError extends Error {}

/**
 * The one guard of every server action (STYLE): session → permission → input parse → handler,
 * answering `{ ok, data } | { ok: false, error, fieldErrors }`. The permission is required: no
 * action is open by default. Unknown errors are logged and replaced by a generic message.
 */
export function defineAction<S extends z.ZodType, T>(
  permission: Permission,
  input: S,
  handler: (data: z.output<S>, user: ConsoleUser) => Promise<T>,
): (raw: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    const user = await currentUser();
    if (!user) return { ok: false, error: "Your session has ended: sign in again." };
    if (!can(user.role, permission)) return { ok: false, error: "Your role does not allow this." };
    const parsed = input.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[fieldPath(issue.path)] ??= issue.message;
      return { ok: false, error: describeIssues(parsed.error.issues), fieldErrors };
    }
    try {
      return { ok: true, data: await handler(parsed.data, user) };
    } catch (error) {
      if (error instanceof ActionError) return { ok: false, error: error.message };
      console.error(`[action] ${(error as Error).name}: ${(error as Error).message}`);
      return { ok: false, error: "Something went wrong on the server; nothing was changed. Try again." };
    }
  };
}
