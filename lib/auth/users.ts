import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { fieldErrorsOf } from "@/lib/contract/field-errors";
import { describeIssues } from "@/lib/contract/issues";
import type { ConsoleDb } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import type { ConsoleUser } from "@/lib/model/console-user";
import { ROLES } from "@/lib/model/roles";
import { UserFacingError } from "@/lib/model/user-facing-error";
import type { EncryptionKeys } from "@/lib/secret-box";
import { HashSlots } from "./hash-slots";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password";
import { consumeSecondFactor, type SecondFactorResult } from "./second-factor";
import { attemptVerdict, clearAccountFailures, recordFailure } from "./sign-in-failures";

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

export type { ConsoleUser };

/** A user input or state problem; its message, a whole sentence for the person, names the field and the rule. */
export class UserError extends UserFacingError {}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  active: users.active,
};

export async function createUser(db: ConsoleDb, input: NewUser): Promise<ConsoleUser> {
  const parsed = NewUser.safeParse(input);
  if (!parsed.success)
    throw new UserError(`The user's ${describeIssues(parsed.error.issues)}`, {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  const { email, name, role, password } = parsed.data;
  const [created] = await db
    .insert(users)
    .values({ email, name, role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning(columns);
  if (!created)
    throw new UserError(`The email ${email} already has an account.`, {
      fieldErrors: { email: "already has an account" },
    });
  return created;
}

export async function findUser(db: ConsoleDb, id: number): Promise<ConsoleUser | null> {
  const [found] = await db.select(columns).from(users).where(eq(users.id, id));
  return found ?? null;
}

export type SignInResult =
  | {
      ok: true;
      user: ConsoleUser;
      secondFactor: "none" | "totp" | "recovery-code";
      recoveryCodesLeft?: number;
    }
  | { ok: false; reason: "invalid" }
  /** The password was right and the account has a second factor: ask for a code (nothing counted). */
  | { ok: false; reason: "code-required" }
  | { ok: false; reason: "invalid-code" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number; by: "account" | "client" | "device" }
  | { ok: false; reason: "busy" };

// Verifying against a throwaway hash keeps an unknown email as slow as a wrong password.
let decoy: Promise<string> | undefined;

/**
 * A refused password is answered no sooner than this after the check began: Argon2id, an older
 * scrypt hash and an unknown email then take the same time, so the answer's timing does not tell
 * which accounts exist or still have an old hash (docs/console.md, "Passwords").
 */
export const REFUSAL_FLOOR_MS = 400;

/**
 * Two checks at once leave two of libuv's four threads to everyone else; eight more may wait
 * (about half a second's hashing), any beyond are answered "busy" at once (hash-slots.ts).
 */
export const signInSlots = new HashSlots(2, 2, 8);

export interface SignInOptions {
  client?: string;
  /**
   * The id of a known device of this account (lib/auth/known-device.ts), already checked: its own
   * count replaces the account's and the client's (sign-in-throttle.ts).
   */
  device?: string;
  now?: Date;
  /** A TOTP or recovery code, once the first answer was "code-required". */
  code?: string;
  /** Opens the TOTP secret; needed only for accounts with a second factor. */
  keys?: EncryptionKeys;
}

/**
 * Checks an email and password (and the second factor, when the account has one) from a client
 * address, under the slow-down of sign-in-throttle.ts: a client or account that must still wait is
 * answered "throttled" before any hash is computed, and a client with two checks under way "busy".
 * Wrong passwords and wrong codes count alike. The counts live in the database, so they hold across
 * console instances; no lock or transaction is held while the password is hashed.
 */
export async function signInWithPassword(
  db: ConsoleDb,
  emailInput: string,
  password: string,
  { client = "unknown", device, now = new Date(), code, keys }: SignInOptions = {},
): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const verdict = await attemptVerdict(db, email, client, now, device);
  if (verdict.wait > 0 && "by" in verdict)
    return { ok: false, reason: "throttled", retryAfterSeconds: verdict.wait, by: verdict.by };

  const started = performance.now();
  // A known device queues as itself, so that a busy office address never holds its owner up.
  const checked = await signInSlots.run(device === undefined ? client : `device:${device}`, async () => {
    const [found] = await db
      .select({
        ...columns,
        passwordHash: users.passwordHash,
        totpSecretCiphertext: users.totpSecretCiphertext,
      })
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
  const refuse = async (reason: "invalid" | "invalid-code"): Promise<SignInResult> => {
    // Counted as soon as it is known, so that the client's next attempts already see it; the
    // answer still waits out the floor.
    await recordFailure(db, email, client, now, device);
    const left = started + REFUSAL_FLOOR_MS - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    return { ok: false, reason };
  };
  if (!found?.active || !matches) return refuse("invalid");
  const { passwordHash: _, totpSecretCiphertext, ...user } = found;
  let secondFactor: SecondFactorResult | null = null;
  if (totpSecretCiphertext) {
    if (!code?.trim()) return { ok: false, reason: "code-required" };
    if (!keys)
      throw new Error("signInWithPassword needs the encryption keys for an account with a second factor");
    secondFactor = await consumeSecondFactor(db, keys, { id: user.id, totpSecretCiphertext }, code, now);
    if (!secondFactor.ok) return refuse("invalid-code");
  }
  // The client's count stays: signing in to one account must not wash a client's guesses at others.
  await clearAccountFailures(db, email, device);
  if (!secondFactor?.ok) return { ok: true, user, secondFactor: "none" };
  return {
    ok: true,
    user,
    secondFactor: secondFactor.via,
    recoveryCodesLeft: secondFactor.recoveryCodesLeft,
  };
}
