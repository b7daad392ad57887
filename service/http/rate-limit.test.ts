import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("rate limiter (DESIGN §3 rule 18)", () => {
  it("allows N per second per key, then asks to wait until the next second", () => {
    let now = 10_000;
    const limiter = new RateLimiter(3, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([null, null, null]);
    expect(limiter.take("a")).toBe(1);
    expect(limiter.take("b")).toBeNull(); // keys are counted apart
    now += 1000;
    expect(limiter.take("a")).toBeNull();
  });

  it("0 turns the limit off", () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 10_000; i += 1) expect(limiter.take("a")).toBeNull();
  });
});
