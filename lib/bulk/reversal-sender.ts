import "server-only";
import {
  type ClaimedReversal,
  claimReversalRows,
  finishBatchReversalIfDone,
  type ReversalRowOutcome,
  recordReversalRowOutcomes,
  releaseReversalRow,
} from "@/lib/awards/lifecycle/reversal-rows";
import { callReverseAward } from "@/lib/awards/send-reversal";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import { outcomeBatcher } from "./outcome-batcher";
import { pumpRows } from "./row-pump";

/** How long a claimed row belongs to the instance that claimed it (then another may resend it). */
const LEASE_SECONDS = 120;

export interface ReverseOptions {
  symbolOf: (guid: string) => string;
  /** Called after each row's outcome is recorded (progress in benchmarks and tests). */
  onRow?: () => void;
  /** Tests: stop after this many calls, as a console killed mid-way would (rows stay `sending`). */
  stopAfter?: number;
}

/**
 * Sends every waiting row of a batch reversal, `IN_FLIGHT` at a time, in the loop the bulk sender
 * sends a batch with (./row-pump.ts): claimed under a lease, outcomes written many rows per
 * statement, a 429's `Retry-After` honoured by every worker. A console stopped mid-way leaves its
 * claimed rows `sending`; when their lease ends they are sent again with the same ReversalID, and
 * the service answers what it did the first time — nobody is reversed twice.
 */
export async function sendReversalRows(
  db: ConsoleDb,
  connection: ServiceConnection,
  batchReversalId: number,
  options: ReverseOptions,
): Promise<void> {
  const outcomes = outcomeBatcher<ReversalRowOutcome>((rows) => recordReversalRowOutcomes(db, rows));
  try {
    await pumpRows<ClaimedReversal>({
      claim: (size) => claimReversalRows(db, batchReversalId, size, LEASE_SECONDS),
      send: async (row) => {
        const call = await callReverseAward(connection, row, row.requestId, options.symbolOf);
        if (call.retryAfterSeconds === null) {
          await outcomes.record({
            id: row.id,
            status: call.status,
            error: call.error,
            answer: call.answer,
            detail: call.detail,
          });
          options.onRow?.();
        }
        return call;
      },
      release: (row) => releaseReversalRow(db, row.id),
      stopAfter: options.stopAfter,
    });
  } finally {
    await outcomes.flush();
  }
  if (options.stopAfter === undefined) await finishBatchReversalIfDone(db, batchReversalId);
}
