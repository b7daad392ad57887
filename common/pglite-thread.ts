import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { ThreadAnswer, ThreadError, ThreadRequest, ThreadStart } from "./pglite-thread-worker";

/**
 * An embedded PGlite run on a worker thread of its own, behind the part of PGlite's client that
 * drizzle uses (`query`, `exec`, `transaction`). PGlite executes every statement on the thread
 * that calls it — in the console that is the thread that renders pages, so each page's
 * statements (about a quarter of a signed-in page's time) stopped every other page's rendering.
 * Here the statements run beside the rendering, on another core. Same semantics as in-process:
 * one statement at a time, a transaction holds the database until it ends (docs/architecture.md,
 * "The console's embedded database runs on a thread of its own").
 */

/**
 * The worker's file, run by Node as TypeScript; found from the project's root (bundlers move this
 * module). In the built console, Turbopack recognises `new Worker(…)` and runs its own bundle of
 * that file instead (common/pglite-thread-worker.ts says so).
 */
const WORKER_FILE = join(process.cwd(), "common", "pglite-thread-worker.ts");

/** The subset of PGlite's Transaction that drizzle calls. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThread {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A probe no type's real parser returns unchanged unless it keeps the text as it is. */
const PROBE = "1970-01-01 00:00:00+00 {probe}";

/**
 * Per-statement parsers cannot cross to the other thread: the thread keeps the named types as
 * text instead, which is all drizzle asks for (its dates, intervals and their arrays; the thread
 * serves drizzle, so it keeps those as text for every statement: common/drizzle-text-types.ts).
 * Any other parser is refused rather than silently not applied.
 */
function textKeptTypes(options: QueryOptions | undefined): number[] {
  return Object.entries(options?.parsers ?? {}).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE)
      throw new Error(
        `PGlite on its own thread keeps a type as text or parses it itself; type ${oid} has another parser`,
      );
    return Number(oid);
  });
}

function rebuild(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.fields, { name: error.name });
}

export async function openPgliteThread(start: ThreadStart): Promise<PgliteThread> {
  if (!existsSync(WORKER_FILE))
    throw new Error(`${WORKER_FILE} is missing: start the program from the project's root folder`);
  const worker = new Worker(WORKER_FILE, { workerData: start });
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  worker.on("message", (answer: ThreadAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if (answer.ok) entry.resolve(answer.value);
    else entry.reject(rebuild(answer.error));
  });
  worker.on("error", (error) => stop(new Error(`The embedded database's thread failed: ${error.message}`)));
  worker.on("exit", (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));

  // The thread answers id 0 once the database is open (or with why it could not open).
  await new Promise((resolve, reject) => waiting.set(0, { resolve, reject })).catch(
    async (error: unknown) => {
      await worker.terminate();
      throw error;
    },
  );

  // biome-ignore lint/suspicious/noExplicitAny: each request's answer has the type its caller names.
  const call = <T = any>(request: DistributiveOmit<ThreadRequest, "id">): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const query = <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    call<Results<T>>({
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode ?? "object",
      raw: textKeptTypes(options),
      tx,
    });

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => call({ op: "exec", sql }),
    async transaction(callback) {
      const tx = await call<number>({ op: "begin" });
      let closed = false;
      const end = async (commit: boolean) => {
        closed = true;
        await call({ op: "end", tx, commit });
      };
      const handle: ThreadTransaction = {
        query: (sql, params, options) => query(sql, params, options, tx),
        exec: (sql) => call({ op: "exec", sql, tx }),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(handle);
      } catch (error) {
        if (!closed) await end(false).catch(() => undefined);
        throw error;
      }
      if (!closed) await end(true);
      return result;
    },
    async close() {
      if (stopped) return;
      // The thread closes the database and then ends by itself; terminating a thread that runs
      // PGlite's WebAssembly has aborted the whole process in V8 (docs/architecture.md).
      if (
        await call({ op: "close" }).then(
          () => true,
          () => false,
        )
      )
        await exited;
      else await worker.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
