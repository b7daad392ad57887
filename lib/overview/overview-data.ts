import type { ContractFunding } from "@/lib/awards/wallet";
import type { BatchCounts } from "@/lib/bulk/batch-counts";
import type { AwardStatus } from "@/lib/model/award-status";
import type { BatchStatus } from "@/lib/model/batch-status";
import type { OutcomeFigures, TokenSeries } from "./aggregate";
import type { OverviewRange } from "./overview-range";

/**
 * What the overview hands the browser (docs/console.md, "The overview"): plain data, read on the
 * server by read-overview.ts, shown by components/overview.
 */

/** Everything the overview shows, plain and safe for the browser: the first paint and its live query. */
export interface OverviewData {
  /** When the figures were read (ISO); "today" is this moment's UTC day. */
  readAt: string;
  /** Whether the service offers our extensions (false: awards end as accepted, no wallet); null: cannot tell now. */
  extensions: boolean | null;
  /** The period the figures are of, and the one they are compared with. */
  range: OverviewRange;
  outcomes: OutcomeFigures;
  tokens: TokenSeries[];
  funding: FundingView;
  batches: BatchSummary[];
  latest: AwardSummary[];
  /**
   * Others' awards and batches waiting for this person's approval, in any project (four-eyes,
   * docs/console.md "Approvals"); null for a role that may not approve.
   */
  approvals: number | null;
}

/** The queue and funding gaps, or why the overview cannot show them. */
export type FundingView =
  | { kind: "shown"; contracts: ContractFunding[]; waiting: number; canFund: boolean }
  /** The role may not see the project wallet (support). */
  | { kind: "not-allowed" }
  /** The service implements the spec only: it has no project wallet. */
  | { kind: "spec-only" }
  /** The service did not answer; its words. */
  | { kind: "failed"; message: string };

/** A recent bulk batch, with its rows counted by status. */
export interface BatchSummary {
  id: number;
  fileName: string;
  status: BatchStatus;
  error: string;
  createdAt: string;
  counts: BatchCounts;
}

/** One award of the overview's latest list, plain and safe for the browser (no body beyond what it shows). */
export interface AwardSummary {
  requestId: string;
  customerId: string;
  status: AwardStatus;
  /** ISO time the award was written to the trail. */
  sentAt: string;
  isAllowance: boolean;
  batchId: number | null;
  /** "12.5 GOLD": amounts as the trail keeps them (exact text), tokens by symbol where known. */
  lines: string[];
}
