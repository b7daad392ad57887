import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AuditActor, recordAudit } from "./audit-log";

/**
 * Refused money actions in the audit log (docs/console.md, "Audit log"): an award, batch, retry,
 * approval or funding that the console refused — a daily limit, a second factor not given again
 * (step-up), one's own approval request, a role that may not — is one `award.refused` row per
 * attempt, written on its own after the refused change rolled back, so the refusal stays when the
 * change does not.
 *
 * A flood cannot drown the log: at most REFUSALS_PER_MINUTE rows per actor within any minute, then
 * one `award.refusals-capped` row, and nothing more until the minute has moved on. The count is
 * taken from the log itself under a lock per actor, so it holds across console instances.
 */

export type RefusalReason = "limit" | "step-up" | "self-approval" | "role";

export const REFUSAL_REASONS: Record<RefusalReason, string> = {
  limit: "daily limit",
  "step-up": "second factor not given again",
  "self-approval": "own request",
  role: "role may not",
};

export const REFUSALS_PER_MINUTE = 10;

export interface Refusal {
  reason: RefusalReason;
  /** What was attempted, as the rows of what was done name it ("Approval request 3 (…)", "Allowance to …"). */
  attempted: string;
  /** What the person was told. */
  message: string;
  project?: string;
  detail?: Record<string, unknown>;
}

/** What became of one refusal: its own row, the row that says the cap is reached, or nothing. */
export type RefusalOutcome = "recorded" | "capped" | "dropped";

type Rows<T> = { rows: T[] };

export async function recordRefusal(
  db: ConsoleDb,
  actor: AuditActor,
  refusal: Refusal,
): Promise<RefusalOutcome> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    // One actor's refusals are counted and written one at a time, whichever instance writes them.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('console.audit-refusals'), hashtext(${actor.email}))`,
    );
    const counted = (await tx.execute(sql`
      select count(*) filter (where kind = 'award.refused')::int as refused,
             count(*) filter (where kind = 'award.refusals-capped')::int as capped
      from console.audit_log
      where actor_email = ${actor.email} and kind in ('award.refused', 'award.refusals-capped')
        and at > clock_timestamp() - interval '1 minute'`)) as unknown as Rows<{
      refused: number;
      capped: number;
    }>;
    const { refused = 0, capped = 0 } = counted.rows[0] ?? {};
    if (refused < REFUSALS_PER_MINUTE) {
      await recordAudit(tx, actor, {
        kind: "award.refused",
        project: refusal.project,
        summary: `Refused (${REFUSAL_REASONS[refusal.reason]}): ${refusal.attempted}: ${refusal.message}`,
        // The refusal's own keys come last: an attempt's detail never hides why it was refused.
        detail: {
          ...refusal.detail,
          reason: refusal.reason,
          attempted: refusal.attempted,
          message: refusal.message,
        },
      });
      return "recorded";
    }
    if (capped > 0) return "dropped";
    await recordAudit(tx, actor, {
      kind: "award.refusals-capped",
      project: refusal.project,
      summary: `More than ${REFUSALS_PER_MINUTE} refused attempts by ${actor.email} within a minute: further refusals are not written one by one until fewer than ${REFUSALS_PER_MINUTE} fall within the last minute`,
      detail: { perMinute: REFUSALS_PER_MINUTE, reason: refusal.reason, attempted: refusal.attempted },
    });
    return "capped";
  });
}
