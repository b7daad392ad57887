import type { ServiceDb } from "../db/connection";

// PostgreSQL may abort a transaction that lost a deadlock or serialization race; it is safe to
// run again from the start because nothing of it was committed.
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.length === 5) return code;
  }
  return undefined;
}

/** How `withRetry` waits; injected by tests. */
export interface RetryTiming {
  /** A number in [0, 1). */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realTiming: RetryTiming = {
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The first retry waits up to 5 ms, each next one up to twice as long, never more than 100 ms. */
const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 100;

/**
 * The wait before retry number `retry` (1-based): "full jitter" — a random time between 0 and an
 * exponentially growing bound — so the transactions that just collided do not collide again in
 * lockstep (retrying all at once, as before, repeated the same race up to five times).
 */
export function retryDelay(retry: number, random: () => number): number {
  return random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
}

/**
 * Runs `work` — one database transaction, or one statement — again when PostgreSQL asks to
 * (deadlock or serialization failure), up to 5 attempts, waiting a jittered, exponentially
 * growing time between them (docs/service.md, "The ledger").
 */
export async function withRetry<T>(work: () => Promise<T>, timing: RetryTiming = realTiming): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= ATTEMPTS || !state || !RETRYABLE.has(state)) throw error;
      await timing.sleep(retryDelay(attempt, timing.random));
    }
  }
}

/** Runs `work` in one database transaction, retrying it when PostgreSQL asks to. */
export function inTransaction<T>(db: ServiceDb, work: (tx: ServiceDb) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction((tx) => work(tx as unknown as ServiceDb)));
}
