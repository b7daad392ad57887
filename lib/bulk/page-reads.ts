import "server-only";
import { asc, eq } from "drizzle-orm";
import { cache } from "react";
import { type ApprovalRecord, approvalOf } from "@/lib/approvals/approvals";
import { consoleDb } from "@/lib/db/console-db";
import { awards, batchReversals, reversals } from "@/lib/db/schema";
import type { BatchReversalProgress } from "@/lib/model/reversal-status";
import type { BatchCounts } from "./batch-counts";
import { batchReversalCounts } from "./batch-reversal";
import { type BatchRecord, batchCounts, batchRows, findBatch, listBatches } from "./batch-store";

/**
 * What the Bulk awards pages, a batch's live route and its results file read (docs/console.md,
 * "Bulk awards"). Each read opens the running console's database itself: pages and routes never
 * handle it (docs/architecture.md, `app-never-imports-database`). Reads only: resuming a batch is
 * the job loop's.
 */

/** Whether a URL's batch ID can name a batch at all (a positive whole number): checked before the database is asked. */
const possibleId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The project's latest batches (none without a project). */
export async function readLatestBatches(projectGuid: string | null): Promise<BatchRecord[]> {
  return projectGuid ? listBatches(await consoleDb(), projectGuid) : [];
}

/** A batch by its ID; null when there is none. */
export async function readBatch(id: number): Promise<BatchRecord | null> {
  return possibleId(id) ? findBatch(await consoleDb(), id) : null;
}

/** A batch's first rows in file order (all of them without a limit). */
export async function readBatchRows(
  id: number,
  limit?: number,
): Promise<Awaited<ReturnType<typeof batchRows>>> {
  return batchRows(await consoleDb(), id, limit);
}

/**
 * A batch's page: the batch, its rows counted by status, and its approval request; read once per
 * request, as the batch's layout asks first to answer HTTP 404 before the page streams.
 */
export const readBatchPage = cache(async function readBatchPage(
  id: number,
): Promise<{ batch: BatchRecord; counts: BatchCounts; approval: ApprovalRecord | null } | null> {
  if (!possibleId(id)) return null;
  const db = await consoleDb();
  const batch = await findBatch(db, id);
  if (!batch) return null;
  const [counts, approval] = await Promise.all([
    batchCounts(db, batch.id),
    approvalOf(db, { batchId: batch.id }),
  ]);
  return { batch, counts, approval };
});

/** A batch's progress, for its live page (GET /api/batches/ID). */
export async function readBatchProgress(
  id: number,
): Promise<{ status: BatchRecord["status"]; error: BatchRecord["error"]; counts: BatchCounts } | null> {
  if (!possibleId(id)) return null;
  const db = await consoleDb();
  const batch = await findBatch(db, id);
  return batch ? { status: batch.status, error: batch.error, counts: await batchCounts(db, batch.id) } : null;
}

/** A batch with every row in file order, for its results file. */
export async function readBatchResults(
  id: number,
): Promise<{ batch: BatchRecord; rows: Awaited<ReturnType<typeof batchRows>> } | null> {
  if (!possibleId(id)) return null;
  const db = await consoleDb();
  const batch = await findBatch(db, id);
  return batch ? { batch, rows: await batchRows(db, batch.id) } : null;
}

/** The reversal of a batch, if it was reversed (its live progress: GET /api/batches/ID/reversal). */
export async function readBatchReversal(batchId: number): Promise<BatchReversalProgress | null> {
  if (!possibleId(batchId)) return null;
  const db = await consoleDb();
  const [record] = await db.select().from(batchReversals).where(eq(batchReversals.batchId, batchId));
  if (!record) return null;
  return {
    id: record.id,
    status: record.status,
    error: record.error,
    rowCount: record.rowCount,
    actorEmail: record.actorEmail,
    reason: record.reason,
    createdAt: record.createdAt.toISOString(),
    counts: await batchReversalCounts(db, record.id),
    approvalId: (await approvalOf(db, { batchReversalId: record.id }))?.id ?? null,
  };
}

/** Every row of a batch's reversal in file order with its award, for the reversal's results file. */
export async function readBatchReversalResults(batchId: number) {
  if (!possibleId(batchId)) return null;
  const db = await consoleDb();
  const batch = await findBatch(db, batchId);
  if (!batch) return null;
  const rows = await db
    .select({ reversal: reversals, requestId: awards.requestId, customerId: awards.customerId })
    .from(reversals)
    .innerJoin(batchReversals, eq(batchReversals.id, reversals.batchReversalId))
    .innerJoin(awards, eq(awards.id, reversals.awardId))
    .where(eq(batchReversals.batchId, batchId))
    .orderBy(asc(reversals.batchLine));
  return { batch, rows };
}

/** A batch reversal by its row ID with its batch (its approval request's page); null when there is none. */
export async function readBatchReversalById(
  id: number,
): Promise<{ record: BatchReversalProgress; batch: BatchRecord } | null> {
  if (!possibleId(id)) return null;
  const db = await consoleDb();
  const [found] = await db
    .select({ batchId: batchReversals.batchId })
    .from(batchReversals)
    .where(eq(batchReversals.id, id));
  if (!found) return null;
  const [record, batch] = await Promise.all([readBatchReversal(found.batchId), findBatch(db, found.batchId)]);
  return record && batch ? { record, batch } : null;
}
