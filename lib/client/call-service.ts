import "server-only";
import type { z } from "zod";
import { isNumberLiteral, type NumberLiteral } from "@/lib/contract/number-literal";
import { ReaderFailure, readInWorker } from "./answer-readers";
import { ANSWERS, type AnswerKind, type AnswerLimit, megabytes } from "./answers";
import { type AddressPolicy, GuardedFetchError, type GuardedResponse, guardedFetch } from "./guarded-fetch";
import { type CallFailure, judgeAnswer, type ServiceCallErrorKind, type Verdict } from "./judge-answer";

export { ANSWERS, type AnswerKind, type AnswerLimit } from "./answers";
export type { ServiceCallErrorKind } from "./judge-answer";

/** Where a project lives: any service that implements the spec, and the key for that project. */
export interface ServiceConnection {
  /** `{base_url}`, e.g. http://127.0.0.1:3001/api/public (no trailing slash needed). */
  baseUrl: string;
  projectGuid: string;
  apiKey: string;
  /**
   * The addresses besides public ones that the console may call (docs/console.md, "Addresses the
   * console calls"): the console's own policy, which lib/connections gives every connection it
   * hands out. Without one, public addresses only.
   */
  addresses?: AddressPolicy;
}

const PUBLIC_ONLY: AddressPolicy = { allowedHosts: new Set() };

/**
 * Every way a call can fail, as one error whose message a person can act on: what the service
 * said (its `Error` text and status), or that it could not be reached, or answered something
 * that is not the spec's JSON. The message never holds the URL, which carries the API key.
 */
export class ServiceCallError extends Error {
  readonly status: number | null;
  /** The service's `ErrorCode` extension, when it sent one. */
  readonly code: string | null;
  /** For "unreachable": the network error's code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET…). */
  readonly networkCode: string | null;
  /** A 429's or 503's `Retry-After`, in seconds, when the service sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(
    message: string,
    readonly kind: ServiceCallErrorKind,
    details: {
      status?: number;
      code?: string | null;
      networkCode?: string | null;
      retryAfterSeconds?: number | null;
    } = {},
  ) {
    super(message);
    this.name = "ServiceCallError";
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.networkCode = details.networkCode ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** The service's time for a call: connecting, sending, and the whole answer arriving. */
export const TIMEOUT_MS = 10_000;

/**
 * The console's own time to read an answer that arrived whole and goes to a worker thread
 * (IN_THREAD_BYTES): waiting for a free reader, parsing and checking. Apart from the service's
 * TIMEOUT_MS because it is not the service's time: on a machine busy with other work, reading
 * 29 MiB once took longer than what was left of the 10 seconds, and an answer that had arrived
 * was thrown away as "the service did not answer in time" (docs/console.md, "Answers the console
 * refuses"). Generous, since the work is bounded by the answer's cap; it stops a reader only on a
 * machine too busy to serve anyone.
 */
export const READ_TIMEOUT_MS = 30_000;

/**
 * Answers up to this size are parsed and checked on the request's thread, where a small answer
 * (the common case: a few KB) costs less than a trip to a worker; a megabyte takes the thread for
 * about 75 ms (parse and check, measured on this project's two-core machine). Larger ones go to a
 * worker thread (answer-readers.ts), so no answer under its cap stops the console for everyone
 * else (docs/console.md, "Answers the console refuses").
 */
export const IN_THREAD_BYTES = 1_000_000;

function tooLarge(limit: AnswerLimit, status: number): ServiceCallError {
  return new ServiceCallError(
    `The service answered more than ${megabytes(limit.bytes)} for ${limit.what}, so the console stopped reading it: a service that follows the spec answers far less. Check that the base URL is the service's {base_url}.`,
    "too-large",
    { status },
  );
}

/** What a failure while the body streams in means: the time ran out, or the connection broke. */
function bodyFailure(error: unknown, status: number): ServiceCallError {
  if ((error as Error).name === "TimeoutError" || (error as Error).name === "AbortError") {
    return new ServiceCallError(
      `The service did not finish its answer within ${TIMEOUT_MS / 1000} seconds.`,
      "timeout",
      { status },
    );
  }
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? null;
  return new ServiceCallError(
    `The connection to the service broke while it was answering${code ? ` (${code})` : ""}.`,
    "unreachable",
    { status, networkCode: code },
  );
}

/**
 * The body's bytes, read as they stream in and never more than `limit.bytes` of them: a declared
 * Content-Length over the cap is refused before reading, and the stream is cancelled (the
 * connection closed) as soon as the bytes received pass the cap. The count is of the bytes after
 * guarded-fetch.ts has undone any compression, so a small compressed answer that unpacks to gigabytes is
 * refused too. Decoding waits for the whole body: a large one is decoded in a worker thread.
 */
async function readCapped(response: GuardedResponse, limit: AnswerLimit): Promise<Uint8Array> {
  const body = response.body;
  const encoding = response.headers.get("content-encoding");
  const declared = Number(response.headers.get("content-length"));
  // A compressed body's length says little about what it unpacks to; the stream count decides.
  if ((!encoding || encoding === "identity") && declared > limit.bytes) {
    body.destroy();
    throw tooLarge(limit, response.status);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of body) {
      const bytes = chunk as Uint8Array;
      received += bytes.byteLength;
      if (received > limit.bytes) {
        // Closes the connection: the rest is never read.
        body.destroy();
        throw tooLarge(limit, response.status);
      }
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof ServiceCallError) throw error;
    throw bodyFailure(error, response.status);
  }
  // One buffer of its own (chunks may share a pool's): it can be moved to a worker whole.
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** `?Status=4xx&Route=…`: the filters that are set, in the contract's names. */
export function queryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Path segments, each percent-encoded (a CustomerID may hold `/`, `%`, spaces…). */
export function servicePath(...segments: string[]): string {
  return segments.map((segment) => `/${encodeURIComponent(segment)}`).join("");
}

/** `JSON.rawJSON` (Node 21 and later; not yet in TypeScript's library): a value JSON.stringify writes as the text given. */
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/**
 * JSON text with award amounts written as the exact number literals they hold. JSON.stringify
 * with `JSON.rawJSON`, which refuses a literal that is not a JSON number, rather than a JSON
 * writer in JavaScript: the text is made between one answer and the next request of a bulk
 * sender (docs/benchmarks.md, "Console: a campaign's occurrence of 100,000 players").
 */
export function stringifyBody(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    isNumberLiteral(value) ? rawJSON((value as NumberLiteral).text) : value,
  );
}

/** The checked data of an answer of `kind`. */
export type AnswerOf<K extends AnswerKind> = z.output<(typeof ANSWERS)[K]["schema"]>;

/**
 * Calls `{base_url}{path}` and parses the answer losslessly (numbers keep every digit) with the
 * contract schema of its kind (ANSWERS). A non-2xx status or `isError` other than "0" becomes a
 * ServiceCallError carrying the service's own `Error` text. At most the kind's cap of the answer
 * is read; a longer one is a "too-large" ServiceCallError. An answer that is not the spec's
 * envelope is only ever called "not a Game Commerce service". Every call goes through
 * guardedFetch under the connection's address policy: "Test connection" and every later call to
 * a saved base URL alike, so neither can be pointed at the console's own network.
 *
 * The service has TIMEOUT_MS for the call: connecting and the whole answer arriving. An answer
 * over IN_THREAD_BYTES is then parsed and checked in a worker thread, which has READ_TIMEOUT_MS
 * of its own and is stopped if they run out (kind "busy").
 */
export async function callService<K extends AnswerKind>(
  connection: ServiceConnection,
  path: string,
  kind: K,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<AnswerOf<K>> {
  const url = `${connection.baseUrl.replace(/\/+$/, "")}${path}`;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let response: GuardedResponse;
  try {
    response = await guardedFetch(
      url,
      {
        method: init.method ?? "GET",
        headers: init.body === undefined ? undefined : { "content-type": "application/json" },
        body: init.body === undefined ? undefined : stringifyBody(init.body),
        signal,
      },
      connection.addresses ?? PUBLIC_ONLY,
    );
  } catch (error) {
    // The code tells lib/awards/outcome.ts whether anything can have been sent.
    if (error instanceof GuardedFetchError)
      throw new ServiceCallError(error.message, "unreachable", { networkCode: error.code });
    if ((error as Error).name === "TimeoutError") {
      throw new ServiceCallError(
        `The service did not answer within ${TIMEOUT_MS / 1000} seconds.`,
        "timeout",
      );
    }
    // undici's errors carry a network code (ECONNREFUSED, UND_ERR_SOCKET…), the look-up's
    // sometimes in `cause`.
    const failure = error as { code?: string; cause?: { code?: string }; message?: string };
    const code = failure.code ?? failure.cause?.code ?? null;
    throw new ServiceCallError(
      `The service cannot be reached${code ? ` (${code})` : ""}: check the base URL and that the service is running.`,
      "unreachable",
      { networkCode: code },
    );
  }
  const bytes = await readCapped(response, ANSWERS[kind]);
  const head = {
    status: response.status,
    ok: response.ok,
    retryAfter: response.headers.get("retry-after"),
  };
  let verdict: Verdict;
  if (bytes.byteLength <= IN_THREAD_BYTES) {
    verdict = judgeAnswer(new TextDecoder().decode(bytes), head, kind);
  } else {
    const tooBusy = (): CallFailure => ({
      message: `The service answered in full, but the console was too busy to read the answer within ${READ_TIMEOUT_MS / 1000} seconds: try again in a moment.`,
      kind: "busy",
      status: response.status,
    });
    try {
      verdict = await readInWorker(bytes, head, kind, AbortSignal.timeout(READ_TIMEOUT_MS), tooBusy);
    } catch (error) {
      if (error instanceof ReaderFailure) throw failed(error.failure);
      throw error;
    }
  }
  if (!verdict.ok) throw failed(verdict.failure);
  return verdict.data as AnswerOf<K>;
}

function failed(failure: CallFailure): ServiceCallError {
  return new ServiceCallError(failure.message, failure.kind, failure);
}
