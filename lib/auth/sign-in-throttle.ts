/**
 * How wrong passwords slow sign-in down (docs/console.md, "Sign-in"). Three counters: per account
 * (whoever tried), per client address (whatever account it tried) and per known device (a browser
 * the account signed in from before: lib/auth/known-device.ts). None is a lock: a counter only
 * makes its subject wait a while after its last failure, and is forgotten FORGET_AFTER_SECONDS
 * after it. A known device of the account answers to its own count alone, so no stranger — at
 * any number of addresses, or behind the same office address — can keep the owner's browser out.
 * Any other client waits for the account only once it has failed itself.
 */

export interface ThrottleRule {
  /** Failures that cost nothing. */
  free: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

export const ACCOUNT_RULE: ThrottleRule = { free: 5, firstWaitSeconds: 5, maxWaitSeconds: 5 * 60 };
/** More free failures than an account: several people may share an office's address. */
export const CLIENT_RULE: ThrottleRule = { free: 10, firstWaitSeconds: 5, maxWaitSeconds: 15 * 60 };
/** A known device's own typos: as an account's (its owner is the only one who should be typing there). */
export const DEVICE_RULE: ThrottleRule = ACCOUNT_RULE;
export const FORGET_AFTER_SECONDS = 15 * 60;

export interface FailureCount {
  failures: number;
  lastFailureAt: Date;
}

/** The failures that still count at `now`: none once the last is FORGET_AFTER_SECONDS old. */
export function liveFailures(count: FailureCount | undefined, now: Date): number {
  if (!count) return 0;
  return now.getTime() - count.lastFailureAt.getTime() >= FORGET_AFTER_SECONDS * 1000 ? 0 : count.failures;
}

/** Whole seconds still to wait under `rule` before the next attempt is checked; 0 when none. */
export function waitSeconds(count: FailureCount | undefined, rule: ThrottleRule, now: Date): number {
  const failures = liveFailures(count, now);
  if (!count || failures < rule.free) return 0;
  const wait = Math.min(rule.firstWaitSeconds * 2 ** (failures - rule.free), rule.maxWaitSeconds);
  const left = count.lastFailureAt.getTime() + wait * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export type ThrottleVerdict = { wait: 0 } | { wait: number; by: "account" | "client" | "device" };

/**
 * Whether an attempt may be checked now. From a known device of the account (`knownDevice`
 * given, with its own count): that count alone. From any other client: the client's own wait
 * always applies; the account's only when this client has live failures of its own.
 */
export function throttleVerdict(
  account: FailureCount | undefined,
  client: FailureCount | undefined,
  now: Date,
  knownDevice?: { failures: FailureCount | undefined },
): ThrottleVerdict {
  if (knownDevice) {
    const wait = waitSeconds(knownDevice.failures, DEVICE_RULE, now);
    return wait === 0 ? { wait: 0 } : { wait, by: "device" };
  }
  const clientWait = waitSeconds(client, CLIENT_RULE, now);
  const accountWait = liveFailures(client, now) > 0 ? waitSeconds(account, ACCOUNT_RULE, now) : 0;
  if (clientWait === 0 && accountWait === 0) return { wait: 0 };
  return clientWait >= accountWait
    ? { wait: clientWait, by: "client" }
    : { wait: accountWait, by: "account" };
}
