import type { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import type { ServiceCallErrorKind } from "@/lib/model/service-failure";
import { ANSWERS, type AnswerKind } from "./answers";
import { parseAnswerJson } from "./parse-answer-json";

// No "server-only" marker: the worker thread (answer-worker.ts) runs this too, outside React's
// server environment, where the marker throws.

export type { ServiceCallErrorKind };

/** A failure as plain data, so a worker thread can send it: call-service.ts makes it a ServiceCallError. */
export interface CallFailure {
  message: string;
  kind: ServiceCallErrorKind;
  status?: number;
  code?: string | null;
  networkCode?: string | null;
  retryAfterSeconds?: number | null;
}

/** What the console makes of an answer read whole: the checked data, or why it is refused. */
export type Verdict = { ok: true; data: unknown } | { ok: false; failure: CallFailure };

/** What the console knows of an answer besides its body. */
export interface AnswerHead {
  status: number;
  ok: boolean;
  retryAfter: string | null;
}

/** `Retry-After` as seconds (a number of seconds or an HTTP date), or null. */
function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
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
function notAService(status: number, kind: ServiceCallErrorKind): { ok: false; failure: CallFailure } {
  return {
    ok: false,
    failure: {
      message: `This is not a Game Commerce service: what answered (HTTP ${status}) is not the spec's JSON envelope. Check that the base URL is the service's {base_url}.`,
      kind,
      status,
    },
  };
}

/**
 * Parses an answer losslessly (numbers keep every digit) and checks it with its kind's contract
 * schema. A non-2xx status or `isError` other than "0" is refused with the service's own `Error`
 * text; an answer that is not the spec's envelope is only ever called "not a Game Commerce
 * service". Synchronous: call-service.ts runs it on the request's thread for small answers and
 * in answer-worker.ts for large ones.
 */
export function judgeAnswer(text: string, head: AnswerHead, kind: AnswerKind): Verdict {
  let json: unknown;
  try {
    json = parseAnswerJson(text);
  } catch {
    return notAService(head.status, "invalid-response");
  }
  const envelope = envelopeOf(json);
  const failed = !head.ok || (envelope !== null && envelope.isError !== "0");
  if (failed) {
    // The kind stays "refused" (a 404 on an extension's path is how a spec-only service says so).
    if (!envelope) return notAService(head.status, "refused");
    const said = envelope.Error !== "" ? envelope.Error : `HTTP ${head.status}`;
    return {
      ok: false,
      failure: {
        message: `The service refused the request: ${said}`,
        kind: "refused",
        status: head.status,
        code: typeof envelope.ErrorCode === "string" ? envelope.ErrorCode : null,
        retryAfterSeconds: retryAfterSeconds(head.retryAfter),
      },
    };
  }
  const schema: z.ZodType = ANSWERS[kind].schema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // The spec lets a price list omit the envelope: only a valid one is taken without it.
    if (!envelope) return notAService(head.status, "invalid-response");
    return {
      ok: false,
      failure: {
        message: `The service's answer does not follow the spec: ${describeIssues(parsed.error.issues)}`,
        kind: "invalid-response",
        status: head.status,
      },
    };
  }
  return { ok: true, data: parsed.data };
}
