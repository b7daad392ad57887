import { describe, expect, it } from "vitest";
import {
  type ApprovalState,
  approvalChoices,
  approvalHistory,
  approveOutcomeMessage,
  approveQuestion,
  awardMode,
  isOverThreshold,
  standing,
  subjectText,
  totalsText,
} from "./approval-view";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const LATER = new Date("2026-12-01T12:00:00.000Z");
const EARLIER = new Date("2026-11-24T11:59:59.000Z");

const request = (over: Partial<ApprovalState> = {}): ApprovalState => ({
  status: "waiting",
  requesterId: 7,
  requesterEmail: "manager@demo.test",
  createdAt: new Date("2026-11-24T10:00:00.000Z"),
  expiresAt: LATER,
  decidedByEmail: "",
  decidedAt: null,
  note: "",
  ...over,
});

describe("totalsText and approveQuestion", () => {
  const gem = { amount: "5000", symbol: "GEM" };
  const gold = { amount: "20.5", symbol: "GOLD" };

  it("names every token's total, the last after 'and'", () => {
    expect(totalsText([gem])).toBe("5,000 GEM");
    expect(totalsText([gem, gold])).toBe("5,000 GEM and 20.5 GOLD");
    expect(totalsText([gem, gold, { amount: "1", symbol: "SHARD" }])).toBe(
      "5,000 GEM, 20.5 GOLD and 1 SHARD",
    );
    expect(totalsText([])).toBe("nothing");
  });

  it("asks about an award with the player, and about a batch with its players, file and rows", () => {
    expect(approveQuestion({ kind: "award", customerId: "player-1002" }, [gem])).toBe(
      "Send 5,000 GEM to player-1002?",
    );
    expect(
      approveQuestion({ kind: "batch", fileName: "weekend.csv", rows: 1200, players: 1 }, [gem, gold]),
    ).toBe("Send 5,000 GEM and 20.5 GOLD to 1 player (weekend.csv, 1,200 rows)?");
  });

  it("names the subject of a list row", () => {
    expect(subjectText({ kind: "award", customerId: "sakura@例え.jp" })).toBe("Award to sakura@例え.jp");
    expect(subjectText({ kind: "batch", fileName: "a.csv", rows: 1 })).toBe("Batch a.csv (1 row)");
  });
});

describe("awardMode", () => {
  it("names allowances, mintable ones, and direct distributions (a wallet's mintable flag is not used)", () => {
    expect(awardMode({ isAllowance: true, isMintable: false })).toBe("Allowance");
    expect(awardMode({ isAllowance: true, isMintable: true })).toBe("Allowance (mintable)");
    expect(awardMode({ isAllowance: false, isMintable: true })).toBe("Direct distribution");
  });
});

describe("isOverThreshold", () => {
  it.each([
    ["5000", "1000", true],
    ["1000", "1000", false],
    ["1000.000000000000000001", "1000", true],
    ["999", "1000", false],
    ["5000", null, false],
  ])("%s against %s: %s", (amount, threshold, over) => {
    expect(isOverThreshold({ amount, threshold })).toBe(over);
  });
});

describe("standing and approvalChoices", () => {
  it("counts a waiting request past its time as expired, before the job marks it", () => {
    expect(standing(request(), NOW)).toBe("waiting");
    expect(standing(request({ expiresAt: EARLIER }), NOW)).toBe("expired");
    expect(standing(request({ expiresAt: NOW }), NOW)).toBe("expired");
    expect(standing(request({ status: "approved", expiresAt: EARLIER }), NOW)).toBe("approved");
  });

  it("offers approve and reject to others, withdraw to the requester, nothing once decided", () => {
    expect(approvalChoices(request(), 8, NOW)).toEqual({
      own: false,
      approve: true,
      reject: true,
      withdraw: false,
    });
    expect(approvalChoices(request(), 7, NOW)).toEqual({
      own: true,
      approve: false,
      reject: false,
      withdraw: true,
    });
    for (const status of ["approved", "rejected", "withdrawn", "expired"] as const)
      expect(approvalChoices(request({ status }), 8, NOW)).toEqual({
        own: false,
        approve: false,
        reject: false,
        withdraw: false,
      });
    expect(approvalChoices(request({ expiresAt: EARLIER }), 8, NOW).approve).toBe(false);
    expect(approvalChoices(request({ expiresAt: EARLIER }), 7, NOW).withdraw).toBe(false);
  });

  it("lets anyone decide a request whose requester's account is gone, and nobody withdraw it", () => {
    expect(approvalChoices(request({ requesterId: null }), 8, NOW)).toMatchObject({
      own: false,
      approve: true,
      withdraw: false,
    });
  });
});

describe("approvalHistory", () => {
  it("is the request alone while it waits", () => {
    expect(approvalHistory(request(), NOW)).toEqual([
      { kind: "requested", who: "manager@demo.test", at: request().createdAt, note: "" },
    ]);
  });

  it("ends with the rejection, its decider and its reason", () => {
    const decidedAt = new Date("2026-11-24T11:00:00.000Z");
    expect(
      approvalHistory(
        request({ status: "rejected", decidedByEmail: "owner@demo.test", decidedAt, note: "Too much" }),
        NOW,
      ).at(-1),
    ).toEqual({ kind: "rejected", who: "owner@demo.test", at: decidedAt, note: "Too much" });
  });

  it("keeps no note for other decisions", () => {
    const decidedAt = new Date("2026-11-24T11:00:00.000Z");
    expect(
      approvalHistory(
        request({ status: "approved", decidedByEmail: "owner@demo.test", decidedAt, note: "stray" }),
        NOW,
      ).at(-1),
    ).toEqual({ kind: "approved", who: "owner@demo.test", at: decidedAt, note: "" });
  });

  it("ends with an expiry by nobody: when the job marked it, or its time when it has not yet", () => {
    const marked = new Date("2026-12-01T12:00:30.000Z");
    expect(approvalHistory(request({ status: "expired", decidedAt: marked }), NOW).at(-1)).toEqual({
      kind: "expired",
      who: "",
      at: marked,
      note: "",
    });
    expect(approvalHistory(request({ expiresAt: EARLIER }), NOW).at(-1)).toEqual({
      kind: "expired",
      who: "",
      at: EARLIER,
      note: "",
    });
  });
});

describe("approveOutcomeMessage", () => {
  const award = { kind: "award" as const, requestId: "r", error: "" };
  it.each([
    [{ ...award, status: "completed" as const }, "success", "Approved and sent: completed."],
    [{ ...award, status: "accepted" as const }, "success", "Approved and sent: accepted."],
    [{ ...award, status: "queued" as const }, "success", /queued until the project wallet/],
    [
      { ...award, status: "failed" as const, error: "Unknown token" },
      "error",
      /refused the award: Unknown token$/,
    ],
    [{ ...award, status: "unknown" as const }, "warning", /outcome is unknown: retry/],
    [{ kind: "batch" as const, batchId: 4 }, "success", "Approved: batch 4 is being sent."],
  ])("%o → %s", (outcome, tone, message) => {
    const said = approveOutcomeMessage(outcome);
    expect(said.tone).toBe(tone);
    expect(said.message).toMatch(message);
  });
});
