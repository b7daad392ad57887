import { describe, expect, it } from "vitest";
import { age, fundingGaps } from "./wallet";

const balance = (ContractGuid: string, Amount: string) => ({
  TokenGuid: "t-gem",
  Symbol: "GEM",
  ContractGuid,
  ChainName: "DB",
  Amount,
});
const queued = (RequestID: string, lines: [string, string][]) => ({
  RequestID,
  CustomerID: "p",
  Wallet: "w",
  QueuedAt: "2026-11-23T10:00:00Z",
  Tokens: lines.map(([ContractGuid, Amount]) => ({ Guid: "t-gem", ContractGuid, Amount })),
});

describe("the project wallet's funding gap", () => {
  it("is the queued total minus the balance, exactly, per contract; never below zero", () => {
    const gaps = fundingGaps({
      Balances: [balance("C-DB", "250.5"), balance("C-POLY", "100"), balance("C-EMPTY", "0")],
      Queue: [
        queued("r1", [["C-DB", "1000"]]),
        queued("r2", [
          ["C-DB", "0.000000000000000001"],
          ["C-POLY", "5"],
        ]),
      ],
    });
    expect(
      gaps.map(({ contractGuid, queued, gap, waiting }) => ({ contractGuid, queued, gap, waiting })),
    ).toEqual([
      { contractGuid: "C-DB", queued: "1000.000000000000000001", gap: "749.500000000000000001", waiting: 2 },
      { contractGuid: "C-POLY", queued: "5", gap: "0", waiting: 1 },
      { contractGuid: "C-EMPTY", queued: "0", gap: "0", waiting: 0 },
    ]);
  });

  it("says how long an award has waited", () => {
    const now = new Date("2026-11-23T13:20:30Z");
    expect(age("2026-11-23T13:20:00Z", now)).toBe("under a minute");
    expect(age("2026-11-23T13:00:00Z", now)).toBe("20 min");
    expect(age("2026-11-23T10:00:00Z", now)).toBe("3 h 20 min");
    expect(age("2026-11-20T10:00:00Z", now)).toBe("3 days");
  });
});
