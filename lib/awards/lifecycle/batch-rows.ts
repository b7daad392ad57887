import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardTrailLine, type awardBatches, awardEvents, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import type { AwardRecord } from "../trail";
import { checkTransition, fromStatuses } from "./transition";

/**
 * A bulk batch's rows in the lifecycle: written as a set, claimed by the sender, answered, put back.
 * Each is one set-based statement (rows and their timeline lines together), so a batch of 10,000
 * rows costs a few hundred statements, not tens of thousands; each changes only the rows whose
 * status the transitions table allows (lib/model/award-transitions.ts).
 */

/** One row of a batch as the trail stores it (its GUIDs already in their one form). */
export interface NewBatchRow {
  requestId: string;
  customerId: string;
  isAllowance: boolean;
  isMintable: boolean;
  wallet: string;
  lines: AwardTrailLine[];
  line: number;
}

const CHUNK = 500;

type BatchOfRows = Pick<
  typeof awardBatches.$inferSelect,
  "id" | "fileName" | "connection" | "baseUrl" | "projectGuid" | "actorId" | "actorEmail" | "reason"
>;

/**
 * Writes a batch's rows as awards ("writeBatch"), pending or awaiting approval, each with its
 * "created" line, in the caller's transaction (the batch's own row is written there too).
 */
export async function writeBatchRows(
  tx: ConsoleDb,
  batch: BatchOfRows,
  rows: readonly NewBatchRow[],
  status: AwardStatus,
): Promise<void> {
  await addBatchRows(tx, batch, rows, status);
  await noteBatchRowsCreated(tx, batch);
}

/**
 * "writeBatch" a part of a batch's rows, for a writer that reads them in parts (a campaign's
 * occurrence, lib/campaigns/run-occurrence.ts); noteBatchRowsCreated then writes every row's
 * "created" line at once, in the same transaction.
 */
export async function addBatchRows(
  tx: ConsoleDb,
  batch: BatchOfRows,
  rows: readonly NewBatchRow[],
  status: AwardStatus,
): Promise<void> {
  checkTransition("writeBatch", null, status);
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx
      .insert(awards)
      .values(
        rows.slice(start, start + CHUNK).map((row) => ({
          requestId: row.requestId,
          connection: batch.connection,
          baseUrl: batch.baseUrl,
          projectGuid: batch.projectGuid,
          actorId: batch.actorId,
          actorEmail: batch.actorEmail,
          customerId: row.customerId,
          isAllowance: row.isAllowance,
          isMintable: row.isMintable,
          wallet: row.wallet,
          lines: row.lines,
          reason: batch.reason,
          status,
          batchId: batch.id,
          batchLine: row.line,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The "created" line of every row of a batch just written. */
export async function noteBatchRowsCreated(tx: ConsoleDb, batch: BatchOfRows): Promise<void> {
  await tx.execute(sql`
    insert into ${awardEvents} (award_id, kind, status, actor_email, detail)
    select id, 'created', status, ${batch.actorEmail},
           ${`Bulk batch ${batch.id} (${batch.fileName}), line `} || batch_line || ': ' || reason
    from ${awards} where batch_id = ${batch.id}`);
}

/** A claimed row: what the sender needs to send it and record its outcome. */
export type ClaimedRow = Pick<
  AwardRecord,
  | "id"
  | "requestId"
  | "customerId"
  | "isAllowance"
  | "isMintable"
  | "wallet"
  | "lines"
  | "status"
  | "attempts"
>;

/**
 * Claims up to `limit` rows of a batch ("claim"): waiting ones, or ones claimed by an instance
 * whose lease ran out — it stopped mid-send, so the outcome is unknown and the same RequestID is
 * sent again. `FOR UPDATE SKIP LOCKED` lets two instances claim disjoint rows at the same time.
 * The claim, its "sent" events and the claimed rows' fields are one statement, in file order.
 */
export async function claimBatchRows(
  db: ConsoleDb,
  batchId: number,
  limit: number,
  actorEmail: string,
  leaseSeconds: number,
): Promise<ClaimedRow[]> {
  // The claim's two kinds of rows (lib/model/award-transitions.ts: "claim" from pending or
  // sending), each read in file order along the index (batch_id, status, batch_line) and stopping
  // after `limit`: one query over both statuses sorted every pending row of the batch for each
  // claim, so a claim cost grew with the batch (docs/benchmarks.md, "Console: a campaign's occurrence of 100,000 players").
  // The rows come back from the claim itself, not from a second query: the sender's thread is on
  // the path between one answer and the next request (the same section).
  checkTransition("claim", "pending", "sending");
  checkTransition("claim", "sending", "sending");
  const claimed = (await db.execute(sql`
    with waiting as (
      select id, batch_line from console.awards
      where batch_id = ${batchId} and status = 'pending'
      order by batch_line
      limit ${limit}
      for update skip locked
    ), expired as (
      select id, batch_line from console.awards
      where batch_id = ${batchId} and status = 'sending' and claimed_until < now()
      order by batch_line
      limit ${limit}
      for update skip locked
    ), picked as (
      select id from (select * from waiting union all select * from expired) found
      order by batch_line
      limit ${limit}
    ), claimed as (
      update console.awards a
      set status = 'sending', attempts = a.attempts + 1, updated_at = now(),
          claimed_until = now() + make_interval(secs => ${leaseSeconds})
      from picked where a.id = picked.id
      returning a.id, a.request_id, a.customer_id, a.is_allowance, a.is_mintable, a.wallet, a.lines,
                a.status, a.attempts, a.batch_line
    ), events as (
      insert into console.award_events (award_id, kind, status, actor_email, detail)
      select id, 'sent', 'sending', ${actorEmail},
             case when attempts > 1 then 'Retry: attempt ' || attempts || ', same RequestID and body.'
                  else 'Sent to the service.' end
      from claimed
    )
    select * from claimed order by batch_line`)) as unknown as { rows: ClaimedColumns[] };
  return claimed.rows.map((row) => ({
    id: Number(row.id),
    requestId: row.request_id,
    customerId: row.customer_id,
    isAllowance: row.is_allowance,
    isMintable: row.is_mintable,
    wallet: row.wallet,
    lines: typeof row.lines === "string" ? (JSON.parse(row.lines) as AwardTrailLine[]) : row.lines,
    status: row.status,
    attempts: Number(row.attempts),
  }));
}

/** The claim's columns as the driver hands them over. */
interface ClaimedColumns {
  id: number;
  request_id: string;
  customer_id: string;
  is_allowance: boolean;
  is_mintable: boolean;
  wallet: string;
  lines: AwardTrailLine[] | string;
  status: AwardStatus;
  attempts: number;
}

export interface RowOutcome {
  awardId: number;
  status: AwardStatus;
  error: string;
  detail: string;
}

/**
 * Rows' outcomes ("recordOutcome") and their timeline lines, many rows in one statement. The rows
 * go as one JSON parameter, not four parameters a row: building that statement was most of the
 * trail's work on the sender's thread, which sits between one answer and the next request
 * (docs/benchmarks.md, "Console: a campaign's occurrence of 100,000 players").
 */
export async function recordBatchOutcomes(db: ConsoleDb, rows: readonly RowOutcome[]): Promise<void> {
  if (rows.length === 0) return;
  for (const row of rows) checkTransition("recordOutcome", "sending", row.status);
  const data = JSON.stringify(
    rows.map((row) => ({ id: row.awardId, status: row.status, error: row.error, detail: row.detail })),
  );
  await db.execute(sql`
    with data as (
      select * from jsonb_to_recordset(${data}::jsonb) as d(id int, status text, error text, detail text)
    ),
    updated as (
      update console.awards a
      set status = data.status, error = data.error, claimed_until = null, updated_at = now()
      from data where a.id = data.id and ${fromStatuses("recordOutcome", sql`a.status`)}
      returning a.id, data.status, data.detail
    )
    insert into console.award_events (award_id, kind, status, detail)
    select id, 'outcome', status, detail from updated`);
}

/** The service asked to slow down ("release"): the row waits again, not counted as an attempt. */
export async function releaseBatchRow(db: ConsoleDb, awardId: number): Promise<void> {
  await db.execute(sql`
    update console.awards
    set status = 'pending', attempts = greatest(attempts - 1, 0), claimed_until = null, updated_at = now()
    where id = ${awardId} and ${fromStatuses("release")}`);
}

/**
 * "Retry failed rows" ("requeue"): a batch's failed and unknown rows go back to waiting with their
 * RequestIDs, with a timeline line each, in the caller's transaction; how many.
 */
export async function requeueBatchRows(tx: ConsoleDb, batchId: number, actorEmail: string): Promise<number> {
  const requeued = (await tx.execute(sql`
    with requeued as (
      update console.awards set status = 'pending', updated_at = now()
      where batch_id = ${batchId} and ${fromStatuses("requeue")}
      returning id
    ), events as (
      insert into console.award_events (award_id, kind, status, actor_email, detail)
      select id, 'status', 'pending', ${actorEmail},
             'Retry of the batch''s failed rows: sent again with the same RequestID.'
      from requeued
    )
    select count(*)::int as n from requeued`)) as unknown as { rows: { n: number }[] };
  return Number(requeued.rows[0]?.n ?? 0);
}
