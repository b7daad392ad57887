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
import { IN_FLIGHT, pumpRows } from "./row-pump";

/** How long a claimed row belongs to the instance that claimed it (then another may resend it). */
const LEASE_SECONDS = 120;
/** Outcomes written in one statement; the worker that fills a batch waits for its write. */
const WRITE_BATCH = IN_FLIGHT * 8;
/** The longest an outcome waits for others before it is written. */
const WRITE_WAIT_MS = 500;

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
  let buffer: ReversalRowOutcome[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    writing = writing.then(() => recordReversalRowOutcomes(db, rows));
    return writing;
  };
  // A worker goes on to its next row while its outcome waits to be written, many rows per
  // statement: every statement of a durable PGlite ends in an fsync that holds the console's
  // thread, and with it every answer in flight (docs/benchmarks.md, "Service and console:
  // reversals"). An outcome not written when the process stops leaves its row 'sending', sent
  // again with the same ReversalID once its lease ends: the service answers what it did.
  let timer: NodeJS.Timeout | null = null;
  const record = async (outcome: ReversalRowOutcome) => {
    buffer.push(outcome);
    if (buffer.length >= WRITE_BATCH) {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    } else
      timer ??= setTimeout(() => {
        timer = null;
        // A failed write is thrown by the final flush (the chain keeps it).
        flush().catch(() => undefined);
      }, WRITE_WAIT_MS);
  };
  try {
    await pumpRows<ClaimedReversal>({
      claim: (size) => claimReversalRows(db, batchReversalId, size, LEASE_SECONDS),
      send: async (row) => {
        const call = await callReverseAward(connection, row, row.requestId, options.symbolOf);
        if (call.retryAfterSeconds === null) {
          await record({
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
    if (timer) clearTimeout(timer);
    await flush();
  }
  if (options.stopAfter === undefined) await finishBatchReversalIfDone(db, batchReversalId);
}
