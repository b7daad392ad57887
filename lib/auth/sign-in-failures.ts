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
 * client address.
 */
export const accountKey = (email: string) => `account:${email}`;
export const clientKey = (client: string) => `client:${client}`;

type FailureRow = { key: string; failures: number; last_failure_at: Date | string };

/** Whether an attempt for `email` from `client` may be checked now. */
export async function attemptVerdict(
  db: ConsoleDb,
  email: string,
  client: string,
  now: Date,
): Promise<ThrottleVerdict> {
  const account = accountKey(email);
  const from = clientKey(client);
  const counts = (await db.execute(
    sql`select key, failures, last_failure_at from console.sign_in_failures where key in (${account}, ${from})`,
  )) as unknown as { rows: FailureRow[] };
  const count = (key: string): FailureCount | undefined => {
    const row = counts.rows.find((r) => r.key === key);
    return row && { failures: row.failures, lastFailureAt: new Date(row.last_failure_at) };
  };
  return throttleVerdict(count(account), count(from), now);
}

/** One more failure for the account and the client; counts older than the forget time restart. */
export async function recordFailure(db: ConsoleDb, email: string, client: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000).toISOString();
  await db.execute(sql`
    insert into console.sign_in_failures (key, failures, last_failure_at)
    values (${accountKey(email)}, 1, ${at}), (${clientKey(client)}, 1, ${at})
    on conflict (key) do update set
      failures = case when sign_in_failures.last_failure_at <= ${forgetBefore} then 1
                      else sign_in_failures.failures + 1 end,
      last_failure_at = excluded.last_failure_at`);
  await db.execute(sql`delete from console.sign_in_failures where last_failure_at <= ${forgetBefore}`);
}

/** The right password (and code): the account's count goes; the client's stays, so guesses at others still count. */
export async function clearAccountFailures(db: ConsoleDb, email: string): Promise<void> {
  await db.execute(sql`delete from console.sign_in_failures where key = ${accountKey(email)}`);
}
