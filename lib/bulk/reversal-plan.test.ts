import { describe, expect, it } from "vitest";
import type { AwardRecord } from "@/lib/awards/trail";
import type { AwardStatus } from "@/lib/model/award-status";
import { reversalPlan } from "./reversal-plan";

const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const DB = "2c1f8b20-0001-4b22-9c32-0000000000b1";
const CHAIN = "2c1f8b20-0004-4b22-9c32-0000000000b4";

let line = 0;
const row = (status: AwardStatus, options: { direct?: boolean; contract?: string; amount?: string } = {}) =>
  ({
    batchLine: ++line,
    customerId: `p-${line}`,
    requestId: `r-${line}`,
    status,
    isAllowance: !options.direct,
    lines: [{ Guid: GOLD, ContractGuid: options.contract ?? DB, Amount: options.amount ?? "1.5" }],
  }) as unknown as AwardRecord;

describe("a batch reversal's dry run (docs/console.md, Reversals)", () => {
  it("takes back what paid or waits; says why for the rest; totals are exact", () => {
    const plan = reversalPlan(
      [
        row("completed", { amount: "0.000000000000000001" }),
        row("queued", { direct: true, contract: CHAIN }),
        row("partly-reversed"),
        row("accepted"),
        row("completed", { direct: true, contract: CHAIN }),
        row("failed"),
        row("unknown"),
        row("reversed"),
        row("cancelled"),
      ],
      (contract) => (contract === DB ? "DB" : "Polygon"),
    );
    expect(plan.reversible).toBe(4);
    expect(plan.rows.map((r) => r.why)).toEqual([
      null,
      null,
      null,
      null,
      "Distributed on a blockchain: an on-chain transfer is final.",
      "Never paid: the service refused it.",
      "Its outcome is unknown: retry the batch's failed rows first.",
      "Reversed whole already.",
      "Cancelled already.",
    ]);
    expect(plan.totals).toEqual([{ tokenGuid: GOLD, amount: "4.500000000000000001" }]);
    expect(plan.skipped).toContainEqual({ why: "Reversed whole already.", rows: 1 });
  });
});
