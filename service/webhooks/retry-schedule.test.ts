import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, nextAttemptAt, retryDelay } from "./retry-schedule";

describe('the webhook retry schedule (docs/service.md, "Webhooks")', () => {
  const policy = DEFAULT_RETRY_POLICY;

  it("doubles from 30 s up to 6 hours, each wait jittered within [half, whole)", () => {
    const low = (attempt: number) => retryDelay(attempt, policy, () => 0);
    const high = (attempt: number) => retryDelay(attempt, policy, () => 0.999_999);
    expect([1, 2, 3, 4, 5].map(low)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(high(1)).toBe(30_000);
    expect(high(2)).toBe(60_000);
    // 30 s · 2^10 is over 6 hours: capped from the 11th on, for ever.
    expect(high(11)).toBe(Math.round(6 * 3600_000 * (0.5 + 0.999_999 / 2)));
    expect(high(500)).toBe(high(11));
    expect(low(500)).toBe(3 * 3600_000);
  });

  it("gives up once the next try would start more than 3 days after the first", () => {
    const first = new Date("2026-12-01T00:00:00Z");
    const at = (ms: number) => new Date(first.getTime() + ms);
    expect(nextAttemptAt(1, first, first, policy, () => 0)).toEqual(at(15_000));
    const almost = at(3 * 24 * 3600_000 - 3 * 3600_000);
    expect(nextAttemptAt(30, first, almost, policy, () => 0)).toEqual(at(3 * 24 * 3600_000));
    expect(nextAttemptAt(30, first, almost, policy, () => 0.5)).toBeNull();
  });

  it("retries about 20 times over the 3 days, whatever the jitter", () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const first = new Date("2026-12-01T00:00:00Z");
      let now = first;
      let attempts = 1;
      for (;;) {
        const next = nextAttemptAt(attempts, first, now, policy, random);
        if (!next) break;
        now = next;
        attempts += 1;
      }
      expect(attempts).toBeGreaterThanOrEqual(17);
      expect(attempts).toBeLessThanOrEqual(33);
      expect(now.getTime() - first.getTime()).toBeLessThanOrEqual(policy.giveUpMs);
    }
  });
});
