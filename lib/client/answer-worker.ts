import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { type Piece, piecesOf } from "./answer-pieces";
import { isAnswerKind } from "./answers";
import { type AnswerHead, type CallFailure, judgeAnswer } from "./judge-answer";

// No "server-only" marker: this is a worker thread's entry, outside React's server environment,
// where the marker throws. Next bundles it (and what it imports) as its own entry, from the
// `new Worker(new URL("./answer-worker.ts", import.meta.url))` in answer-readers.ts.

/**
 * Parses and checks one large answer at a time for the request's thread (answer-readers.ts),
 * whose event loop would otherwise stop for seconds (docs/console.md, "Answers the console
 * refuses"). A job's answer comes as bytes (transferred, not copied); a failure goes back as one
 * message, checked data in pieces, one each time the request's thread asks for the next.
 */

export type ToWorker = { job: { bytes: ArrayBuffer; head: AnswerHead; kind: string } } | { next: true };
export type FromWorker = { failure: CallFailure } | { piece: Piece; last: boolean };

const port = parentPort;
if (!port) throw new Error("answer-worker.ts runs as a worker thread only");

/**
 * How much less this thread asks of the CPU than the request's thread (a nice value): reading a
 * large answer is one person's wait, the request's thread is everyone's. On Linux a nice value is
 * a thread's own, and `setPriority` without a pid sets the calling thread's; where it cannot be
 * set (another system, a container that forbids it), the thread runs as it is. 5, not more: the
 * thread then has about a quarter of a core against one busy thread of the process's priority,
 * and still finishes a large answer within the call's 10 s on a machine other programs keep busy
 * (at 10 it has a tenth, and a 3 MB answer timed out while the whole test suite ran beside it).
 */
const BACKGROUND_NICE = 5;
try {
  setPriority(BACKGROUND_NICE);
} catch {
  // Runs at the process's priority.
}

let pieces: Generator<Piece> | null = null;
let ahead: IteratorResult<Piece> | null = null;

/** Sends the next piece, saying whether it is the last (the one after it is looked at first). */
function sendNext() {
  if (!pieces || !ahead || ahead.done) return;
  const piece = ahead.value;
  ahead = pieces.next();
  const last = ahead.done === true;
  port?.postMessage({ piece, last } satisfies FromWorker);
  if (last) {
    pieces = null;
    ahead = null;
  }
}

port.on("message", (message: ToWorker) => {
  if ("next" in message) return sendNext();
  const { bytes, head, kind } = message.job;
  if (!isAnswerKind(kind)) throw new Error(`answer-worker.ts: no answer of kind ${kind}`);
  const verdict = judgeAnswer(new TextDecoder().decode(bytes), head, kind);
  if (!verdict.ok) {
    port.postMessage({ failure: verdict.failure } satisfies FromWorker);
    return;
  }
  pieces = piecesOf(verdict.data);
  ahead = pieces.next();
  sendNext();
});
