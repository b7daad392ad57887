import "server-only";
import type { AuditActor } from "@/lib/audit/audit-log";
import { reverseAward } from "@/lib/client/awards";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import type { ReversalOutcomeRecord } from "@/lib/model/reversal-status";
import { markReversalSent, type ReversalRecord, recordReversalOutcome } from "./lifecycle/reversals";
import type { AuditLine } from "./lifecycle/transition";
import { failedAwardStatus } from "./outcome";
import type { AwardRecord } from "./trail";

/** What one attempt of a reversal came to. */
export interface SentReversal {
  reversalId: string;
  status: "done" | "failed" | "unknown";
  /** The service's `Error` text, or what was lost in flight; "" when done. */
  error: string;
  answer: ReversalOutcomeRecord | null;
  attempt: number;
}

const LOST =
  "The answer was lost on the way (the connection failed after the reversal was sent): the service may have reversed it. Retry: the same ReversalID makes sure it is reversed at most once.";

/** "2 GOLD + 1 GEM": what a reversal took back, in words. */
export function linesText(
  lines: readonly { Guid: string; Amount: string }[],
  symbolOf: (guid: string) => string,
) {
  return lines.map((line) => `${line.Amount} ${symbolOf(line.Guid.toLowerCase())}`).join(" + ");
}

/** The timeline's line for a reversal the service did. */
function doneText(answer: ReversalOutcomeRecord, symbolOf: (guid: string) => string): string {
  const taken = linesText(answer.taken, symbolOf);
  const settled =
    answer.settled.length > 0 ? ` ${answer.settled.length} queued award(s) settled with what came back.` : "";
  if (answer.state === "Cancelled") return `Cancelled: ${taken} will never be paid.${settled}`;
  return `${answer.state === "Reversed" ? "Reversed whole" : "Partly reversed"}: ${taken} taken back.${settled}`;
}

/** The audit line of a reversal's outcome. */
export function reversalAudit(
  actor: AuditActor,
  project: string,
  award: Pick<AwardRecord, "requestId" | "customerId">,
  reversal: Pick<ReversalRecord, "reason">,
  symbolOf: (guid: string) => string,
) {
  return (sent: SentReversal) => ({
    actor,
    event: {
      kind: sent.status === "done" ? ("award.reversed" as const) : ("award.reversal-failed" as const),
      project,
      summary:
        sent.status === "done" && sent.answer
          ? `${sent.answer.state === "Cancelled" ? "Cancelled" : "Reversed"} ${linesText(sent.answer.taken, symbolOf)} of award ${award.requestId} to ${award.customerId}: ${reversal.reason}`
          : `Reversal of award ${award.requestId} to ${award.customerId} ${sent.status === "unknown" ? "has an unknown outcome" : "was refused"}: ${sent.error}`,
      detail: {
        requestId: award.requestId,
        customerId: award.customerId,
        reversalId: sent.reversalId,
        attempt: sent.attempt,
        status: sent.status,
        reason: reversal.reason,
        ...(sent.answer
          ? { state: sent.answer.state, taken: sent.answer.taken, settled: sent.answer.settled }
          : {}),
      },
    },
  });
}

/** What one call of ReverseAward came to, for the trail. Writes nothing. */
export interface ReversalCall {
  status: "done" | "failed" | "unknown";
  error: string;
  answer: ReversalOutcomeRecord | null;
  /** The timeline's line for it. */
  detail: string;
  /** A 429's `Retry-After` (seconds): the service asked to slow down; nothing was done. */
  retryAfterSeconds: number | null;
}

/** Sends a reversal's body as the trail holds it and classifies the answer. */
export async function callReverseAward(
  connection: ServiceConnection,
  reversal: Pick<ReversalRecord, "reversalId" | "reason" | "lines">,
  requestId: string,
  symbolOf: (guid: string) => string,
): Promise<ReversalCall> {
  try {
    const data = (
      await reverseAward(connection, {
        ReversalID: reversal.reversalId,
        RequestID: requestId,
        Reason: reversal.reason,
        Tokens: reversal.lines,
      })
    ).Data;
    const answer: ReversalOutcomeRecord = {
      state: data.Status as ReversalOutcomeRecord["state"],
      taken: data.Tokens,
      remaining: data.Remaining,
      settled: data.Settled,
    };
    return { status: "done", error: "", answer, detail: doneText(answer, symbolOf), retryAfterSeconds: null };
  } catch (error) {
    if (!(error instanceof ServiceCallError)) throw error;
    const status = failedAwardStatus(error);
    return {
      status,
      error: status === "unknown" ? `${LOST} (${error.message})` : error.message,
      answer: null,
      detail: status === "unknown" ? "Reversal outcome unknown." : `Reversal refused: ${error.message}`,
      retryAfterSeconds: error.status === 429 ? (error.retryAfterSeconds ?? 1) : null,
    };
  }
}

/**
 * Sends a reversal the trail holds, as it stands (the same ReversalID on every retry, so the
 * service reverses at most once), and records what came of it with the audit line `audit` makes
 * of it, in the outcome's transaction.
 */
export async function sendReversal(
  db: ConsoleDb,
  connection: ServiceConnection,
  reversal: ReversalRecord,
  award: Pick<AwardRecord, "requestId">,
  actorEmail: string,
  symbolOf: (guid: string) => string,
  audit?: (sent: SentReversal) => AuditLine,
): Promise<SentReversal> {
  const attempt = await markReversalSent(db, reversal.id, actorEmail);
  let call: ReversalCall;
  try {
    call = await callReverseAward(connection, reversal, award.requestId, symbolOf);
  } catch (error) {
    // Our own bug after the call may have gone out: the trail must not claim it failed.
    await recordReversalOutcome(db, reversal.id, {
      status: "unknown",
      error: LOST,
      detail: "Reversal outcome unknown.",
    });
    throw error;
  }
  const sent: SentReversal = {
    reversalId: reversal.reversalId,
    status: call.status,
    error: call.error,
    answer: call.answer,
    attempt,
  };
  await recordReversalOutcome(
    db,
    reversal.id,
    { status: call.status, error: call.error, answer: call.answer ?? undefined, detail: call.detail },
    audit?.(sent),
  );
  return sent;
}
