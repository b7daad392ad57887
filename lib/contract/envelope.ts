import { z } from "zod";
import { type Strictness, strictnessTools } from "./strictness";

/** Error codes our service sends in the `ErrorCode` extension field (docs/service.md, "Envelope and errors"). */
export const ERROR_CODES = [
  "INVALID_API_KEY",
  "KEY_NOT_ALLOWED",
  "KEY_CAP_REACHED",
  "INVALID_REQUEST",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "REQUEST_ID_CONFLICT",
  "REVERSAL_ID_CONFLICT",
  "NOT_REVERSIBLE",
  "REQUEST_TIMEOUT",
  "HEADERS_TOO_LARGE",
  "INTERNAL_ERROR",
  "OVERLOADED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function envelopeShape(level: Strictness) {
  const { object } = strictnessTools(level);
  const fields = {
    isError: z.string().meta({ description: '"0" on success, "1" on failure' }),
    Error: z
      .string()
      .meta({ description: "Empty on success; on failure a sentence naming the field and the rule" }),
    // Another service may use codes of its own; ours are the closed list above.
    ErrorCode: (level === "emit" ? z.enum(ERROR_CODES).optional() : z.string().optional()).meta({
      description: "Extension: machine-readable error code, on failures only",
    }) as z.ZodOptional<z.ZodString>,
  };
  return { fields, Failure: object(fields) };
}
