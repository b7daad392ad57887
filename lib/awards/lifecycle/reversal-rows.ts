import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/audit-log";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardEvents, awards, batchReversals, reversals } from "@/lib/db/schema";
import type { ReversalOutcomeRecord } from "@/lib/model/reversal-status";
import { TrailError } from "../trail";
import type { ReversalRecord } from "./reversals";
import { type AuditLine, fromStatuses } from "./transition";

/**
 * A bulk batch reversed as a batch (docs/console.md, "Reversals"): its rows' reversals written as
 * a set, claimed by the sender under a lease, answered — each a set-based statement, as a bulk
 * batch's own rows are (./batch-rows.ts). A row's ReversalID is made from its award's RequestID,
 * so whatever is sent again — after a restart, or the batch reversed a second time — is the same
 * reversal, and the service takes nothing back twice.
 */

export type BatchReversalRecord = typeof batchReversals.$inferSelect;

const CHUNK = 500;

export interface NewReversalRow {
  awardId: number;
  reversalId: string;
  line: number;
}

/**
 * Writes the batch reversal and its rows, waiting for the sender, each with a line on its award's
 * timeline, and the audit line it is given, in one transaction; with `waits`, the batch reversal
 * waits for approval and `waits.alongside` writes its request in the same transaction. A batch already reversed is the
 * same batch reversal: it is returned as it stands, and nothing is written again.
 */
export async function writeBatchReversal(
  db: ConsoleDb,
  batch: { id: number; connection: string; baseUrl: string; projectGuid: string },
  by: { actorId: number; actorEmail: string; reason: string },
  rows: readonly NewReversalRow[],
  audit: (batchReversal: BatchReversalRecord) => AuditLine,
  waits?: { alongside: (tx: ConsoleDb, batchReversal: BatchReversalRecord) => Promise<void> },
): Promise<{ record: BatchReversalRecord; created: boolean }> {
  return db.transaction(async (handle) => {
    const tx = handle as unknown as ConsoleDb;
    const [created] = await tx
      .insert(batchReversals)
      // Over the owners' reversal policy it waits for approval: its rows wait, unsent, until then.
      .values({
        batchId: batch.id,
        ...by,
        rowCount: rows.length,
        status: waits ? "awaiting-approval" : "sending",
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(batchReversals).where(eq(batchReversals.batchId, batch.id));
      if (!existing) throw new TrailError("the batch reversal could not be written to the trail.");
      return { record: existing, created: false };
    }
    for (let start = 0; start < rows.length; start += CHUNK) {
      await tx
        .insert(reversals)
        .values(
          rows.slice(start, start + CHUNK).map((row) => ({
            reversalId: row.reversalId,
            awardId: row.awardId,
            connection: batch.connection,
            baseUrl: batch.baseUrl,
            projectGuid: canonicalGuid(batch.projectGuid),
            actorId: by.actorId,
            actorEmail: by.actorEmail,
            reason: by.reason,
            lines: null,
            status: "pending" as const,
            batchReversalId: created.id,
            batchLine: row.line,
          })),
        )
        // A ReversalID the trail holds already (the row was reversed before): that one stands.
        .onConflictDoNothing();
    }
    await tx.execute(sql`
      insert into ${awardEvents} (award_id, kind, actor_email, detail)
      select award_id, 'reversal', ${by.actorEmail},
             ${`Batch reversal of bulk batch ${batch.id}, line `} || batch_line || ': ' || reason ||
             ' (ReversalID ' || reversal_id || ').'
        from ${reversals} where batch_reversal_id = ${created.id}`);
    const line = audit(created);
    await recordAudit(tx, line.actor, line.event);
    await waits?.alongside(tx, created);
    return { record: created, created: true };
  });
}

/** A claimed row with what its call needs of its award. */
export type ClaimedReversal = ReversalRecord & { requestId: string };

/**
 * Claims up to `limit` rows of a batch reversal: waiting ones, or ones whose claim ran out (the
 * instance that held them stopped mid-send: they are sent again with the same ReversalID).
 * `FOR UPDATE SKIP LOCKED` lets two instances claim disjoint rows at the same time.
 */
export async function claimReversalRows(
  db: ConsoleDb,
  batchReversalId: number,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedReversal[]> {
  const claimed = (await db.execute(sql`
    with picked as (
      select id from console.reversals
       where batch_reversal_id = ${batchReversalId}
         and (status = 'pending' or (status = 'sending' and claimed_until < now()))
         -- Only a batch reversal being sent: one waiting for approval, or stopped, sends nothing.
         and exists (select 1 from console.batch_reversals b where b.id = ${batchReversalId} and b.status = 'sending')
       order by batch_line
       limit ${limit}
       for update skip locked
    )
    update console.reversals r
       set status = 'sending', attempts = r.attempts + 1, updated_at = now(),
           claimed_until = now() + make_interval(secs => ${leaseSeconds})
      from picked where r.id = picked.id
    returning r.id`)) as unknown as { rows: { id: number }[] };
  const ids = claimed.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ reversal: reversals, requestId: awards.requestId })
    .from(reversals)
    .innerJoin(awards, eq(awards.id, reversals.awardId))
    .where(inArray(reversals.id, ids))
    .orderBy(reversals.batchLine);
  return rows.map(({ reversal, requestId }) => ({ ...reversal, requestId }));
}

export interface ReversalRowOutcome {
  id: number;
  status: "done" | "failed" | "unknown";
  error: string;
  answer: ReversalOutcomeRecord | null;
  detail: string;
}

/**
 * Rows' outcomes, many in one statement: each reversal's status and answer, its award's status as
 * the service answered it (the "reverse" transition), and a line on the award's timeline.
 */
export async function recordReversalRowOutcomes(
  db: ConsoleDb,
  rows: readonly ReversalRowOutcome[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::int, ${row.status}::text, ${row.error}::text, ${row.answer ? JSON.stringify(row.answer) : null}::jsonb, ${row.answer?.state ?? null}::text, ${row.detail}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    with data (id, status, error, outcome, state, detail) as (values ${values}),
    updated as (
      update console.reversals r
         set status = data.status, error = data.error, outcome = coalesce(data.outcome, r.outcome),
             claimed_until = null, updated_at = now()
        from data where r.id = data.id and r.status = 'sending'
      returning r.award_id, data.status, data.state, data.detail
    ),
    after as (
      select award_id, detail, case when status = 'done' then
               case state when 'Cancelled' then 'cancelled' when 'PartlyReversed' then 'partly-reversed'
                          else 'reversed' end end as award_status
        from updated
    ),
    moved as (
      update console.awards a set status = after.award_status, error = '', updated_at = now()
        from after where a.id = after.award_id and after.award_status is not null
         and ${fromStatuses("reverse", sql`a.status`)}
    )
    insert into console.award_events (award_id, kind, status, detail)
    select award_id, 'reversal', award_status, detail from after`);
}

/** The service asked to slow down: the row waits again, not counted as an attempt. */
export async function releaseReversalRow(db: ConsoleDb, id: number): Promise<void> {
  await db.execute(sql`
    update console.reversals
       set status = 'pending', attempts = greatest(attempts - 1, 0), claimed_until = null, updated_at = now()
     where id = ${id} and status = 'sending'`);
}

/** Marks a batch reversal done when none of its rows waits or is being sent (by any instance). */
export async function finishBatchReversalIfDone(db: ConsoleDb, batchReversalId: number): Promise<boolean> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reversals)
    .where(
      and(eq(reversals.batchReversalId, batchReversalId), sql`${reversals.status} in ('pending', 'sending')`),
    );
  if ((open?.n ?? 0) > 0) return false;
  await db
    .update(batchReversals)
    .set({ status: "done", finishedAt: new Date() })
    .where(and(eq(batchReversals.id, batchReversalId), eq(batchReversals.status, "sending")));
  return true;
}

/** Why a batch reversal's waiting rows were not sent (its connection is gone): shown with its progress. */
export async function noteBatchReversalStopped(
  db: ConsoleDb,
  batchReversalId: number,
  error: string,
): Promise<void> {
  await db.update(batchReversals).set({ error }).where(eq(batchReversals.id, batchReversalId));
}
