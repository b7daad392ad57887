import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("rate limiter (docs/service.md, Limits)", () => {
  it("allows N per second per key, then asks to wait until the oldest leaves the window", () => {
    let now = 10_000;
    const limiter = new RateLimiter(3, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([null, null, null]);
    expect(limiter.take("a")).toBe(1);
    expect(limiter.take("b")).toBeNull(); // keys are counted apart
    now += 1000;
    expect(limiter.take("a")).toBeNull();
  });

  it("lets no burst of twice the limit through around a second's edge", () => {
    let now = 10_999; // the last millisecond of a fixed window
    const limiter = new RateLimiter(5, () => now);
    for (let i = 0; i < 5; i += 1) expect(limiter.take("a")).toBeNull();
    now = 11_000; // the first millisecond of the next one
    for (let i = 0; i < 5; i += 1) expect(limiter.take("a")).toBe(1);
    now = 11_998;
    expect(limiter.take("a")).toBe(1);
    now = 11_999; // one second after the first five
    for (let i = 0; i < 5; i += 1) expect(limiter.take("a")).toBeNull();
    expect(limiter.take("a")).toBe(1);
  });

  it("never allows more than N in any one-second interval (random arrivals)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.constantFrom("a", "b")), {
          maxLength: 300,
        }),
        (limit, steps) => {
          let now = 0;
          const limiter = new RateLimiter(limit, () => now);
          const allowed = new Map<string, number[]>([
            ["a", []],
            ["b", []],
          ]);
          for (const [gap, key] of steps) {
            now += gap;
            const times = allowed.get(key) ?? [];
            const inWindow = times.filter((t) => t > now - 1000).length;
            const wait = limiter.take(key);
            // Allowed exactly when fewer than N were allowed in the second ending now.
            expect(wait === null).toBe(inWindow < limit);
            if (wait === null) times.push(now);
          }
        },
      ),
    );
  });

  it("forgets a key idle for a second, one key at a time, and never resets a busy key", () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now);
    limiter.take("busy");
    limiter.take("busy");
    expect(limiter.take("busy")).toBe(1);
    // Far more keys than the old limiter kept before clearing every counter at once.
    for (let i = 0; i < 20_000; i += 1) limiter.take(`key-${i}`);
    expect(limiter.take("busy")).toBe(1);
    expect(limiter.size).toBe(20_001);
    now = 1500; // every key idle for more than a second
    expect(limiter.take("fresh")).toBeNull();
    expect(limiter.size).toBe(1);
  });

  it("0 turns the limit off", () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 10_000; i += 1) expect(limiter.take("a")).toBeNull();
  });
});
