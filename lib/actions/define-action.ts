import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { authorize } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
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
 * action is open by default. An action that changes data (all but checks like "Test connection")
 * drops the browser's cached pages on success. Unknown errors are logged and replaced by a generic message.
 */
export function defineAction<S extends z.ZodType, T>(
  permission: Permission,
  input: S,
  handler: (data: z.output<S>, user: ConsoleUser) => Promise<T>,
  options: { changesData?: boolean } = {},
): (raw: z.input<S>) => Promise<ActionResult<T>> {
  const changesData = options.changesData ?? true;
  return async (raw) => {
    const access = await authorize(permission);
    if (!access.ok) return { ok: false, error: access.message };
    const { user } = access;
    const parsed = input.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[fieldPath(issue.path)] ??= issue.message;
      return { ok: false, error: describeIssues(parsed.error.issues), fieldErrors };
    }
    try {
      const data = await handler(parsed.data, user);
      // Pages the browser keeps for Back and Forward are dropped, so none shows the state
      // before this change (docs/console.md, "Live data").
      if (changesData) revalidatePath("/", "layout");
      return { ok: true, data };
    } catch (error) {
      if (error instanceof ActionError) return { ok: false, error: error.message };
      console.error(`[action] ${(error as Error).name}: ${(error as Error).message}`);
      return { ok: false, error: "Something went wrong on the server; nothing was changed. Try again." };
    }
  };
}
