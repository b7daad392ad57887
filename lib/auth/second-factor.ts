import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { RotationError } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { recoveryCodes, users } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { type EncryptionKeys, openSecret, sealedWithNewest, sealSecret } from "@/lib/secret-box";

/**
 * Staff second factors (docs/console.md, "Two-factor sign-in"): TOTP per RFC 6238 (SHA-1, six
 * digits, 30-second steps — what every authenticator app reads from the QR code) with one step of
 * clock drift either way, and ten one-time recovery codes. The TOTP secret is sealed at rest like
 * connection keys; recovery codes are kept as SHA-256 (each has 50 random bits, so a slow hash
 * adds nothing). A code's time step is remembered, so no code is accepted twice.
 */

const ISSUER = "Game Commerce Console";
const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

const totpFor = (secretBase32: string, email = "") =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });

const pendingContext = (userId: number) => `totp-pending:${userId}`;
const secretContext = (userId: number) => `totp:${userId}`;

export interface Enrolment {
  /** The secret sealed for this user only: the form sends it back with the first code. */
  pending: string;
  /** For the QR code and for typing in by hand. */
  uri: string;
  secret: string;
}

export function beginEnrolment(keys: EncryptionKeys, user: { id: number; email: string }): Enrolment {
  const secret = new Secret({ size: 20 }).base32;
  return {
    pending: sealSecret(keys, secret, pendingContext(user.id)),
    uri: totpFor(secret, user.email).toString(),
    secret,
  };
}

/** The code for `secret` at `at`: for tests and the demo's printed instructions only. */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}

/** The time step a code belongs to (±1 step of drift), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashRecovery = (code: string) => createHash("sha256").update(normalizeRecovery(code)).digest("hex");

/** Ten fresh codes like `k7p2m-x9q4t`: 50 random bits each, in base32. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = new Secret({ buffer: Uint8Array.from(randomBytes(7)).buffer }).base32
      .toLowerCase()
      .slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/**
 * Stores the second factor once the person proved their app has it (a current code), with fresh
 * recovery codes, replacing any earlier ones. Returns the recovery codes: shown once, never again.
 */
export async function completeEnrolment(
  db: ConsoleDb,
  keys: EncryptionKeys,
  userId: number,
  pending: string,
  code: string,
  now = new Date(),
): Promise<string[]> {
  let secret: string;
  try {
    secret = openSecret(keys, pending, pendingContext(userId));
  } catch {
    throw new UserFacingError("The set-up expired or belongs to someone else: start again.");
  }
  const step = totpStep(secret, code.trim(), now);
  if (step === null)
    throw new UserFacingError(
      "The code does not match: check the time on your phone and enter the current code.",
    );
  const codes = newRecoveryCodes();
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    await tx
      .update(users)
      .set({
        totpSecretCiphertext: sealSecret(keys, secret, secretContext(userId)),
        totpEnrolledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })));
  });
  return codes;
}

export type SecondFactorResult =
  | { ok: true; via: "totp" | "recovery-code"; recoveryCodesLeft?: number }
  | { ok: false };

/**
 * Checks a code against a user's second factor and uses it up: a TOTP step at or before the last
 * accepted one is refused (a replayed code), a recovery code works once. The update that records
 * the use is the check, so two requests racing with one code cannot both pass.
 */
export async function consumeSecondFactor(
  db: ConsoleDb,
  keys: EncryptionKeys,
  user: { id: number; totpSecretCiphertext: string },
  codeInput: string,
  now = new Date(),
): Promise<SecondFactorResult> {
  const code = codeInput.trim();
  if (/^\d{6}$/.test(code)) {
    const step = totpStep(openSecret(keys, user.totpSecretCiphertext, secretContext(user.id)), code, now);
    if (step === null) return { ok: false };
    const taken = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`)))
      .returning({ id: users.id });
    return taken.length > 0 ? { ok: true, via: "totp" } : { ok: false };
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecovery(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  if (used.length === 0) return { ok: false };
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return { ok: true, via: "recovery-code", recoveryCodesLeft: left?.n ?? 0 };
}

/** Removes a user's second factor and recovery codes (an owner's reset; the caller ends sessions and audits). */
export async function removeSecondFactor(db: ConsoleDb, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecretCiphertext: null, totpEnrolledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** The sealed TOTP secret of a user, or null when they have none. */
export async function sealedSecretOf(db: ConsoleDb, userId: number): Promise<string | null> {
  const [row] = await db.select({ box: users.totpSecretCiphertext }).from(users).where(eq(users.id, userId));
  return row?.box ?? null;
}

/**
 * `npm run secrets:rotate`, for second factors: every TOTP secret sealed again with the newest
 * encryption key (docs/console.md, "Keys at rest"). A secret none of the keys opens stops it
 * before anything is written, naming the user: dropping its key would lock them out.
 */
export async function rotateTotpSecrets(
  db: ConsoleDb,
  keys: EncryptionKeys,
): Promise<{ renewed: number; already: number }> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const rows = await tx
      .select({ id: users.id, email: users.email, box: users.totpSecretCiphertext })
      .from(users)
      .where(isNotNull(users.totpSecretCiphertext))
      .orderBy(asc(users.id))
      .for("update");
    const renewed: { id: number; box: string }[] = [];
    for (const row of rows) {
      if (!row.box || sealedWithNewest(keys, row.box)) continue;
      let plain: string;
      try {
        plain = openSecret(keys, row.box, secretContext(row.id));
      } catch (error) {
        throw new RotationError(
          `The second factor of ${row.email} cannot be opened with the given keys: ${(error as Error).message} Nothing was changed.`,
        );
      }
      renewed.push({ id: row.id, box: sealSecret(keys, plain, secretContext(row.id)) });
    }
    for (const { id, box } of renewed)
      await tx.update(users).set({ totpSecretCiphertext: box }).where(eq(users.id, id));
    return { renewed: renewed.length, already: rows.length - renewed.length };
  });
}
