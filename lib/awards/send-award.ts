import "server-only";
import { awardTokens } from "@/lib/client/awards";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import type { AwardStatus } from "@/lib/model/award-status";
import { markSent, recordOutcome } from "./lifecycle/single-award";
import type { AuditLine } from "./lifecycle/transition";
import { acceptedAwardStatus, failedAwardStatus } from "./outcome";
import type { AwardRecord } from "./trail";

export interface SentAward {
  requestId: string;
  status: AwardStatus;
  /** The service's `Error` text, or what was lost in flight. */
  error: string;
  attempt: number;
}

const LOST =
  "The answer was lost on the way (the connection failed after the award was sent): the service may have paid it. Retry: the same RequestID makes sure it is paid at most once.";

/** What one call of AwardTokens came to, for the trail. */
export interface CallOutcome {
  status: AwardStatus;
  /** The service's `Error` text, or what was lost in flight; "" on success. */
  error: string;
  /** The timeline's line for it. */
  detail: string;
  /** A 429's `Retry-After` (seconds): the service asked to slow down; nothing was done. */
  retryAfterSeconds: number | null;
  /** The service refused the key (401): nothing was decided, so another key may send it again. */
  keyRefused: boolean;
}

/** Sends an award's body as the trail holds it and classifies the answer. Writes nothing. */
export async function callAwardTokens(
  connection: ServiceConnection,
  award: Pick<AwardRecord, "requestId" | "customerId" | "isAllowance" | "isMintable" | "wallet" | "lines">,
): Promise<CallOutcome> {
  try {
    const answer = await awardTokens(connection, {
      RequestID: award.requestId,
      CustomerID: award.customerId,
      IsAllowance: award.isAllowance,
      ...(award.isAllowance ? { IsMintable: award.isMintable } : { Wallet: award.wallet }),
      Tokens: award.lines,
    });
    const status = acceptedAwardStatus(answer.Status);
    const detail = {
      completed: "Completed: the player has the tokens.",
      queued: "Queued: waiting for project funds; it settles when the wallet is funded.",
      accepted: "Accepted by the service (it does not report a status).",
    }[status];
    return { status, error: "", detail, retryAfterSeconds: null, keyRefused: false };
  } catch (error) {
    if (!(error instanceof ServiceCallError)) throw error;
    const status = failedAwardStatus(error);
    const message = status === "unknown" ? `${LOST} (${error.message})` : error.message;
    return {
      status,
      error: message,
      detail: status === "unknown" ? "Outcome unknown." : `Failed: ${error.message}`,
      retryAfterSeconds: error.status === 429 ? (error.retryAfterSeconds ?? 1) : null,
      keyRefused: error.status === 401,
    };
  }
}

/**
 * Sends an award the trail already holds, as its body stands (same RequestID on every retry,
 * so the service's idempotency pays it at most once), and records the outcome — with the audit
 * line `audit` makes of it, in the outcome's transaction (docs/console.md, "Audit log").
 */
export async function sendAward(
  db: ConsoleDb,
  connection: ServiceConnection,
  award: AwardRecord,
  actorEmail: string,
  audit?: (sent: SentAward) => AuditLine,
): Promise<SentAward> {
  const attempt = await markSent(db, award.id, actorEmail);
  let outcome: CallOutcome;
  try {
    outcome = await callAwardTokens(connection, award);
  } catch (error) {
    // Our own bug after the call may have gone out: the trail must not claim it failed.
    const lost: SentAward = { requestId: award.requestId, status: "unknown", error: LOST, attempt };
    await recordOutcome(
      db,
      award.id,
      { status: "unknown", error: LOST, detail: "Outcome unknown." },
      audit?.(lost),
    );
    throw error;
  }
  const sent: SentAward = {
    requestId: award.requestId,
    status: outcome.status,
    error: outcome.error,
    attempt,
  };
  await recordOutcome(
    db,
    award.id,
    { status: outcome.status, error: outcome.error, detail: outcome.detail },
    audit?.(sent),
  );
  return sent;
}
