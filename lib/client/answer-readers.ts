import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { PieceAssembly } from "./answer-pieces";
import type { FromWorker, ToWorker } from "./answer-worker";
import type { AnswerKind } from "./answers";
import type { AnswerHead, CallFailure, Verdict } from "./judge-answer";

/**
 * The worker threads that parse and check large answers (answer-worker.ts), so that the
 * request's thread — which serves every person's pages, sign-ins and actions — never stops for
 * the seconds a large answer takes (docs/console.md, "Answers the console refuses"). A few
 * threads at most, each reading one answer at a time; a bounded number of answers wait their
 * turn, and both the wait and the work count against the time the caller gives the reading
 * (call-service.ts, READ_TIMEOUT_MS): when its signal fires, the job leaves the queue, or its
 * thread is stopped (terminated) mid-parse and replaced later.
 */

/** One thread per core but the one the request's thread needs, at most two. */
const MAX_READERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Answers held (their bytes) while every reader is busy; more are refused at once. */
export const MAX_WAITING = 8;
/** A reader with nothing to do is stopped after this long, giving its heap back. */
const IDLE_MS = 60_000;

/**
 * Under vitest (and tsx) this module runs as its TypeScript source, and the worker's entry must
 * too: the thread registers tsx first (`--import tsx` in a worker's execArgv does not reach its
 * entry on Node 20). In Next's build — where NEXT_RUNTIME is set, and `import.meta.url` still
 * names the source file — Next bundles the entry on its own: `new Worker(new URL(…))` is the form
 * Turbopack looks for.
 */
const SOURCE_ENTRY = process.env.NEXT_RUNTIME
  ? null
  : import.meta.url.replace(/answer-readers\.ts$/, "answer-worker.ts");

function startWorker(): Worker {
  if (SOURCE_ENTRY)
    return new Worker(
      `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(SOURCE_ENTRY)}); });`,
      { eval: true },
    );
  return new Worker(new URL("./answer-worker.ts", import.meta.url));
}

interface Reader {
  worker: Worker;
  busy: boolean;
  idle: NodeJS.Timeout | null;
  /** Where the running job's messages go, and what ends it if the thread dies. */
  onMessage: ((message: FromWorker) => void) | null;
  onExit: ((why: string) => void) | null;
}

const readers = new Set<Reader>();
const waiting: { start: (reader: Reader) => void }[] = [];

function startReader(): Reader {
  const worker = startWorker();
  const reader: Reader = { worker, busy: false, idle: null, onMessage: null, onExit: null };
  worker.on("message", (message: FromWorker) => reader.onMessage?.(message));
  // A thread that throws or runs out of memory ends; its job fails and the next job starts another.
  worker.on("error", (error: Error & { code?: string }) => reader.onExit?.(error.code ?? error.name));
  worker.on("exit", (code) => {
    readers.delete(reader);
    reader.onExit?.(`exit code ${code}`);
  });
  readers.add(reader);
  return reader;
}

function idle(reader: Reader) {
  reader.busy = false;
  reader.onMessage = null;
  reader.onExit = null;
  const next = waiting.shift();
  if (next) {
    reader.busy = true;
    next.start(reader);
    return;
  }
  // An idle thread must not keep a CLI's process alive, nor hold its heap for ever.
  reader.worker.unref();
  reader.idle = setTimeout(() => void reader.worker.terminate(), IDLE_MS);
  reader.idle.unref();
}

/** A reader for one job: an idle one, a new one, or the next one free (in turn). */
function takeReader(signal: AbortSignal, onTimeout: () => CallFailure): Promise<Reader> {
  const free = [...readers].find((reader) => !reader.busy);
  const reader = free ?? (readers.size < MAX_READERS ? startReader() : null);
  if (reader) {
    reader.busy = true;
    return Promise.resolve(reader);
  }
  if (waiting.length >= MAX_WAITING)
    return Promise.reject(
      failureError({
        message:
          "The console is reading other large answers and could not read this one now: try again in a moment.",
        kind: "busy",
      }),
    );
  return new Promise((resolve, reject) => {
    const turn = {
      start: (taken: Reader) => {
        signal.removeEventListener("abort", leave);
        resolve(taken);
      },
    };
    const leave = () => {
      const at = waiting.indexOf(turn);
      if (at >= 0) waiting.splice(at, 1);
      reject(failureError(onTimeout()));
    };
    waiting.push(turn);
    signal.addEventListener("abort", leave, { once: true });
  });
}

/** A failure found outside the answer itself, carried to call-service.ts as a rejection. */
export class ReaderFailure extends Error {
  constructor(readonly failure: CallFailure) {
    super(failure.message);
  }
}

const failureError = (failure: CallFailure) => new ReaderFailure(failure);

/**
 * Parses and checks `bytes` as an answer of `kind` in a worker thread. Resolves with the verdict
 * (checked data put back together from its pieces, or the answer's failure); rejects with a
 * ReaderFailure when `signal` fires first (`onTimeout` says what to tell), the queue is full, or
 * the thread died.
 */
export async function readInWorker(
  bytes: Uint8Array,
  head: AnswerHead,
  kind: AnswerKind,
  signal: AbortSignal,
  onTimeout: () => CallFailure,
): Promise<Verdict> {
  if (signal.aborted) throw failureError(onTimeout());
  const reader = await takeReader(signal, onTimeout);
  if (reader.idle) clearTimeout(reader.idle);
  reader.idle = null;
  reader.worker.ref();
  const assembly = new PieceAssembly();
  try {
    return await new Promise<Verdict>((resolve, reject) => {
      const stop = () => {
        reader.onMessage = null;
        reader.onExit = null;
        // The thread may be mid-parse: only stopping it gets the core and its memory back.
        void reader.worker.terminate();
        readers.delete(reader);
        reject(failureError(onTimeout()));
      };
      signal.addEventListener("abort", stop, { once: true });
      const settle = (then: () => void) => {
        signal.removeEventListener("abort", stop);
        reader.onMessage = null;
        reader.onExit = null;
        then();
      };
      reader.onExit = (why) =>
        settle(() => {
          readers.delete(reader);
          reject(
            failureError({
              message: `The console could not read the service's answer (its reader stopped: ${why}).`,
              kind: why === "ERR_WORKER_OUT_OF_MEMORY" ? "too-large" : "invalid-response",
              status: head.status,
            }),
          );
        });
      reader.onMessage = (message) => {
        if ("failure" in message) return settle(() => resolve({ ok: false, failure: message.failure }));
        assembly.add(message.piece);
        if (message.last) return settle(() => resolve({ ok: true, data: assembly.answer }));
        reader.worker.postMessage({ next: true } satisfies ToWorker);
      };
      // The bytes move to the thread without a copy; this thread no longer holds them.
      const copy =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      reader.worker.postMessage(
        { job: { bytes: copy.buffer as ArrayBuffer, head, kind } } satisfies ToWorker,
        [copy.buffer as ArrayBuffer],
      );
    });
  } finally {
    release(reader);
  }
}

/** After a job: the reader takes the next one, or — stopped or dead — a new one does. */
function release(reader: Reader) {
  if (readers.has(reader)) return idle(reader);
  const next = waiting.shift();
  if (!next) return;
  const fresh = startReader();
  fresh.busy = true;
  next.start(fresh);
}
