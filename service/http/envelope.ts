import { STATUS_CODES } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "@/lib/contract/envelope";
import { ServiceError } from "../domain/service-error";
import { ValidationFailure } from "./validation";

/** What a route's failure body keeps besides the envelope: its list fields, empty (rule 1). */
export type EmptyLists = Record<string, unknown>;

declare module "fastify" {
  interface FastifyContextConfig {
    emptyLists?: EmptyLists;
    /** Methods this path answers, for the `Allow` header of a 405. */
    allow?: string;
  }
  interface FastifyRequest {
    /** The failure this request was answered with: its ErrorCode and Error, for the request log. */
    failure?: { readonly code: ErrorCode; readonly message: string };
  }
}

export function ok<T extends object>(data: T): { isError: "0"; Error: "" } & T {
  return { isError: "0", Error: "", ...data };
}

interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
}

// Fastify's own errors before our code runs (body parsing, limits), as our envelope.
const FASTIFY_ERRORS: Record<string, Failure> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    message: "Body is larger than 64 KiB; send at most 100 token lines.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Content-Type must be application/json.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: "INVALID_REQUEST",
    message: "Body must be a JSON object.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "INVALID_REQUEST",
    message: "Content-Length does not match the body.",
  },
};

const NOT_FOUND: Failure = {
  status: 404,
  code: "NOT_FOUND",
  message: "No such endpoint; see /api/public/openapi.json.",
};

function classify(error: unknown): Failure | null {
  if (error instanceof ServiceError)
    return { status: error.status, code: error.code, message: error.message };
  if (error instanceof ValidationFailure)
    return { status: 400, code: "INVALID_REQUEST", message: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && FASTIFY_ERRORS[code]) return FASTIFY_ERRORS[code];
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return { status: 400, code: "INVALID_REQUEST", message: "The request could not be read." };
  }
  return null;
}

/**
 * The one mapping from any error to the envelope (STYLE: ServiceError → its status and
 * message; anything else → 500 with a correlation id, the detail only in the log).
 */
export function sendFailure(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // An unknown route answers 404 even when its body could not be read (route before body).
  let failure = request.is404 && !(error instanceof MalformedUrlError) ? NOT_FOUND : classify(error);
  if (!failure) {
    request.log.error({ err: error, route: request.routeOptions.url }, "internal error");
    failure = {
      status: 500,
      code: "INTERNAL_ERROR",
      message: `Internal error; nothing was changed unless a retry with the same RequestID says so. Correlation id: ${request.id}.`,
    };
  }
  request.failure = failure;
  // Framework errors (a malformed URL) arrive before any route, without a route config.
  const config = request.routeOptions?.config ?? {};
  if (failure.status === 405 && config.allow) reply.header("Allow", config.allow);
  if (failure.status === 429)
    reply.header("Retry-After", String((error as { retryAfter?: number }).retryAfter ?? 1));
  return reply
    .code(failure.status)
    .send({ isError: "1", Error: failure.message, ErrorCode: failure.code, ...(config.emptyLists ?? {}) });
}

export class RateLimitedError extends ServiceError {
  constructor(readonly retryAfter: number) {
    super("RATE_LIMITED", 429, `Rate limit exceeded for this API key; retry after ${retryAfter} second(s).`);
  }
}

/**
 * A path that cannot be read — a malformed percent-encoding, or a parameter longer than the
 * router reads: 400, though no route was matched. The reason names the rule that failed.
 */
export class MalformedUrlError extends ServiceError {
  constructor(reason = "a path parameter holds a malformed percent-encoding") {
    super("INVALID_REQUEST", 400, `The URL is not valid: ${reason}.`);
  }
}

/**
 * The envelope as raw HTTP/1.1 bytes, for answers written to the socket before any request
 * object exists (malformed HTTP, oversized headers, timeouts, the connection cap): the same
 * JSON as `sendFailure`, and the connection closes after it.
 */
export function rawFailure(
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): string {
  const body = JSON.stringify({ isError: "1", Error: message, ErrorCode: code });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
