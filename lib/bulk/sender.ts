import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type ClaimedRow,
  claimBatchRows,
  type RowOutcome,
  recordBatchOutcomes,
  releaseBatchRow,
  requeueBatchRows,
} from "@/lib/awards/lifecycle/batch-rows";
import { callAwardTokens } from "@/lib/awards/send-award";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardBatches, awards } from "@/lib/db/schema";
import { outcomeBatcher } from "./outcome-batcher";
import { pumpRows } from "./row-pump";

export { IN_FLIGHT } from "./row-pump";

/** How long a claimed row belongs to the instance that claimed it (then another may resend it). */
const LEASE_SECONDS = 120;

export interface SendOptions {
  /** Who is sending (the trail's "sent" events). */
  actorEmail: string;
  /** Called after each row's outcome is recorded (progress in benchmarks and tests). */
  onRow?: () => void;
  /**
   * Claim at most this many rows in this call, send them and return (the rest stay waiting): a
   * benchmark takes turns with the service's own rate in the middle of one batch.
   */
  maxRows?: number;
}

/**
 * Where a batch's connection is read from. A function is asked again before each claim of rows
 * and after the service refuses the key, so a batch in flight goes on with a key replaced or
 * rolled meanwhile (docs/console.md, "One request context"); null: the connection is gone or points
 * elsewhere, and the rows not yet claimed stay waiting.
 */
export type ConnectionSource = ServiceConnection | (() => Promise<ServiceConnection | null>);

/**
 * Sends every waiting row of a batch with `IN_FLIGHT` requests at a time (./row-pump.ts),
 * honouring the service's 429 `Retry-After` (all workers pause), until no row waits. Rows
 * another instance holds are left to it; the batch is marked done when no row is pending or
 * being sent.
 */
export async function sendBatchRows(
  db: ConsoleDb,
  source: ConnectionSource,
  batchId: number,
  options: SendOptions,
): Promise<void> {
  const read = typeof source === "function" ? source : async () => source;
  let connection = await read();
  if (!connection) return;
  // Many rows per statement (lib/awards/lifecycle/batch-rows.ts writes them with their timeline lines).
  const outcomes = outcomeBatcher<RowOutcome>((rows) => recordBatchOutcomes(db, rows));
  let left = options.maxRows ?? Number.POSITIVE_INFINITY;
  try {
    await pumpRows<ClaimedRow>({
      claim: async (size) => {
        if (left <= 0) return null;
        const current = await read();
        if (!current) return null;
        connection = current;
        const rows = await claimBatchRows(
          db,
          batchId,
          Math.min(size, left),
          options.actorEmail,
          LEASE_SECONDS,
        );
        left -= rows.length;
        return rows;
      },
      send: async (row) => {
        let outcome: Awaited<ReturnType<typeof callAwardTokens>>;
        try {
          const used = connection as ServiceConnection;
          outcome = await callAwardTokens(used, row);
          if (outcome.keyRefused) {
            // Refused before anything was decided: if the key was replaced meanwhile, send it
            // again — same RequestID, same body — with the new one.
            const current = await read();
            if (current && current.apiKey !== used.apiKey) {
              connection = current;
              outcome = await callAwardTokens(current, row);
            }
          }
        } catch (error) {
          await outcomes.record({
            awardId: row.id,
            status: "unknown",
            error:
              "The console failed while sending this row: the service may have paid it. Retry sends the same RequestID.",
            detail: "Outcome unknown.",
          });
          throw error;
        }
        if (outcome.retryAfterSeconds === null) {
          await outcomes.record({
            awardId: row.id,
            status: outcome.status,
            error: outcome.error,
            detail: outcome.detail,
          });
          options.onRow?.();
        }
        return { retryAfterSeconds: outcome.retryAfterSeconds };
      },
      // Claimed again later, in order, after the pause.
      release: (row) => releaseBatchRow(db, row.id),
    });
  } finally {
    await outcomes.flush();
  }
  await finishIfDone(db, batchId);
}

/** Marks a batch done when none of its rows waits or is being sent (by any instance). */
export async function finishIfDone(db: ConsoleDb, batchId: number): Promise<boolean> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(awards)
    .where(and(eq(awards.batchId, batchId), inArray(awards.status, ["pending", "sending"])));
  if ((open?.n ?? 0) > 0) return false;
  await db
    .update(awardBatches)
    .set({ status: "done", finishedAt: new Date() })
    .where(and(eq(awardBatches.id, batchId), eq(awardBatches.status, "sending")));
  return true;
}

/**
 * Failed and unknown rows go back to waiting (same RequestIDs) and the batch sends again;
 * `alongside` runs first in the same transaction (the daily limits count the failed rows again),
 * `after` last, with how many rows went back (the retry's audit row).
 */
export async function requeueFailedRows(
  db: ConsoleDb,
  batchId: number,
  actorEmail: string,
  alongside?: (tx: ConsoleDb) => Promise<void>,
  after?: (tx: ConsoleDb, requeued: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    await alongside?.(tx);
    const requeued = await requeueBatchRows(tx, batchId, actorEmail);
    if (requeued > 0) {
      await tx
        .update(awardBatches)
        .set({ status: "sending", finishedAt: null })
        .where(eq(awardBatches.id, batchId));
    }
    await after?.(tx, requeued);
    return requeued;
  });
}
