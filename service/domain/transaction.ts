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

/** Runs `work` — one database transaction, or one statement — again when PostgreSQL asks to. */
export async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= ATTEMPTS || !state || !RETRYABLE.has(state)) throw error;
    }
  }
}

/** Runs `work` in one database transaction, retrying it when PostgreSQL asks to. */
export function inTransaction<T>(db: ServiceDb, work: (tx: ServiceDb) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction((tx) => work(tx as unknown as ServiceDb)));
}
