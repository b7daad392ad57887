import { compareDecimals } from "@/lib/contract/decimal";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { ApprovalStatus } from "@/lib/model/approval-status";
import type { ApprovalTokenTotal } from "@/lib/model/approval-summary";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * How the Approvals pages put a four-eyes request into words (docs/console.md, "Approvals"):
 * plain functions over plain values, and the rows the pages' tables are handed, browser-safe, so
 * the pages on the server and the buttons in the browser say the same thing. Amounts stay exact
 * decimal text throughout.
 */

/** One four-eyes request as the Approvals page lists it (built on the server, plain and browser-safe). */
export interface ApprovalRow {
  id: number;
  /** "Award to player-1002", "Batch weekend.csv (5 rows)". */
  subject: string;
  /** The project it goes to: its connection's name. */
  project: string;
  /** "5,000 GEM", one per token: exact amounts, digits grouped. */
  totals: string[];
  requestedBy: string;
  /** ISO 8601 UTC: sorts as text in time order; shown in the person's zone. */
  requestedAt: string;
  expiresAt: string;
  status: ApprovalStatus;
  /** Who decided; "" for an expiry. */
  decidedBy: string;
  decidedAt: string | null;
  /** The rejection's reason. */
  note: string;
}

/** One row of a batch waiting for approval, as the file asked for it. */
export interface BatchRequestRow {
  line: number;
  customerId: string;
  /** The token's symbol, or its GUID when the request does not name it. */
  token: string;
  contract: string;
  /** Exact decimal text, as it will be sent. */
  amount: string;
  /** "Allowance", "Allowance (mintable)", "Direct". */
  mode: string;
  /** The wallet of a direct distribution; "" for an allowance. */
  wallet: string;
}

/** "5,000 GEM". */
export function totalText(total: Pick<ApprovalTokenTotal, "amount" | "symbol">): string {
  return `${groupDigits(total.amount)} ${total.symbol}`;
}

/** "5,000 GEM", "5,000 GEM and 20 GOLD", "1 A, 2 B and 3 C". */
export function totalsText(totals: readonly Pick<ApprovalTokenTotal, "amount" | "symbol">[]): string {
  const parts = totals.map(totalText);
  if (parts.length <= 1) return parts[0] ?? "nothing";
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** Whether a token's total is what sent the request to approval: above the threshold (equal is not). */
export function isOverThreshold(total: Pick<ApprovalTokenTotal, "amount" | "threshold">): boolean {
  return total.threshold !== null && compareDecimals(total.amount, total.threshold) > 0;
}

/** What a request is about, as a list or a dialog names it. */
export type ApprovalSubject =
  | { kind: "award"; customerId: string }
  | { kind: "reversal"; customerId: string }
  | { kind: "batch-reversal"; fileName: string; rows: number }
  | { kind: "batch"; fileName: string; rows: number; players?: number }
  | { kind: "campaign"; name: string; players: number };

const plural = (n: number, one: string, many: string) => `${groupDigits(String(n))} ${n === 1 ? one : many}`;

/** "Award to player-1002", "Batch weekend.csv (5 rows)". */
export function subjectText(subject: ApprovalSubject): string {
  if (subject.kind === "award") return `Award to ${subject.customerId}`;
  if (subject.kind === "reversal") return `Reversal of an award to ${subject.customerId}`;
  if (subject.kind === "batch-reversal")
    return `Reversal of batch ${subject.fileName} (${plural(subject.rows, "row", "rows")})`;
  if (subject.kind === "campaign")
    return `Campaign ${subject.name} (${plural(subject.players, "player", "players")})`;
  return `Batch ${subject.fileName} (${plural(subject.rows, "row", "rows")})`;
}

/** "Approval request 3": the request's page title, and the start of its name everywhere else. */
export function approvalRequestTitle(id: number): string {
  return `Approval request ${id}`;
}

/**
 * A request's one name, as its page shows it (title, then what and how much) and as the audit log
 * writes it: "Approval request 3 (Award to player-1002: 5,000 GEM)". The trail's own award and
 * batch ids are never a request's name: no page shows an award by that number.
 */
export function approvalRequestName(
  id: number,
  subject: ApprovalSubject,
  totals: readonly Pick<ApprovalTokenTotal, "amount" | "symbol">[],
): string {
  return `${approvalRequestTitle(id)} (${subjectText(subject)}: ${totalsText(totals)})`;
}

/**
 * The approval dialog's question, naming what goes out and to whom: "Send 5,000 GEM to
 * player-1002?", "Send 5,000 GEM to 5 players (weekend.csv, 5 rows)?".
 */
export function approveQuestion(
  subject: ApprovalSubject,
  totals: readonly Pick<ApprovalTokenTotal, "amount" | "symbol">[],
): string {
  const what = totalsText(totals);
  if (subject.kind === "award") return `Send ${what} to ${subject.customerId}?`;
  if (subject.kind === "reversal") return `Take back ${what} awarded to ${subject.customerId}?`;
  if (subject.kind === "batch-reversal")
    return `Take back at most ${what} from ${plural(subject.rows, "row", "rows")} of ${subject.fileName}?`;
  if (subject.kind === "campaign")
    return `Run campaign ${subject.name}, paying ${what} to ${plural(subject.players, "player", "players")} at each occurrence?`;
  const to = subject.players === undefined ? "" : ` to ${plural(subject.players, "player", "players")}`;
  return `Send ${what}${to} (${subject.fileName}, ${plural(subject.rows, "row", "rows")})?`;
}

/** How an award goes out: "Allowance", "Allowance (mintable)" or "Direct distribution" (to a wallet). */
export function awardMode(award: { isAllowance: boolean; isMintable: boolean }): string {
  if (!award.isAllowance) return "Direct distribution";
  return award.isMintable ? "Allowance (mintable)" : "Allowance";
}

/** The fields of a request these helpers read (an approval_requests row, or its plain copy). */
export interface ApprovalState {
  status: ApprovalStatus;
  requesterId: number | null;
  requesterEmail: string;
  createdAt: Date;
  expiresAt: Date;
  decidedByEmail: string;
  decidedAt: Date | null;
  note: string;
}

/**
 * Where a request stands for a person looking now: a request still "waiting" past its time is
 * expired (the job that marks it may not have run yet, and nobody can decide it any more).
 */
export function standing(row: Pick<ApprovalState, "status" | "expiresAt">, now = new Date()): ApprovalStatus {
  return row.status === "waiting" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export interface ApprovalChoices {
  /** The viewer asked for it: only another manager or owner can approve or reject it. */
  own: boolean;
  approve: boolean;
  reject: boolean;
  withdraw: boolean;
}

/**
 * What the viewer is offered: approving and rejecting others' waiting requests, withdrawing
 * their own. The server decides again on every act; this only keeps the page from offering
 * what it would refuse.
 */
export function approvalChoices(
  row: Pick<ApprovalState, "status" | "expiresAt" | "requesterId">,
  viewerId: number,
  now = new Date(),
): ApprovalChoices {
  const waiting = standing(row, now) === "waiting";
  const own = row.requesterId === viewerId;
  return { own, approve: waiting && !own, reject: waiting && !own, withdraw: waiting && own };
}

export type HistoryStepKind = "requested" | Exclude<ApprovalStatus, "waiting">;

export interface HistoryStep {
  kind: HistoryStepKind;
  /** Who did it; "" for an expiry (nobody). */
  who: string;
  at: Date;
  /** The rejection's reason. */
  note: string;
}

export const HISTORY_LABELS: Record<HistoryStepKind, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

/** The request's history: asked for, then how it ended (if it did). */
export function approvalHistory(row: ApprovalState, now = new Date()): HistoryStep[] {
  const steps: HistoryStep[] = [{ kind: "requested", who: row.requesterEmail, at: row.createdAt, note: "" }];
  const status = standing(row, now);
  if (status === "waiting") return steps;
  steps.push({
    kind: status,
    who: status === "expired" ? "" : row.decidedByEmail,
    at: status === "expired" ? (row.decidedAt ?? row.expiresAt) : (row.decidedAt ?? row.createdAt),
    note: status === "rejected" ? row.note : "",
  });
  return steps;
}

/** What the approve action answers (lib/actions/approve-request.ts). */
export type ApproveOutcome =
  | { kind: "award"; requestId: string; status: AwardStatus; error: string }
  | { kind: "reversal"; requestId: string; status: "done" | "failed" | "unknown"; error: string }
  | { kind: "batch-reversal"; batchId: number }
  | { kind: "batch"; batchId: number }
  | { kind: "campaign"; campaignId: number };

/** The toast after "Approve and send": what happened to what was sent. */
export function approveOutcomeMessage(outcome: ApproveOutcome): {
  tone: "success" | "warning" | "error";
  message: string;
} {
  if (outcome.kind === "batch")
    return { tone: "success", message: `Approved: batch ${outcome.batchId} is being sent.` };
  if (outcome.kind === "batch-reversal")
    return { tone: "success", message: `Approved: batch ${outcome.batchId} is being reversed.` };
  if (outcome.kind === "campaign")
    return { tone: "success", message: "Approved: the campaign runs each occurrence when it is due." };
  if (outcome.kind === "reversal")
    return outcome.status === "done"
      ? { tone: "success", message: "Approved and reversed." }
      : outcome.status === "unknown"
        ? {
            tone: "warning",
            message:
              "Approved and sent, but the outcome is unknown: retry it from the award's page (same ReversalID).",
          }
        : { tone: "error", message: `Approved, but the service refused the reversal: ${outcome.error}` };
  switch (outcome.status) {
    case "completed":
    case "accepted":
      return { tone: "success", message: `Approved and sent: ${outcome.status}.` };
    case "queued":
      return {
        tone: "success",
        message: "Approved and sent: queued until the project wallet has the funds.",
      };
    case "failed":
      return {
        tone: "error",
        message: `Approved, but the service refused the award${outcome.error ? `: ${outcome.error}` : "."}`,
      };
    case "unknown":
      return {
        tone: "warning",
        message:
          "Approved and sent, but the outcome is unknown: retry it from the award's page (same RequestID).",
      };
    default:
      return { tone: "success", message: `Approved: the award is ${outcome.status}.` };
  }
}
