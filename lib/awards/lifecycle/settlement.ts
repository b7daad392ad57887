import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleDb } from "@/lib/db/connection";
import { awards } from "@/lib/db/schema";
import type { AuditLine } from "./transition";
import { fromStatuses } from "./transition";

/**
 * Queued awards settling in the lifecycle (docs/console.md, "Live data"): paid when the project
 * wallet was funded, by this console ("settle" with the funding's audit line) or found by the
 * settlement job.
 */

/**
 * "settle": the given awards that may settle become completed, each with its timeline line, in one
 * statement; the audit line, if given, in the same transaction. The RequestIDs settled.
 */
export async function settleAwards(
  db: ConsoleDb,
  which: { ids: readonly number[] } | { projectGuid: string; requestIds: readonly string[] },
  detail: string,
  audit?: AuditLine,
): Promise<string[]> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const chosen =
      "ids" in which
        ? which.ids.length > 0
          ? sql`id in (${sql.join(
              which.ids.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql`false`
        : which.requestIds.length > 0
          ? sql`project_guid = ${which.projectGuid.toLowerCase()} and lower(request_id) in (${sql.join(
              which.requestIds.map((id) => sql`${id.toLowerCase()}`),
              sql`, `,
            )})`
          : sql`false`;
    const settled = (await tx.execute(sql`
      with settled as (
        update console.awards set status = 'completed', error = '', updated_at = now()
        where ${chosen} and ${fromStatuses("settle")}
        returning id, request_id
      ), events as (
        insert into console.award_events (award_id, kind, status, detail)
        select id, 'status', 'completed', ${detail} from settled
      )
      select request_id from settled`)) as unknown as { rows: { request_id: string }[] };
    if (audit) await recordAudit(tx, audit.actor, audit.event);
    return settled.rows.map((row) => row.request_id);
  });
}

/** "checkSettlement": the settlement job asked about a queued award now (it asks the least recent first). */
export async function noteSettlementChecked(db: ConsoleDb, awardId: number): Promise<void> {
  await db
    .update(awards)
    .set({ statusCheckedAt: new Date() })
    .where(and(eq(awards.id, awardId), fromStatuses("checkSettlement", sql`${awards.status}`)));
}
