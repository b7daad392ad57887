import type { AwardRecord } from "@/lib/awards/trail";
import type { AwardStatus } from "@/lib/model/award-status";

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

export function awardSummary(award: AwardRecord, symbols: ReadonlyMap<string, string>): AwardSummary {
  return {
    requestId: award.requestId,
    customerId: award.customerId,
    status: award.status,
    sentAt: award.createdAt.toISOString(),
    isAllowance: award.isAllowance,
    batchId: award.batchId,
    lines: award.lines.map(
      (line) => `${line.Amount} ${symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8)}`,
    ),
  };
}
