import type { BatchStatus } from "./batch-status";

/**
 * Where a reversal stands in the console's trail (docs/console.md, "Reversals"). Plain values with
 * no imports, like the award statuses beside it.
 */
export const REVERSAL_STATUSES = [
  /** A row of a batch reversal, waiting for its turn (never sent yet). */
  "pending",
  /** Over the owners' reversal policy: written, nothing sent, until another person approves. */
  "awaiting-approval",
  /** Written, not yet answered: the call is in flight, or the console stopped during it. */
  "sending",
  /** The service reversed it (its answer is kept). */
  "done",
  /** The service refused it (its reason is kept), or it never reached the service: nothing changed. */
  "failed",
  /** The answer was lost: the service may or may not have reversed. Retry with the same ReversalID. */
  "unknown",
  "rejected",
  "withdrawn",
  "expired",
] as const;
export type ReversalStatus = (typeof REVERSAL_STATUSES)[number];

/** A line as the service reads it: token, contract, exact decimal amount. */
export interface ReversalLine {
  Guid: string;
  ContractGuid: string;
  Amount: string;
}

/** What the service answered a reversal: the award's state after it and the amounts. */
export interface ReversalOutcomeRecord {
  state: "Cancelled" | "PartlyReversed" | "Reversed";
  taken: ReversalLine[];
  remaining: ReversalLine[];
  settled: string[];
}

/** A reversal as the trail holds it (lib/db/schema.ts `reversals`), as an award's page shows it. */
export interface TrailReversal {
  id: number;
  reversalId: string;
  status: ReversalStatus;
  actorEmail: string;
  reason: string;
  /** Null: everything of the award still reversible. */
  lines: ReversalLine[] | null;
  outcome: ReversalOutcomeRecord | null;
  error: string;
  createdAt: Date;
  batchReversalId: number | null;
  /** The four-eyes request it waited (or waits) for; null when it needed none. */
  approvalId: number | null;
}

/** One line of an award as the Reverse panel offers it. */
export interface ReversibleLine {
  token: string;
  contract: string;
  symbol: string;
  chain: string;
  awarded: string;
  remaining: string;
  /** Null: reversible; else why not, in words. */
  blocked: string | null;
}

/** What the Reverse panel shows: the award as the service reads it now, or why it cannot. */
export type ReversalView =
  | { kind: "unavailable"; why: string }
  | {
      kind: "ready";
      /** The service's state of the award: Completed, Queued, Cancelled, PartlyReversed, Reversed. */
      state: string;
      isAllowance: boolean;
      wallet: string;
      lines: ReversibleLine[];
      /** Null: something can be reversed; else why nothing can. */
      nothing: string | null;
    };

/** A batch's reversal as its page shows it: the batch reversal, and its rows counted by status. */
export interface BatchReversalProgress {
  id: number;
  status: BatchStatus;
  error: string;
  rowCount: number;
  actorEmail: string;
  reason: string;
  createdAt: string;
  counts: Record<string, number>;
  /** The request it waits (or waited) for under the owners' reversal policy; null: none. */
  approvalId: number | null;
}
