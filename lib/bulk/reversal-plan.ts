import type { AwardRecord } from "@/lib/awards/trail";
import { sumDecimals } from "@/lib/contract/decimal";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * The dry run of a batch reversal (docs/console.md, "Reversals"): per row of the batch, whether a
 * reversal can take anything back, how much at most, or why not — from the trail and the chains
 * of the project's contracts, without a call per row. The service decides each row when it is
 * sent (a player who holds less than the row gave is refused then, and the row says so).
 */

export interface PlanRow {
  line: number;
  customerId: string;
  requestId: string;
  /** What the reversal would take back at most, per line (on-chain lines of a direct award left out). */
  lines: { Guid: string; ContractGuid: string; Amount: string }[];
  /** Null: reversible; else why not. */
  why: string | null;
}

export interface ReversalPlan {
  rows: PlanRow[];
  reversible: number;
  /** Why the others are not, with how many rows each. */
  skipped: { why: string; rows: number }[];
  /** At most this much per token (lower-cased GUID): what the reversible rows gave. */
  totals: { tokenGuid: string; amount: string }[];
}

const WHY: Partial<Record<AwardStatus, string>> = {
  failed: "Never paid: the service refused it.",
  rejected: "Never sent.",
  withdrawn: "Never sent.",
  expired: "Never sent.",
  "awaiting-approval": "Never sent: it waits for approval.",
  pending: "Not sent yet.",
  sending: "Its outcome is not known yet: let the batch finish, or retry its failed rows, first.",
  unknown: "Its outcome is unknown: retry the batch's failed rows first.",
  cancelled: "Cancelled already.",
  reversed: "Reversed whole already.",
};

const isDatabaseChain = (chain: string | undefined) => chain?.toUpperCase() === "DB";

/** `chainOf`: a contract's chain name by its lower-cased GUID. */
export function reversalPlan(
  rows: readonly AwardRecord[],
  chainOf: (contract: string) => string | undefined,
): ReversalPlan {
  const planned = rows.map((row): PlanRow => {
    const base = { line: row.batchLine ?? 0, customerId: row.customerId, requestId: row.requestId };
    const why = WHY[row.status];
    if (why) return { ...base, lines: [], why };
    // A queued award is cancelled whole; a paid direct one only where its chain is the database.
    const lines =
      row.isAllowance || row.status === "queued"
        ? row.lines
        : row.lines.filter((line) => isDatabaseChain(chainOf(line.ContractGuid.toLowerCase())));
    if (lines.length === 0)
      return { ...base, lines, why: "Distributed on a blockchain: an on-chain transfer is final." };
    return {
      ...base,
      lines: lines.map((l) => ({ Guid: l.Guid, ContractGuid: l.ContractGuid, Amount: l.Amount })),
      why: null,
    };
  });
  const skipped = new Map<string, number>();
  const amounts = new Map<string, string[]>();
  for (const row of planned) {
    if (row.why) skipped.set(row.why, (skipped.get(row.why) ?? 0) + 1);
    else
      for (const line of row.lines) {
        const token = line.Guid.toLowerCase();
        amounts.set(token, [...(amounts.get(token) ?? []), line.Amount]);
      }
  }
  return {
    rows: planned,
    reversible: planned.filter((row) => row.why === null).length,
    skipped: [...skipped].map(([why, count]) => ({ why, rows: count })),
    totals: [...amounts].map(([tokenGuid, values]) => ({ tokenGuid, amount: sumDecimals(values) })),
  };
}
