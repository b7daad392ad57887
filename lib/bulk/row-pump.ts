import "server-only";
import { setTimeout as sleep } from "node:timers/promises";

/** Requests in flight per batch and console instance. */
export const IN_FLIGHT = 8;
/** Rows claimed per statement. */
const CLAIM_SIZE = IN_FLIGHT * 16;
/**
 * The next claim starts while this many claimed rows still wait: the workers go on sending while
 * it runs. Claiming only once the queue was empty stopped every worker for the claim's statement
 * and let the requests in flight drain to none before it (docs/benchmarks.md, "Service and
 * console: reversals").
 */
const CLAIM_AHEAD = IN_FLIGHT * 4;

/** What one row's call came to: sent and recorded, or to be sent again after `retryAfterSeconds`. */
export interface PumpedRow {
  retryAfterSeconds: number | null;
}

export interface RowSource<Row> {
  /** Claims up to `size` waiting rows under a lease; null when sending must stop (the connection is gone). */
  claim(size: number): Promise<Row[] | null>;
  /** Sends a row and records its outcome, unless the service asked to wait (a 429). */
  send(row: Row): Promise<PumpedRow>;
  /** Puts a row the service asked to wait for back among the waiting rows. */
  release(row: Row): Promise<void>;
  /** Tests: stop after this many calls, as a console killed mid-way would (rows stay claimed). */
  stopAfter?: number;
}

/**
 * The bulk senders' one loop (lib/bulk/sender.ts for awards, reversal-sender.ts for reversals):
 * `IN_FLIGHT` workers take claimed rows from one queue, which is refilled before it runs dry; a
 * 429's `Retry-After` pauses every worker and the row goes back to be claimed again, in order.
 * Resolves when no row waits (or `claim` said stop); a failed claim or send is thrown.
 */
export async function pumpRows<Row>(source: RowSource<Row>): Promise<void> {
  const queue: Row[] = [];
  let claiming: Promise<void> | null = null;
  let claimFailure: { error: unknown } | null = null;
  let exhausted = false;
  let pausedUntil = 0;
  let calls = 0;
  // Rows put back after a 429 since a claim began were not visible to it: that claim finding
  // nothing does not mean the batch is exhausted.
  let released = 0;
  const claim = () => {
    claiming ??= (async () => {
      const before = released;
      const rows = await source.claim(CLAIM_SIZE);
      if (rows === null || (rows.length === 0 && released === before)) exhausted = true;
      queue.push(...(rows ?? []));
    })()
      // A claim started ahead of need has no one awaiting it: its failure waits for the next row.
      .catch((error: unknown) => {
        claimFailure ??= { error };
      })
      .finally(() => {
        claiming = null;
      });
    return claiming;
  };
  const next = async (): Promise<Row | null> => {
    while (queue.length === 0 && !exhausted && !claimFailure) await claim();
    if (claimFailure) throw claimFailure.error;
    if (queue.length <= CLAIM_AHEAD && !exhausted) void claim();
    return queue.shift() ?? null;
  };
  const worker = async () => {
    for (let row = await next(); row !== null; row = await next()) {
      if (source.stopAfter !== undefined && calls >= source.stopAfter) return;
      calls += 1;
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait);
      const { retryAfterSeconds } = await source.send(row);
      if (retryAfterSeconds !== null) {
        pausedUntil = Math.max(pausedUntil, Date.now() + retryAfterSeconds * 1000);
        await source.release(row);
        released += 1;
        exhausted = false;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    // A claim still running would mark rows `sending` after the caller moved on: let it end.
    await claiming;
  }
}
