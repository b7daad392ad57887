import "server-only";
import { lookup as dnsLookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { Agent, type Dispatcher } from "undici";
import {
  checkedLookup,
  isAllowedHost,
  isRefusedPort,
  RefusedAddress,
  refusedRange,
} from "@/common/outbound-addresses";

/**
 * The one way the console calls a service's base URL (docs/console.md, "Addresses the console
 * calls"). The URL is an owner's to type, so a plain fetch would let an owner make the console's
 * server call its own loopback ports, the private network or a cloud metadata endpoint and read
 * the answer back. Here a host that the allow list does not name is called only at a public
 * address:
 * - an IP address in the URL is checked before anything is sent;
 * - a host name is resolved when the connection is opened (dns.lookup, every address), and the
 *   connection goes to an address that was checked, refused when any is not public — there is no
 *   earlier look-up whose answer a second one could change (DNS rebinding);
 * - redirects are followed here, at most MAX_REDIRECTS, each hop checked the same way;
 * - a port that belongs to another protocol (SMTP's 25…) is never called, as fetch refuses it.
 *
 * Calls go through undici's `request`, not `fetch`: the WHATWG streams and objects of fetch cost
 * about 200 µs of the console's thread per call, a third of a bulk sender's whole cost per row
 * (docs/benchmarks.md, "Service and console: reversals"). What fetch did besides, this module
 * does: it asks for and undoes gzip, deflate and br, and refuses fetch's "bad ports".
 */

export interface AddressPolicy {
  /** Entries as allowedHostEntry keeps them: CONSOLE_ALLOWED_SERVICE_HOSTS and the environment connection's host. */
  allowedHosts: ReadonlySet<string>;
  /** How host names resolve; dns.lookup unless a test says otherwise. */
  lookup?: typeof dnsLookup;
  /** What a refusal says to do about it (default: the service allow list's words). */
  allowHint?: string;
}

/**
 * Why a call was not made, or not followed where it led. `code` says whether anything reached a
 * service: ADDRESS_NOT_ALLOWED is refused before the first byte is sent; the others happen after
 * a first answer (a redirect), so a request that changes something may have been taken.
 */
export type GuardCode =
  | "ADDRESS_NOT_ALLOWED"
  | "REDIRECT_NOT_ALLOWED"
  | "TOO_MANY_REDIRECTS"
  | "BAD_REDIRECT";

export class GuardedFetchError extends Error {
  constructor(
    message: string,
    readonly code: GuardCode,
  ) {
    super(message);
    this.name = "GuardedFetchError";
  }
}

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ALLOW_HINT =
  "If the service really runs there, an administrator can allow its host with CONSOLE_ALLOWED_SERVICE_HOSTS.";

const agents = new WeakMap<AddressPolicy, { checked: Dispatcher; allowed: Dispatcher }>();

/** One pair of connection pools per policy: connections are kept alive between calls. */
function agentsOf(policy: AddressPolicy) {
  let pair = agents.get(policy);
  if (!pair) {
    const resolve = policy.lookup ?? dnsLookup;
    pair = {
      checked: new Agent({ connect: { lookup: checkedLookup(resolve) } }),
      allowed: new Agent(policy.lookup ? { connect: { lookup: policy.lookup as LookupFunction } } : {}),
    };
    agents.set(policy, pair);
  }
  return pair;
}

/** The URL's host without an IPv6 address's brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

function refusal(url: URL, what: string, redirected: boolean, hint = ALLOW_HINT): GuardedFetchError {
  // A redirect's target came from what answered: it is not repeated to the browser.
  if (redirected)
    return new GuardedFetchError(
      `The base URL redirected to ${what}, which the console does not call. ${hint}`,
      "REDIRECT_NOT_ALLOWED",
    );
  const where = isIP(bareHost(url)) ? "is" : "resolves to";
  return new GuardedFetchError(
    `The console does not call ${url.hostname}: it ${where} ${what}. ${hint}`,
    "ADDRESS_NOT_ALLOWED",
  );
}

export interface GuardedInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** An answer as guardedFetch hands it over: the body not yet read. */
export interface GuardedResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  /** The body's bytes as they arrive, already decoded from the codings the answer names. */
  body: Readable;
  /** The whole body as text (tests). */
  text(): Promise<string>;
}

/** What fetch asks for, and what `decoded` undoes. */
const ACCEPT_ENCODING = "br, gzip, deflate";
/** More codings than this on one answer is a way to make the console work for nothing (fetch's limit). */
const MAX_CODINGS = 5;

/** The answer's body with each coding it names undone, last applied first; unknown codings: as it came. */
function decoded(body: Readable, contentEncoding: string | null, status: number, method: string): Readable {
  if (!contentEncoding || method === "HEAD" || status === 204 || status === 304) return body;
  const codings = contentEncoding
    .toLowerCase()
    .split(",")
    .map((coding) => coding.trim());
  if (codings.length > MAX_CODINGS) {
    body.destroy(
      new Error(`the answer names ${codings.length} content codings; at most ${MAX_CODINGS} are read`),
    );
    return body;
  }
  // Lenient like browsers and fetch: a stream cut short still yields what it holds.
  const zlibFlush = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
  const decoders = [];
  for (const coding of codings.reverse()) {
    if (coding === "gzip" || coding === "x-gzip") decoders.push(createGunzip(zlibFlush));
    else if (coding === "deflate") decoders.push(createInflate(zlibFlush));
    else if (coding === "br")
      decoders.push(
        createBrotliDecompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          finishFlush: constants.BROTLI_OPERATION_FLUSH,
        }),
      );
    else if (coding !== "identity") return body;
  }
  if (decoders.length === 0) return body;
  // A decoder's failure reaches whoever reads the last stream; the callback only keeps it from
  // being thrown a second time.
  return pipeline([body, ...decoders], () => undefined) as unknown as Readable;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * A service's URL called under an address policy. Answers other than a redirect come back as they
 * are (the caller reads and judges them); a refused address or port, a redirect to one, a redirect
 * loop or an unusable Location is a GuardedFetchError; network failures are undici's own (with
 * their `code`).
 */
export async function guardedFetch(
  url: string,
  init: GuardedInit,
  policy: AddressPolicy,
): Promise<GuardedResponse> {
  const pools = agentsOf(policy);
  let current = new URL(url);
  let { method, headers, body } = init;
  for (let hop = 0; ; hop++) {
    const allowed = isAllowedHost(current, policy.allowedHosts);
    // An IP address is connected to without a look-up: it is checked here instead.
    const literal = bareHost(current);
    const refused = !allowed && isIP(literal) ? refusedRange(literal) : null;
    if (refused) throw refusal(current, refused, hop > 0, policy.allowHint);
    if (isRefusedPort(current))
      throw new GuardedFetchError(
        `The console does not call port ${current.port}: it belongs to another protocol, and fetch refuses it too. Check the base URL's port.`,
        "ADDRESS_NOT_ALLOWED",
      );
    let answer: Dispatcher.ResponseData;
    try {
      answer = await (allowed ? pools.allowed : pools.checked).request({
        origin: current.origin,
        path: `${current.pathname}${current.search}`,
        method: method as Dispatcher.HttpMethod,
        headers: { "accept-encoding": ACCEPT_ENCODING, ...headers },
        body,
        signal: init.signal,
      });
    } catch (error) {
      if (error instanceof RefusedAddress) throw refusal(current, error.what, hop > 0, policy.allowHint);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof RefusedAddress) throw refusal(current, cause.what, hop > 0, policy.allowHint);
      throw error;
    }
    const status = answer.statusCode;
    const location = headerValue(answer.headers.location);
    if (!REDIRECTS.has(status) || location === null) {
      const responseHeaders = answer.headers;
      const stream = decoded(answer.body, headerValue(responseHeaders["content-encoding"]), status, method);
      return {
        status,
        ok: status >= 200 && status < 300,
        headers: { get: (name) => headerValue(responseHeaders[name.toLowerCase()]) },
        body: stream,
        text: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
          return Buffer.concat(chunks).toString("utf8");
        },
      };
    }
    await answer.body.dump().catch(() => undefined);
    if (hop >= MAX_REDIRECTS)
      throw new GuardedFetchError(
        `The base URL redirected more than ${MAX_REDIRECTS} times: check that it is the service's {base_url}.`,
        "TOO_MANY_REDIRECTS",
      );
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      next = new URL("invalid:");
    }
    if (next.protocol !== "http:" && next.protocol !== "https:")
      throw new GuardedFetchError(
        "The base URL redirected to something that is not an http(s) address: check that it is the service's {base_url}.",
        "BAD_REDIRECT",
      );
    // What fetch does on a redirect: 303, and 301/302 after a POST, go on as a GET without the body.
    if ((status === 303 && method !== "HEAD") || (status <= 302 && method === "POST")) {
      method = "GET";
      body = undefined;
      headers = undefined;
    }
    current = next;
  }
}
