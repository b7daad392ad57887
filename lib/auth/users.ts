import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import type { ConsoleDb } from "@/lib/db/connection";
import { ROLES, type Role, users } from "@/lib/db/schema";
import { hashPassword, passwordProblem, verifyPassword } from "./password";

/** Wrong passwords allowed per account and window before sign-in is slowed down (DESIGN §7). */
export const THROTTLE = { failures: 5, windowSeconds: 60 } as const;

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
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

// Verifying against a throwaway hash keeps an unknown email as slow as a wrong password.
let decoy: Promise<string> | undefined;

/**
 * Checks an email and password. After THROTTLE.failures wrong passwords within the window the
 * account answers "throttled" until the window ends, whatever the password: the count lives in
 * the database, so it holds across console instances.
 */
export async function signInWithPassword(
  db: ConsoleDb,
  emailInput: string,
  password: string,
  now: Date = new Date(),
): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const windowStart = new Date(now.getTime() - THROTTLE.windowSeconds * 1000);
  const throttle = (await db.execute(
    sql`select failures, window_started_at from console.login_throttle where email = ${email}`,
  )) as unknown as { rows: { failures: number; window_started_at: Date | string }[] };
  const state = throttle.rows[0];
  if (state && state.failures >= THROTTLE.failures) {
    const started = new Date(state.window_started_at);
    if (started > windowStart) {
      const retryAfterSeconds = Math.ceil(
        (started.getTime() + THROTTLE.windowSeconds * 1000 - now.getTime()) / 1000,
      );
      return { ok: false, reason: "throttled", retryAfterSeconds };
    }
  }
  const [found] = await db
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  decoy ??= hashPassword("decoy password that matches nothing");
  const matches = await verifyPassword(password, found?.passwordHash ?? (await decoy));
  if (found?.active && matches) {
    await db.execute(sql`delete from console.login_throttle where email = ${email}`);
    const { passwordHash: _, ...user } = found;
    return { ok: true, user };
  }
  await db.execute(sql`
    insert into console.login_throttle (email, failures, window_started_at) values (${email}, 1, ${now.toISOString()})
    on conflict (email) do update set
      failures = case when login_throttle.window_started_at <= ${windowStart.toISOString()} then 1
                      else login_throttle.failures + 1 end,
      window_started_at = case when login_throttle.window_started_at <= ${windowStart.toISOString()}
                               then excluded.window_started_at else login_throttle.window_started_at end`);
  return { ok: false, reason: "invalid" };
}
