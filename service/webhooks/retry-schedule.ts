/**
 * When a failed delivery is tried again (docs/service.md, "Webhooks"): exponential backoff with
 * jitter, for 3 days from its first attempt (or from its replay), then given up.
 */
export interface RetryPolicy {
  /** The wait after the first failure, before jitter (default 30 s). */
  baseMs: number;
  /** No wait is longer than this (default 6 hours). */
  capMs: number;
  /** No retry starts later than this after the first attempt (default 3 days). */
  giveUpMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 30_000,
  capMs: 6 * 3600_000,
  giveUpMs: 3 * 24 * 3600_000,
};

/**
 * The wait after failed attempt number `attempt` (1-based): `baseMs · 2^(attempt-1)`, at most
 * `capMs`, times a random factor in [0.5, 1) — "equal jitter": the endpoints that failed together
 * (the receiver restarting) are not all retried in the same second, and no retry comes at once.
 */
export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const bound = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.round(bound * (0.5 + random() / 2));
}

/**
 * When the delivery is tried next after failed attempt `attempt`, or null when it is given up:
 * the next try would start more than `giveUpMs` after `retriesFrom`.
 */
export function nextAttemptAt(
  attempt: number,
  retriesFrom: Date,
  now: Date,
  policy: RetryPolicy,
  random: () => number,
): Date | null {
  const next = now.getTime() + retryDelay(attempt, policy, random);
  return next - retriesFrom.getTime() > policy.giveUpMs ? null : new Date(next);
}
