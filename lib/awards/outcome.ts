import type { ServiceCallErrorKind } from "@/lib/client/call-service";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * Network errors that mean the request never reached the service: nothing can have been paid.
 * ADDRESS_NOT_ALLOWED is the console refusing the base URL's address before sending
 * (lib/client/guarded-fetch.ts); a refused redirect is not here: the first hop was answered.
 */
const NOT_DELIVERED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ADDRESS_NOT_ALLOWED",
]);

/**
 * What a failed award call means for the trail. A refusal (4xx with the service's `Error`) or a
 * request that never left is `failed`: nothing happened. Everything else — a timeout, a
 * connection dropped after sending, a 5xx, an unreadable answer, an answer too large to read —
 * is `unknown`: the service may have paid, and only a retry with the same RequestID settles it
 * without paying twice.
 */
export function failedAwardStatus(failure: {
  kind: ServiceCallErrorKind;
  status: number | null;
  networkCode: string | null;
}): Extract<AwardStatus, "failed" | "unknown"> {
  switch (failure.kind) {
    case "refused":
      return failure.status !== null && failure.status >= 500 ? "unknown" : "failed";
    case "unreachable":
      return failure.networkCode && NOT_DELIVERED.has(failure.networkCode) ? "failed" : "unknown";
    // The award was delivered and answered; the console stopped reading before it could see
    // what the answer said — whatever its status, even a 4xx (docs/console.md, "The trail").
    case "too-large":
    case "timeout":
    case "invalid-response":
    case "busy":
      return "unknown";
  }
}

/** The trail's status for a service answer: our `Status` extension, or plain acceptance. */
export function acceptedAwardStatus(
  status: string | undefined,
): Extract<AwardStatus, "completed" | "queued" | "accepted"> {
  if (status === "Completed") return "completed";
  if (status === "Queued") return "queued";
  return "accepted";
}
