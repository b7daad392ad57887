import { describe, expect, it } from "vitest";
import {
  checkTokens,
  dailyLimitFor,
  describeBreach,
  limitBreach,
  overThreshold,
  remainingOf,
  type TokenPolicy,
  totalsByToken,
} from "./policy-model";

const GEM = "aaaaaaaa-0000-4000-8000-000000000001";
const GOLD = "aaaaaaaa-0000-4000-8000-000000000002";
const policy = (overrides: Partial<TokenPolicy>): TokenPolicy => ({
  tokenGuid: GEM,
  symbol: "GEM",
  approvalThreshold: null,
  managerDailyLimit: null,
  ownerDailyLimit: null,
  ...overrides,
});
const policies = new Map([
  [GEM, policy({ approvalThreshold: "1000", managerDailyLimit: "5000", ownerDailyLimit: null })],
]);

describe("the award policy's arithmetic", () => {
  it("adds lines per token exactly, whatever the GUID's case", () => {
    expect(
      totalsByToken([
        { tokenGuid: GEM.toUpperCase(), amount: "0.1" },
        { tokenGuid: GOLD, amount: "3" },
        { tokenGuid: GEM, amount: "0.2" },
      ]),
    ).toEqual([
      { tokenGuid: GEM, amount: "0.3" },
      { tokenGuid: GOLD, amount: "3" },
    ]);
  });

  it("needs approval only above the threshold, not at it, and only for tokens with one", () => {
    expect(overThreshold([{ tokenGuid: GEM, amount: "1000" }], policies)).toEqual([]);
    expect(overThreshold([{ tokenGuid: GEM, amount: "1000.000000000000000001" }], policies)).toHaveLength(1);
    expect(overThreshold([{ tokenGuid: GOLD, amount: "99999999" }], policies)).toEqual([]);
  });

  it("takes the limit of the person's role; support has none and an unset owner limit is none", () => {
    const both = policy({ managerDailyLimit: "10", ownerDailyLimit: "20" });
    expect(dailyLimitFor(both, "manager")).toBe("10");
    expect(dailyLimitFor(both, "owner")).toBe("20");
    expect(dailyLimitFor(both, "support")).toBeNull();
    expect(dailyLimitFor(policies.get(GEM), "owner")).toBeNull();
    expect(dailyLimitFor(undefined, "manager")).toBeNull();
  });

  it("refuses what would pass the limit, allows exactly up to it, and says what remains", () => {
    const used = new Map([[GEM, "4999.5"]]);
    expect(limitBreach([{ tokenGuid: GEM, amount: "0.5" }], policies, "manager", used)).toBeNull();
    const breach = limitBreach(
      [{ tokenGuid: GEM, amount: "0.500000000000000001" }],
      policies,
      "manager",
      used,
    );
    expect(breach).toEqual({
      tokenGuid: GEM,
      symbol: "GEM",
      role: "manager",
      limit: "5000",
      used: "4999.5",
      remaining: "0.5",
      amount: "0.500000000000000001",
    });
    expect(describeBreach(breach as NonNullable<typeof breach>)).toBe(
      "Over your daily limit for GEM: a manager may award 5000 GEM in 24 hours; 4999.5 is used, 0.5 remains, and this needs 0.500000000000000001. Nothing was sent.",
    );
    expect(limitBreach([{ tokenGuid: GEM, amount: "1000000" }], policies, "owner", used)).toBeNull();
  });

  it("never shows a negative remainder", () => {
    expect(remainingOf("10", "12")).toBe("0");
    expect(remainingOf("10", "2.25")).toBe("7.75");
  });

  it("checks every token for the form and the dry run", () => {
    const checks = checkTokens(
      [
        { tokenGuid: GEM, amount: "1500" },
        { tokenGuid: GOLD, amount: "1" },
      ],
      policies,
      "manager",
      new Map([[GEM, "4000"]]),
      (guid) => (guid === GEM ? "GEM" : "GOLD"),
    );
    expect(checks).toEqual([
      {
        tokenGuid: GEM,
        symbol: "GEM",
        amount: "1500",
        threshold: "1000",
        needsApproval: true,
        limit: "5000",
        used: "4000",
        remaining: "1000",
        overLimit: true,
      },
      {
        tokenGuid: GOLD,
        symbol: "GOLD",
        amount: "1",
        threshold: null,
        needsApproval: false,
        limit: null,
        used: "0",
        remaining: null,
        overLimit: false,
      },
    ]);
  });
});
