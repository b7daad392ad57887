import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import type { ConsoleDb } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import { ROLES, type Role } from "@/lib/model/roles";
import { HashSlots } from "./hash-slots";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password";
import { type FailureCount, FORGET_AFTER_SECONDS, throttleVerdict } from "./sign-in-throttle";

export const NewUser = z.object({
  email: z
    .email({ error: "must be an email address" })
    .max(254, { error: "must be at most 254 characters" })
    .transform((email) => email.toLowerCase()),
  name: z.string().trim().max(100, { error: "must be at most 100 characters" }).default(""),
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }),
  password: z.string().check((ctx) => {
    const problem = passwordProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  }),
});
export type NewUser = z.input<typeof NewUser>;

/** A user input or state problem; its message names the field and the rule. */
export class UserError extends Error {}

export interface ConsoleUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: boolean;
}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  active: users.active,
};

export async function createUser(db: ConsoleDb, input: NewUser): Promise<ConsoleUser> {
  const parsed = NewUser.safeParse(input);
  if (!parsed.success) throw new UserError(describeIssues(parsed.error.issues));
  const { email, name, role, password } = parsed.data;
  const [created] = await db
    .insert(users)
    .values({ email, name, role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning(columns);
  if (!created) throw new UserError(`email ${email} already has an account.`);
  return created;
}

export async function findUser(db: ConsoleDb, id: number): Promise<ConsoleUser | null> {
  const [found] = await db.select(columns).from(users).where(eq(users.id, id));
  return found ?? null;
}

export type SignInResult =
  | { ok: true; user: ConsoleUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number; by: "account" | "client" }
  | { ok: false; reason: "busy" };

// Verifying against a throwaway hash keeps an unknown email as slow as a wrong password.
let decoy: Promise<string> | undefined;

/**
 * A refused password is answered no sooner than this after the check began: Argon2id, an older
 * scrypt hash and an unknown email then take the same time, so the answer's timing does not tell
 * which accounts exist or still have an old hash (docs/console.md, "Passwords").
 */
export const REFUSAL_FLOOR_MS = 400;

/** Two checks at once leave two of libuv's four threads to everyone else (hash-slots.ts). */
const slots = new HashSlots(2, 2);

type FailureRow = { key: string; failures: number; last_failure_at: Date | string };

/**
 * Checks an email and password from a client address, under the slow-down of
 * sign-in-throttle.ts: a client or account that must still wait is answered "throttled" before
 * any hash is computed, and a client with two checks under way "busy". The counts live in the
 * database, so they hold across console instances; no lock or transaction is held while the
 * password is hashed, so other requests never wait for it.
 */
export async function signInWithPassword(
  db: ConsoleDb,
  emailInput: string,
  password: string,
  { client = "unknown", now = new Date() }: { client?: string; now?: Date } = {},
): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const accountKey = `account:${email}`;
  const clientKey = `client:${client}`;
  const counts = (await db.execute(
    sql`select key, failures, last_failure_at from console.sign_in_failures where key in (${accountKey}, ${clientKey})`,
  )) as unknown as { rows: FailureRow[] };
  const count = (key: string): FailureCount | undefined => {
    const row = counts.rows.find((r) => r.key === key);
    return row && { failures: row.failures, lastFailureAt: new Date(row.last_failure_at) };
  };
  const verdict = throttleVerdict(count(accountKey), count(clientKey), now);
  if (verdict.wait > 0 && "by" in verdict)
    return { ok: false, reason: "throttled", retryAfterSeconds: verdict.wait, by: verdict.by };

  const started = performance.now();
  const checked = await slots.run(client, async () => {
    const [found] = await db
      .select({ ...columns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    decoy ??= hashPassword("decoy password that matches nothing");
    const matches = await verifyPassword(password, found?.passwordHash ?? (await decoy));
    // A hash from before Argon2id (or weaker parameters) is replaced now that the password is known.
    if (found && matches && needsRehash(found.passwordHash))
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(and(eq(users.id, found.id), eq(users.passwordHash, found.passwordHash)));
    return { found, matches };
  });
  if (!checked) return { ok: false, reason: "busy" };
  const { found, matches } = checked;
  if (found?.active && matches) {
    // The client's count stays: signing in to one account must not wash a client's guesses at others.
    await db.execute(sql`delete from console.sign_in_failures where key = ${accountKey}`);
    const { passwordHash: _, ...user } = found;
    return { ok: true, user };
  }
  const left = started + REFUSAL_FLOOR_MS - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000).toISOString();
  await db.execute(sql`
    insert into console.sign_in_failures (key, failures, last_failure_at)
    values (${accountKey}, 1, ${at}), (${clientKey}, 1, ${at})
    on conflict (key) do update set
      failures = case when sign_in_failures.last_failure_at <= ${forgetBefore} then 1
                      else sign_in_failures.failures + 1 end,
      last_failure_at = excluded.last_failure_at`);
  await db.execute(sql`delete from console.sign_in_failures where last_failure_at <= ${forgetBefore}`);
  return { ok: false, reason: "invalid" };
}
