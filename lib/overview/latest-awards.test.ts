import { describe, expect, it } from "vitest";
import type { AwardRecord } from "@/lib/awards/trail";
import { awardSummary } from "./latest-awards";

const award = {
  id: 1,
  requestId: "0B8C7A2E-1111-4222-8333-944455556666",
  customerId: "player-7",
  status: "queued",
  createdAt: new Date("2026-11-24T00:00:01.500Z"),
  isAllowance: false,
  batchId: 3,
  lines: [
    {
      Guid: "1B0E7A10-0001-4A11-8B21-0000000000A1",
      ContractGuid: "c1",
      Amount: "1234567.000000000000000001",
    },
    { Guid: "ffffffff-2222-4a11-8b21-0000000000a2", ContractGuid: "c2", Amount: "0.5" },
  ],
} as AwardRecord;

describe("awardSummary", () => {
  it("keeps amounts as exact text and names tokens by symbol, or by the start of their GUID", () => {
    const summary = awardSummary(award, new Map([["1b0e7a10-0001-4a11-8b21-0000000000a1", "GOLD"]]));
    expect(summary).toEqual({
      requestId: "0B8C7A2E-1111-4222-8333-944455556666",
      customerId: "player-7",
      status: "queued",
      sentAt: "2026-11-24T00:00:01.500Z",
      isAllowance: false,
      batchId: 3,
      lines: ["1234567.000000000000000001 GOLD", "0.5 ffffffff"],
    });
  });
});
