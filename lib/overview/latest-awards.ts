import type { AwardSummary } from "./overview-data";
import type { LatestAward } from "./trail-figures";

export function awardSummary(award: LatestAward, symbols: ReadonlyMap<string, string>): AwardSummary {
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
