// The embedded database's own thread (common/pglite-thread.ts starts it; docs/architecture.md,
// "The console's embedded database runs on a thread of its own"). Outside a build Node runs this
// file as it is (type stripping), so it imports with file extensions and only packages and files
// beside it. In the built console `next build` bundles it as a worker chunk of its own
// (`.next/server/chunks/ssr/[worker thread]-common_pglite-thread-worker_ts…`): a change here
// reaches `next start` only after a build.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { DRIZZLE_TEXT_TYPES } from "./drizzle-text-types.ts";
import { type PgliteDurability, pgliteStorage } from "./durable-pglite.ts";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import { keptStatements } from "./pglite-kept-statements.ts";

export interface ThreadStart {
  folder: string;
  durability: PgliteDurability;
  /** How many statements stay prepared (common/pglite-kept-statements.ts); the least used goes first. */
  keptStatements?: number;
}

/** Enough for every statement the console sends; `in (…)` lists of other lengths come and go. */
const KEPT_STATEMENTS = 500;

/** A request from the client side; `tx` names an open transaction the statement belongs to. */
export type ThreadRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      raw: number[];
      tx?: number;
    }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** What a refused statement carries across: PostgreSQL's fields (code, detail, constraint…). */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type ThreadAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError };

const NUMERIC_OID = 1700;
// NUMERIC stays text (common/database.ts): amounts are never JavaScript numbers.
const keepText = (value: string) => value;

const port = parentPort;
if (!port) throw new Error("common/pglite-thread-worker.ts runs only as a worker thread");
const start = workerData as ThreadStart;

function asThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: ThreadError["fields"] = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  return { name: error.name, message: error.message, fields };
}

const database = await PGlite.create({
  ...pgliteStorage(start.folder, start.durability),
  extensions: PGLITE_EXTENSIONS,
  parsers: { [NUMERIC_OID]: keepText },
}).catch((error: unknown) => {
  port.postMessage({ id: 0, ok: false, error: asThreadError(error) } satisfies ThreadAnswer);
  return null;
});

if (database) {
  // Installed after start: PGlite sets its array types' parsers while it starts.
  for (const oid of DRIZZLE_TEXT_TYPES) database.parsers[oid] = keepText;
  const statements = keptStatements(database, start.keptStatements ?? KEPT_STATEMENTS);
  const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void }>();
  let nextTx = 1;
  /** Settles an "end" once the transaction's COMMIT or ROLLBACK has run. */
  const ends = new Map<number, (outcome: { ok: true } | { ok: false; error: unknown }) => void>();
  class RolledBack extends Error {}

  const target = (tx: number | undefined) => {
    if (tx === undefined) return database;
    const entry = open.get(tx);
    if (!entry) throw new Error(`transaction ${tx} is not open`);
    return entry.tx;
  };

  const run = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        // Types the caller keeps as text (checked on its side). drizzle's are installed on the
        // client once (common/drizzle-text-types.ts): a per-query parser copies PGlite's table.
        const extra = request.raw.filter((oid) => !DRIZZLE_TEXT_TYPES.includes(oid));
        const options = {
          rowMode: request.rowMode,
          ...(extra.length > 0 ? { parsers: Object.fromEntries(extra.map((oid) => [oid, keepText])) } : {}),
        };
        const { sql, params, tx } = request;
        // PGlite's locks, taken as its own query and a transaction's query take them.
        if (tx !== undefined) {
          if (target(tx).closed) throw new Error("Transaction is closed");
          return await database._runExclusiveQuery(() => statements.query(sql, params, options, true));
        }
        const result = await database._runExclusiveTransaction(() =>
          database._runExclusiveQuery(() => statements.query(sql, params, options, false)),
        );
        await database.syncToFs();
        return result;
      }
      case "exec":
        return await target(request.tx).exec(request.sql);
      case "begin": {
        const tx = nextTx++;
        // Answered once BEGIN has run; the transaction stays open until its "end" arrives.
        return await new Promise<number>((begun, failed) => {
          let started = false;
          database
            .transaction(async (handle) => {
              const commit = await new Promise<boolean>((finish) => {
                open.set(tx, { tx: handle, finish });
                started = true;
                begun(tx);
              });
              if (!commit) throw new RolledBack();
            })
            .then(
              () => ends.get(tx)?.({ ok: true }),
              (error: unknown) => {
                if (!started) failed(error);
                else ends.get(tx)?.(error instanceof RolledBack ? { ok: true } : { ok: false, error });
              },
            )
            .finally(() => {
              open.delete(tx);
              ends.delete(tx);
            });
        });
      }
      case "end": {
        const entry = open.get(request.tx);
        if (!entry) throw new Error(`transaction ${request.tx} is not open`);
        const outcome = new Promise<{ ok: true } | { ok: false; error: unknown }>((settle) =>
          ends.set(request.tx, settle),
        );
        entry.finish(request.commit);
        const settled = await outcome;
        if (!settled.ok) throw settled.error;
        return null;
      }
      case "close":
        await database.close();
        return null;
    }
  };

  port.on("message", (request: ThreadRequest) => {
    run(request).then(
      (value) => {
        port.postMessage({ id: request.id, ok: true, value } satisfies ThreadAnswer);
        // Closed: the thread ends by itself once its port is closed (docs/architecture.md: a
        // terminated thread's WebAssembly has crashed V8 in tests).
        if (request.op === "close") port.close();
      },
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: asThreadError(error) } satisfies ThreadAnswer),
    );
  });
  port.postMessage({ id: 0, ok: true, value: null } satisfies ThreadAnswer);
}
