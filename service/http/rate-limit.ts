/**
 * Requests per second per API key, in memory per instance (DESIGN §3 rule 18: N instances allow
 * N times the rate). A fixed one-second window: one map lookup on the hot path. It is checked
 * inside the key guard, right after the key — which is also why it is not @fastify/rate-limit,
 * whose hook would run before the key is known for POST bodies.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when allowed, else the seconds to wait (for `Retry-After`). */
  take(key: string): number | null {
    if (this.perSecond <= 0) return null;
    const now = this.now();
    const start = now - (now % 1000);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear(); // old windows of idle keys
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.perSecond ? 1 : null;
  }
}
