import "server-only";
import { parse, stringify } from "lossless-json";
import type { Response } from "undici";
import type { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import { isNumberLiteral, NumberLiteral } from "@/lib/contract/number-literal";
import { type AddressPolicy, GuardedFetchError, guardedFetch } from "./guarded-fetch";

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

export type ServiceCallErrorKind = "unreachable" | "timeout" | "refused" | "invalid-response" | "too-large";

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

/** `Retry-After` as seconds (a number of seconds or an HTTP date), or null. */
function retryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const TIMEOUT_MS = 10_000;

/** How much of an answer the console reads for one kind of call, and what to call it in a message. */
export interface AnswerLimit {
  /** Bytes of the body as it arrives, after any Content-Encoding is undone. */
  bytes: number;
  /** Names the call in the error, e.g. "a Products list". */
  what: string;
}

const MB = 1_000_000;

/**
 * The most the console reads of one answer, per kind of call. Every answer is held whole, then
 * parsed losslessly and checked with a contract schema; that costs about 22 times its size in
 * memory (measured: a 32 MB Products answer took ~700 MB of heap and 3.3 s to parse and check),
 * so an unbounded answer from any connected service — or anything at its address — could make
 * the console run out of memory and take every page down with it. Each cap is set well above
 * what a spec-conformant answer of a large project is (docs/console.md, "Answers the console
 * refuses"), and far below what would endanger the process:
 * - catalogue (Products, Prices, project Tokens): 32 MB. A product in 10 languages with a
 *   paragraph of description in each is ~6 KB, so 32 MB holds ~5,000 of them; a price carries
 *   the products it sells, so Prices is about the same size again.
 * - player (a customer's tokens and items, an item by TokenID): 16 MB — ~10,000 items with 20
 *   attributes each (~1.4 KB an item).
 * - wallet (balances and the whole queue): 16 MB — ~50,000 queued awards of one line.
 * - fund (FundWallet): 4 MB — `Settled` lists the RequestID (39 bytes) of every award the
 *   funding settled, so ~100,000 of them.
 * - award (AwardTokens, and one award's record from GET /Awards, at most 100 lines): 1 MB — the
 *   answer is an envelope and a status, the record a few KB.
 * "Test connection" reads what the pages read (Tokens, Wallet) with the same caps, so it
 * reports what the pages will meet.
 */
export const ANSWER_LIMITS = {
  catalogueProducts: { bytes: 32 * MB, what: "a Products list" },
  cataloguePrices: { bytes: 32 * MB, what: "a Prices list" },
  catalogueTokens: { bytes: 32 * MB, what: "a project Tokens list" },
  customerTokens: { bytes: 16 * MB, what: "a player's Tokens" },
  customerItems: { bytes: 16 * MB, what: "a player's Items" },
  item: { bytes: 16 * MB, what: "an Item" },
  wallet: { bytes: 16 * MB, what: "the project Wallet" },
  fund: { bytes: 4 * MB, what: "FundWallet" },
  award: { bytes: 1 * MB, what: "AwardTokens" },
  awardRecord: { bytes: 1 * MB, what: "an award's record (Awards)" },
} as const satisfies Record<string, AnswerLimit>;

function megabytes(bytes: number): string {
  return `${Number((bytes / MB).toFixed(1))} MB`;
}

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
 * The body as text, read as it streams in and never more than `limit.bytes` of it: a declared
 * Content-Length over the cap is refused before reading, and the stream is cancelled (the
 * connection closed) as soon as the bytes received pass the cap. The count is of the bytes after
 * fetch has undone any compression, so a small compressed answer that unpacks to gigabytes is
 * refused too.
 */
async function readCapped(response: Response, limit: AnswerLimit): Promise<string> {
  const body = response.body;
  if (!body) return "";
  const encoding = response.headers.get("content-encoding");
  const declared = Number(response.headers.get("content-length"));
  // A compressed body's length says little about what it unpacks to; the stream count decides.
  if ((!encoding || encoding === "identity") && declared > limit.bytes) {
    await body.cancel().catch(() => undefined);
    throw tooLarge(limit, response.status);
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw bodyFailure(error, response.status);
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > limit.bytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit, response.status);
    }
    parts.push(decoder.decode(chunk.value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Path segments, each percent-encoded (a CustomerID may hold `/`, `%`, spaces…). */
export function servicePath(...segments: string[]): string {
  return segments.map((segment) => `/${encodeURIComponent(segment)}`).join("");
}

/** JSON text with award amounts written as the exact number literals they hold. */
export function stringifyBody(body: unknown): string {
  return (
    stringify(body, null, undefined, [
      { test: isNumberLiteral, stringify: (value) => (value as NumberLiteral).text },
    ]) ?? "null"
  );
}

/**
 * An answer in the spec's envelope: `isError` and `Error` are text. Only such an answer is taken
 * for a Game Commerce service's, and only its `Error` is ever repeated to a person.
 */
function envelopeOf(json: unknown): { isError: string; Error: string; ErrorCode?: unknown } | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const fields = json as { isError?: unknown; Error?: unknown };
  return typeof fields.isError === "string" && typeof fields.Error === "string"
    ? (json as { isError: string; Error: string })
    : null;
}

/**
 * What answered is not the spec's JSON envelope: whatever it said stays on the server. The base
 * URL is an owner's to type, so repeating a stranger's body would make "Test connection" a way to
 * read any page the console's server can reach.
 */
function notAService(status: number, kind: ServiceCallErrorKind): ServiceCallError {
  return new ServiceCallError(
    `This is not a Game Commerce service: what answered (HTTP ${status}) is not the spec's JSON envelope. Check that the base URL is the service's {base_url}.`,
    kind,
    { status },
  );
}

/**
 * Calls `{base_url}{path}` and parses the answer losslessly (numbers keep every digit) with a
 * contract schema. A non-2xx status or `isError` other than "0" becomes a ServiceCallError
 * carrying the service's own `Error` text. At most `init.limit.bytes` of the answer are read
 * (ANSWER_LIMITS); a longer one is a "too-large" ServiceCallError. An answer that is not the
 * spec's envelope is only ever called "not a Game Commerce service". Every call goes through
 * guardedFetch under the connection's address policy: "Test connection" and every later call to
 * a saved base URL alike, so neither can be pointed at the console's own network.
 */
export async function callService<S extends z.ZodType>(
  connection: ServiceConnection,
  path: string,
  schema: S,
  init: { method?: "GET" | "POST"; body?: unknown; limit: AnswerLimit },
): Promise<z.output<S>> {
  const url = `${connection.baseUrl.replace(/\/+$/, "")}${path}`;
  let response: Response;
  try {
    response = await guardedFetch(
      url,
      {
        method: init.method ?? "GET",
        headers: init.body === undefined ? undefined : { "content-type": "application/json" },
        body: init.body === undefined ? undefined : stringifyBody(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
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
    // undici puts the reason in `cause`: a network code (ECONNREFUSED), or a refusal of its own
    // without one (a port browsers and fetch never call, like 9: "bad port").
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message;
    throw new ServiceCallError(
      `The service cannot be reached${reason ? ` (${reason})` : ""}: check the base URL and that the service is running.`,
      "unreachable",
      { networkCode: cause?.code ?? null },
    );
  }
  const text = await readCapped(response, init.limit);
  let json: unknown;
  try {
    json = parse(text, undefined, (literal) => new NumberLiteral(literal));
  } catch {
    throw notAService(response.status, "invalid-response");
  }
  const envelope = envelopeOf(json);
  const failed = !response.ok || (envelope !== null && envelope.isError !== "0");
  if (failed) {
    // The kind stays "refused" (a 404 on an extension's path is how a spec-only service says so).
    if (!envelope) throw notAService(response.status, "refused");
    const said = envelope.Error !== "" ? envelope.Error : `HTTP ${response.status}`;
    const code = typeof envelope.ErrorCode === "string" ? envelope.ErrorCode : null;
    throw new ServiceCallError(`The service refused the request: ${said}`, "refused", {
      status: response.status,
      code,
      retryAfterSeconds: retryAfter(response.headers.get("retry-after")),
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // The spec lets a price list omit the envelope: only a valid one is taken without it.
    if (!envelope) throw notAService(response.status, "invalid-response");
    throw new ServiceCallError(
      `The service's answer does not follow the spec: ${describeIssues(parsed.error.issues)}`,
      "invalid-response",
      { status: response.status },
    );
  }
  return parsed.data;
}
