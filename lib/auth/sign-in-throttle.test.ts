import { describe, expect, it } from "vitest";
import {
  ACCOUNT_RULE,
  CLIENT_RULE,
  DEVICE_RULE,
  FORGET_AFTER_SECONDS,
  throttleVerdict,
  waitSeconds,
} from "./sign-in-throttle";

const start = new Date("2026-11-23T10:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const failed = (failures: number, lastAt = 0) => ({ failures, lastFailureAt: at(lastAt) });

describe("the sign-in slow-down", () => {
  it("lets the free failures pass, then waits 5 s, doubling, up to the cap", () => {
    expect(waitSeconds(failed(ACCOUNT_RULE.free - 1), ACCOUNT_RULE, at(0))).toBe(0);
    expect(
      [0, 1, 2, 3, 10].map((extra) => waitSeconds(failed(ACCOUNT_RULE.free + extra), ACCOUNT_RULE, at(0))),
    ).toEqual([5, 10, 20, 40, ACCOUNT_RULE.maxWaitSeconds]);
    expect(waitSeconds(failed(CLIENT_RULE.free + 20), CLIENT_RULE, at(0))).toBe(15 * 60);
  });

  it("counts the wait from the last failure and forgets the failures after 15 minutes", () => {
    expect(waitSeconds(failed(ACCOUNT_RULE.free + 1), ACCOUNT_RULE, at(3))).toBe(7);
    expect(waitSeconds(failed(ACCOUNT_RULE.free + 1), ACCOUNT_RULE, at(10))).toBe(0);
    expect(waitSeconds(failed(50), CLIENT_RULE, at(FORGET_AFTER_SECONDS - 1))).toBe(1);
    expect(waitSeconds(failed(50), CLIENT_RULE, at(FORGET_AFTER_SECONDS))).toBe(0);
  });

  it("makes only a client that failed itself wait for the account", () => {
    const account = failed(100);
    expect(throttleVerdict(account, undefined, at(1))).toEqual({ wait: 0 });
    expect(throttleVerdict(account, failed(1), at(1))).toEqual({ wait: 299, by: "account" });
    // A client's failures of long ago make it clean again.
    expect(throttleVerdict(account, failed(1, -FORGET_AFTER_SECONDS), at(1))).toEqual({ wait: 0 });
  });

  it("makes a client that failed often wait whatever account it tries", () => {
    expect(throttleVerdict(undefined, failed(CLIENT_RULE.free), at(1))).toEqual({ wait: 4, by: "client" });
    expect(throttleVerdict(failed(ACCOUNT_RULE.free + 1), failed(CLIENT_RULE.free + 2), at(0))).toEqual({
      wait: 20,
      by: "client",
    });
  });

  it("lets a known device of the account in whatever strangers did, and slows it for its own typos only", () => {
    // Twenty strangers' failures on the account, and this office address's too (issue 25).
    const account = failed(20);
    const office = failed(CLIENT_RULE.free + 5);
    // Without a known device, the office and the owner's own typo wait for the account.
    expect(throttleVerdict(account, office, at(1))).toEqual({ wait: 299, by: "account" });
    expect(throttleVerdict(account, failed(1), at(1))).toEqual({ wait: 299, by: "account" });
    expect(throttleVerdict(account, office, at(1), { failures: undefined })).toEqual({ wait: 0 });
    expect(throttleVerdict(account, office, at(1), { failures: failed(1) })).toEqual({ wait: 0 });
    expect(throttleVerdict(account, office, at(1), { failures: failed(DEVICE_RULE.free) })).toEqual({
      wait: 4,
      by: "device",
    });
  });
});
