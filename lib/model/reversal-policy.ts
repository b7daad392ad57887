/**
 * When a reversal waits for a second person (docs/console.md, "Reversals"): an owner's choice per
 * project. Plain values: the settings form in the browser lists them.
 */
export const REVERSAL_APPROVALS = ["none", "above-threshold", "all"] as const;
export type ReversalApproval = (typeof REVERSAL_APPROVALS)[number];

export const REVERSAL_APPROVAL_LABELS: Record<ReversalApproval, string> = {
  none: "Never: a manager or owner reverses at once",
  "above-threshold": "Above a token's approval threshold (as awards)",
  all: "Always: every reversal waits for another manager or owner",
};
