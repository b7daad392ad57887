import "server-only";
import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { writeBatchRows } from "@/lib/awards/lifecycle/batch-rows";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardBatches, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import type { BatchStatus } from "@/lib/model/batch-status";
import type { BatchCounts } from "./batch-counts";
import { rowRequestId } from "./request-ids";
import { awardKey, type BulkRow } from "./validate";

/**
 * The bulk awards' part of the trail: a batch and its rows (awards with a batch and a line),
 * written before anything is sent, then claimed and updated by the sender. The rows themselves
 * are written by lib/awards/lifecycle/, the one writer of the trail.
 */

export type BatchRecord = typeof awardBatches.$inferSelect;

export interface NewBatch {
  fileName: string;
  fileSha256: string;
  connection: string;
  baseUrl: string;
  projectGuid: string;
  actorId: number | null;
  actorEmail: string;
  reason: string;
}

/**
 * Writes a batch and every row as a pending award (or, over an approval threshold, the batch and
 * its rows awaiting approval), in one transaction, with `alongside` (the policy's part: the
 * approval request, or the daily limits' count) in the same transaction. The same file (by
 * SHA-256) for the same project is the same batch: then nothing is written and the existing
 * batch is answered, its rows keeping their RequestIDs and outcomes.
 */
export async function writeBatch(
  db: ConsoleDb,
  given: NewBatch,
  rows: BulkRow[],
  options: {
    waits?: boolean;
    alongside?: (tx: ConsoleDb, batch: BatchRecord) => Promise<void>;
  } = {},
): Promise<{ batch: BatchRecord; created: boolean }> {
  const batch = { ...given, projectGuid: canonicalGuid(given.projectGuid) };
  const status: BatchStatus = options.waits ? "awaiting-approval" : "sending";
  const rowStatus: AwardStatus = options.waits ? "awaiting-approval" : "pending";
  return db.transaction(async (tx) => {
    const created = await insertBatch(tx as unknown as ConsoleDb, batch, rows.length, status);
    if (!created) {
      const [existing] = await tx
        .select()
        .from(awardBatches)
        .where(
          and(eq(awardBatches.projectGuid, batch.projectGuid), eq(awardBatches.fileSha256, batch.fileSha256)),
        );
      if (!existing) throw new Error("the batch could not be written");
      return { batch: existing, created: false };
    }
    await writeBatchRows(
      tx as unknown as ConsoleDb,
      { ...batch, id: created.id },
      rows.map((row) => ({
        requestId: rowRequestId(batch.fileSha256, row.line),
        customerId: row.customerId,
        isAllowance: row.mode === "allowance",
        isMintable: row.mintable,
        wallet: row.wallet,
        lines: [
          {
            Guid: canonicalGuid(row.tokenGuid),
            ContractGuid: canonicalGuid(row.contractGuid),
            Amount: row.amount,
          },
        ],
        line: row.line,
      })),
      rowStatus,
    );
    await options.alongside?.(tx as unknown as ConsoleDb, created);
    return { batch: created, created: true };
  });
}

/**
 * Writes a batch's own row in the caller's transaction; null when the project already has a batch
 * of that file (by SHA-256) or, for a campaign's occurrence, of that occurrence's key.
 */
export async function insertBatch(
  tx: ConsoleDb,
  batch: NewBatch,
  rowCount: number,
  status: BatchStatus,
): Promise<BatchRecord | null> {
  const [created] = await tx
    .insert(awardBatches)
    .values({ ...batch, projectGuid: canonicalGuid(batch.projectGuid), rowCount, status })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

export async function findBatch(db: ConsoleDb, batchId: number): Promise<BatchRecord | null> {
  const [row] = await db.select().from(awardBatches).where(eq(awardBatches.id, batchId));
  return row ?? null;
}

export async function findBatchByFile(
  db: ConsoleDb,
  projectGuid: string,
  fileSha256: string,
): Promise<BatchRecord | null> {
  const [row] = await db
    .select()
    .from(awardBatches)
    .where(
      and(eq(awardBatches.projectGuid, canonicalGuid(projectGuid)), eq(awardBatches.fileSha256, fileSha256)),
    );
  return row ?? null;
}

export async function batchCounts(db: ConsoleDb, batchId: number): Promise<BatchCounts> {
  const rows = await db
    .select({ status: awards.status, n: sql<number>`count(*)::int` })
    .from(awards)
    .where(eq(awards.batchId, batchId))
    .groupBy(awards.status);
  return countedByStatus(rows);
}

/** A batch's rows as counted per status by the database (`count(*)` grouped by status), with the total. */
export function countedByStatus(rows: readonly { status: AwardStatus; n: number }[]): BatchCounts {
  const counts: BatchCounts = {
    pending: 0,
    sending: 0,
    completed: 0,
    queued: 0,
    accepted: 0,
    failed: 0,
    unknown: 0,
    "awaiting-approval": 0,
    rejected: 0,
    withdrawn: 0,
    expired: 0,
    cancelled: 0,
    "partly-reversed": 0,
    reversed: 0,
    total: 0,
  };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}

/** An award of the last 30 days that a new row would repeat (another RequestID, same effect). */
export interface RecentMatch {
  line: number;
  requestId: string;
  createdAt: Date;
  actorEmail: string;
  status: AwardStatus;
}

/**
 * Rows of a file that match (customer, token, contract, amount, mode, wallet) an award of this
 * project sent in the last 30 days under another RequestID — an edited file re-sending what was
 * already paid. Failed awards paid nothing and do not count.
 */
export async function recentMatches(
  db: ConsoleDb,
  projectGuid: string,
  fileSha256: string,
  rows: BulkRow[],
  now = new Date(),
): Promise<RecentMatch[]> {
  if (rows.length === 0) return [];
  const since = new Date(now.getTime() - 30 * 24 * 3600_000);
  const customers = [...new Set(rows.map((row) => row.customerId))];
  const byKey = new Map<string, (typeof awards.$inferSelect)[]>();
  for (let start = 0; start < customers.length; start += 5000) {
    const found = await db
      .select()
      .from(awards)
      .where(
        and(
          eq(awards.projectGuid, canonicalGuid(projectGuid)),
          gte(awards.createdAt, since),
          ne(awards.status, "failed"),
          inArray(awards.customerId, customers.slice(start, start + 5000)),
        ),
      );
    for (const award of found) {
      if (award.lines.length !== 1) continue;
      const [line] = award.lines;
      if (!line) continue;
      const key = awardKey({
        customerId: award.customerId,
        tokenGuid: line.Guid,
        contractGuid: line.ContractGuid,
        amount: line.Amount,
        mode: award.isAllowance ? "allowance" : "direct",
        wallet: award.wallet,
      });
      byKey.set(key, [...(byKey.get(key) ?? []), award]);
    }
  }
  const matches: RecentMatch[] = [];
  for (const row of rows) {
    const own = rowRequestId(fileSha256, row.line).toLowerCase();
    const other = byKey.get(awardKey(row))?.find((award) => award.requestId.toLowerCase() !== own);
    if (other)
      matches.push({
        line: row.line,
        requestId: other.requestId,
        createdAt: other.createdAt,
        actorEmail: other.actorEmail,
        status: other.status,
      });
  }
  return matches;
}

/** The latest batches of a project, newest first. */
export async function listBatches(db: ConsoleDb, projectGuid: string, limit = 20): Promise<BatchRecord[]> {
  return db
    .select()
    .from(awardBatches)
    .where(eq(awardBatches.projectGuid, canonicalGuid(projectGuid)))
    .orderBy(desc(awardBatches.createdAt), desc(awardBatches.id))
    .limit(limit);
}

/** A batch's rows in file order, for the results file; `limit` of them for a page. */
export async function batchRows(db: ConsoleDb, batchId: number, limit?: number) {
  const rows = db
    .select()
    .from(awards)
    .where(eq(awards.batchId, batchId))
    .orderBy(awards.batchLine, awards.id);
  return limit === undefined ? rows : rows.limit(limit);
}
