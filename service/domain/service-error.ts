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
