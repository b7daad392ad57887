import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import {
  type FailureCount,
  FORGET_AFTER_SECONDS,
  type ThrottleVerdict,
  throttleVerdict,
} from "./sign-in-throttle";

/**
 * The counts behind sign-in-throttle.ts, in the database so that they hold across console
 * instances: wrong passwords and wrong second-factor codes count alike, per account and per
 * client address, or per known device (lib/auth/known-device.ts) for an attempt from one.
 */
export const accountKey = (email: string) => `account:${email}`;
export const clientKey = (client: string) => `client:${client}`;
export const deviceKey = (device: string) => `device:${device}`;

type FailureRow = { key: string; failures: number; last_failure_at: Date | string };

/** Whether an attempt for `email` from `client` (and `device`, a known device of the account) may be checked now. */
export async function attemptVerdict(
  db: ConsoleDb,
  email: string,
  client: string,
  now: Date,
  device?: string,
): Promise<ThrottleVerdict> {
  const account = accountKey(email);
  const from = clientKey(client);
  const known = device === undefined ? from : deviceKey(device);
  const counts = (await db.execute(
    sql`select key, failures, last_failure_at from console.sign_in_failures where key in (${account}, ${from}, ${known})`,
  )) as unknown as { rows: FailureRow[] };
  const count = (key: string): FailureCount | undefined => {
    const row = counts.rows.find((r) => r.key === key);
    return row && { failures: row.failures, lastFailureAt: new Date(row.last_failure_at) };
  };
  return throttleVerdict(
    count(account),
    count(from),
    now,
    device === undefined ? undefined : { failures: count(known) },
  );
}

/**
 * One more failure for the account, and for the client — or for the known device it came from,
 * so that the owner's typo on their own browser never counts against their office's address.
 * Counts older than the forget time restart.
 */
export async function recordFailure(
  db: ConsoleDb,
  email: string,
  client: string,
  now: Date,
  device?: string,
): Promise<void> {
  const from = device === undefined ? clientKey(client) : deviceKey(device);
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000).toISOString();
  await db.execute(sql`
    insert into console.sign_in_failures (key, failures, last_failure_at)
    values (${accountKey(email)}, 1, ${at}), (${from}, 1, ${at})
    on conflict (key) do update set
      failures = case when sign_in_failures.last_failure_at <= ${forgetBefore} then 1
                      else sign_in_failures.failures + 1 end,
      last_failure_at = excluded.last_failure_at`);
  await db.execute(sql`delete from console.sign_in_failures where last_failure_at <= ${forgetBefore}`);
}

/**
 * The right password (and code): the account's count goes, and the known device's; the client's
 * stays, so guesses at others still count.
 */
export async function clearAccountFailures(db: ConsoleDb, email: string, device?: string): Promise<void> {
  const known = device === undefined ? accountKey(email) : deviceKey(device);
  await db.execute(sql`delete from console.sign_in_failures where key in (${accountKey(email)}, ${known})`);
}
