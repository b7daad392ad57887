import type { ErrorCode } from "@/lib/contract/envelope";

/**
 * The one error type the service raises on purpose. Its message reaches the caller as is, so it
 * names the field and the rule; anything else becomes a generic 500 (service/http/errors.ts).
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const invalid = (message: string) => new ServiceError("INVALID_REQUEST", 400, message);

const SCOPE_WORDS = {
  read: "read (the GET endpoints)",
  award: "award tokens (AwardTokens)",
  fund: "fund the project wallet (FundWallet)",
  keys: "manage keys",
  reverse: "reverse awards (ReverseAward)",
} as const;

/** A live key without the scope the endpoint needs (docs/service.md, "API keys"): 403. */
export const keyNotAllowed = (needed: keyof typeof SCOPE_WORDS, has: readonly string[]) =>
  new ServiceError(
    "KEY_NOT_ALLOWED",
    403,
    `This API key may not ${SCOPE_WORDS[needed]}: its scopes are ${has.join(", ")}. Use a key with the "${needed}" scope.`,
  );

/**
 * A missing, unknown, revoked or foreign key and an unknown project get this one answer, so that
 * projects cannot be enumerated (docs/service.md, "Envelope and errors", rule 2).
 */
export const unauthorized = () =>
  new ServiceError(
    "INVALID_API_KEY",
    401,
    "The API key is missing, unknown or revoked, or not valid for this ProjectGuid.",
  );
