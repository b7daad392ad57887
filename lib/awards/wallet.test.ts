import { describe, expect, it } from "vitest";
import { fundingGaps } from "./wallet";

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
});
