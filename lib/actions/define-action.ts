import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { AuditActor } from "@/lib/audit/audit-log";
import { requestActor } from "@/lib/audit/request-actor";
import { recordActivity } from "@/lib/auth/activity";
import { type AccessOptions, authorize } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
import type { SignedIn } from "@/lib/auth/sessions";
import type { ConsoleUser } from "@/lib/auth/users";
import { fieldErrorsOf } from "@/lib/contract/field-errors";
import { describeIssues } from "@/lib/contract/issues";
import type { ActionResult } from "@/lib/model/action-result";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { type DescribeAttempt, recordRefusedAccess } from "./refused-access";

export type { ActionResult };

/** What a handler knows of the request besides its input: the session, and who is acting from where (for the audit log). */
export interface ActionContext {
  signedIn: SignedIn;
  actor: AuditActor;
}

/**
 * The one guard of every server action (STYLE): session → required second factor → permission →
 * step-up (when `stepUp`: money, users, connections, settings) → input parse → handler, answering
 * `{ ok, data } | { ok: false, error, fieldErrors, stepUp }`. The permission is required: no action
 * is open by default. Every action counts as activity for the idle timeout. An action that changes data (all but checks like "Test connection")
 * drops the browser's cached pages on success. Unknown errors are logged and replaced by a generic message.
 * A money action names what it attempts (`attempt`), so the audit log records its refusal by role or
 * step-up (refused-access.ts).
 */
export function defineAction<S extends z.ZodType, T>(
  permission: Permission,
  input: S,
  handler: (data: z.output<S>, user: ConsoleUser, context: ActionContext) => Promise<T>,
  options: { changesData?: boolean; attempt?: DescribeAttempt<z.output<S>> } & AccessOptions = {},
): (raw: z.input<S>) => Promise<ActionResult<T>> {
  const changesData = options.changesData ?? true;
  return async (raw) => {
    const access = await authorize(permission, options);
    if (!access.ok && options.attempt && (access.reason === "step-up" || access.reason === "forbidden"))
      await recordRefusedAccess(
        access.reason === "step-up" ? "step-up" : "role",
        access.message,
        input,
        raw,
        options.attempt,
      );
    if (!access.ok)
      return access.reason === "step-up"
        ? { ok: false, error: access.message, stepUp: true }
        : { ok: false, error: access.message };
    const { user, signedIn } = access;
    await recordActivity(signedIn.session.id);
    const parsed = input.safeParse(raw);
    if (!parsed.success) {
      return {
        ok: false,
        error: describeIssues(parsed.error.issues),
        fieldErrors: fieldErrorsOf(parsed.error.issues),
      };
    }
    try {
      const data = await handler(parsed.data, user, { signedIn, actor: await requestActor(user) });
      // Pages the browser keeps for Back and Forward are dropped, so none shows the state
      // before this change (docs/console.md, "Live data").
      if (changesData) revalidatePath("/", "layout");
      return { ok: true, data };
    } catch (error) {
      // Any message for the person, whichever feature raised it: mapped here, once.
      if (error instanceof UserFacingError)
        return error.fieldErrors
          ? { ok: false, error: error.message, fieldErrors: error.fieldErrors }
          : { ok: false, error: error.message };
      console.error(`[action] ${(error as Error).name}: ${(error as Error).message}`);
      return { ok: false, error: "Something went wrong on the server; nothing was changed. Try again." };
    }
  };
}
