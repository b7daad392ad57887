import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { AuditActor, AuditEvent } from "@/lib/audit/audit-log";
import type { AwardStatus } from "@/lib/model/award-status";
import { type AwardTransition, transitionFrom, transitionRefusal } from "@/lib/model/award-transitions";
import { UserFacingError } from "@/lib/model/user-facing-error";

/**
 * What every writer of the award lifecycle shares (docs/console.md, "The trail"): the check of a
 * change against lib/model/award-transitions.ts, and the audit line a change may carry, written in
 * the change's own transaction.
 */

/** A change the transitions table does not allow: nothing was written. */
export class TransitionError extends UserFacingError {}

/** An audit line written in the same transaction as the change it records (docs/console.md, "Audit log"). */
export interface AuditLine {
  actor: AuditActor;
  event: AuditEvent;
}

/** `status in (…)`: the statuses `transition` may start from, for a set-based statement's condition. */
export function fromStatuses(transition: AwardTransition, column: SQL = sql`status`): SQL {
  const from = transitionFrom(transition);
  return sql`${column} in (${sql.join(
    from.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}

/** Throws TransitionError when the table does not allow `transition` from `from` (to `to`). */
export function checkTransition(
  transition: AwardTransition,
  from: AwardStatus | null,
  to?: AwardStatus,
  award?: string,
): void {
  const refusal = transitionRefusal(transition, from, to);
  if (refusal) throw new TransitionError(award ? `Award ${award}: ${refusal}` : refusal);
}
