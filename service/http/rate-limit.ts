const WINDOW_MS = 1000;

/** The times (ms) of one key's requests allowed in the last second, oldest first. */
class Arrivals {
  private times: number[] = [];
  private head = 0;

  get size(): number {
    return this.times.length - this.head;
  }

  /** Only read while `size` > 0. */
  get oldest(): number {
    return this.times[this.head] ?? 0;
  }

  get newest(): number {
    return this.times[this.times.length - 1] ?? 0;
  }

  push(time: number): void {
    this.times.push(time);
  }

  /** Forgets the requests that have left the window ending at `now`. */
  expire(now: number): void {
    while (this.size > 0 && this.oldest <= now - WINDOW_MS) this.head += 1;
    // Compact now and then, so the array stays about the size of one window.
    if (this.head > 32 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

/**
 * Requests per second per API key, in memory per instance (docs/service.md, "Limits": N instances
 * allow N times the rate). A sliding window: at most `perSecond` requests of a key in ANY
 * interval of one second, so no burst of twice the limit around a second's edge as a fixed
 * window allows. It remembers the time of each allowed request of the last second (refused ones
 * cost nothing), so its memory is bounded by what the instance served in the last second, and a
 * key idle for a second is forgotten on its own — no reset of every counter at once.
 * It is checked inside the key guard, right after the key (only live keys get here) — which is
 * also why it is not @fastify/rate-limit, whose hook would run before the key is known for POST
 * bodies.
 */
export class RateLimiter {
  private readonly keys = new Map<string, Arrivals>();
  private nextSweep = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The keys it remembers now (for tests: idle keys are dropped). */
  get size(): number {
    return this.keys.size;
  }

  /** Null when allowed, else the seconds to wait (for `Retry-After`). */
  take(key: string): number | null {
    if (this.perSecond <= 0) return null;
    const now = this.now();
    this.sweep(now);
    let arrivals = this.keys.get(key);
    if (!arrivals) {
      arrivals = new Arrivals();
      this.keys.set(key, arrivals);
    }
    arrivals.expire(now);
    if (arrivals.size >= this.perSecond) {
      return Math.max(1, Math.ceil((arrivals.oldest + WINDOW_MS - now) / 1000));
    }
    arrivals.push(now);
    return null;
  }

  /** Once a second, drops the keys with no request in the last second. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + WINDOW_MS;
    for (const [key, arrivals] of this.keys) {
      if (arrivals.size === 0 || arrivals.newest <= now - WINDOW_MS) this.keys.delete(key);
    }
  }
}
