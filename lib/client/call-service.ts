import "server-only";
import { parse, stringify } from "lossless-json";
import type { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import { isNumberLiteral, NumberLiteral } from "@/lib/contract/number-literal";

/** Where a project lives: any service that implements the spec, and the key for that project. */
export interface ServiceConnection {
  /** `{base_url}`, e.g. http://127.0.0.1:3001/api/public (no trailing slash needed). */
  baseUrl: string;
  projectGuid: string;
  apiKey: string;
}

export type ServiceCallErrorKind = "unreachable" | "timeout" | "refused" | "invalid-response";

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
 * Calls `{base_url}{path}` and parses the answer losslessly (numbers keep every digit) with a
 * contract schema. A non-2xx status or `isError` other than "0" becomes a ServiceCallError
 * carrying the service's own `Error` text.
 */
export async function callService<S extends z.ZodType>(
  connection: ServiceConnection,
  path: string,
  schema: S,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<z.output<S>> {
  const url = `${connection.baseUrl.replace(/\/+$/, "")}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : stringifyBody(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cache: "no-store",
    });
  } catch (error) {
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
  const text = await response.text();
  let json: unknown;
  try {
    json = parse(text, undefined, (literal) => new NumberLiteral(literal));
  } catch {
    throw new ServiceCallError(
      `The service answered HTTP ${response.status} with something that is not JSON: is the base URL the service's {base_url}?`,
      "invalid-response",
      { status: response.status },
    );
  }
  const envelope = json as { isError?: unknown; Error?: unknown; ErrorCode?: unknown } | null;
  const failed = !response.ok || (typeof envelope?.isError === "string" && envelope.isError !== "0");
  if (failed) {
    const said =
      typeof envelope?.Error === "string" && envelope.Error !== ""
        ? envelope.Error
        : `HTTP ${response.status}`;
    const code = typeof envelope?.ErrorCode === "string" ? envelope.ErrorCode : null;
    throw new ServiceCallError(`The service refused the request: ${said}`, "refused", {
      status: response.status,
      code,
      retryAfterSeconds: retryAfter(response.headers.get("retry-after")),
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceCallError(
      `The service's answer does not follow the spec: ${describeIssues(parsed.error.issues)}`,
      "invalid-response",
      { status: response.status },
    );
  }
  return parsed.data;
}
