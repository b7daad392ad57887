import "server-only";
import { eq } from "drizzle-orm";
import { type AuditActor, audited, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleDb } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import type { EncryptionKeys } from "@/lib/secret-box";
import { completeEnrolment, consumeSecondFactor, removeSecondFactor } from "./second-factor";
import { endSession, endSessionsOf, markSecondFactor, type SignedIn } from "./sessions";
import { attemptVerdict, clearAccountFailures, recordFailure } from "./sign-in-failures";

/**
 * What a person does with their own account, and owners with others' (docs/console.md,
 * "Two-factor sign-in" and "Sessions"): each step audited.
 */

export type StepUpResult = { ok: true } | { ok: false; message: string };

/**
 * A fresh second factor for this session (step-up): throttled like sign-in, per account and
 * client, and a code is never taken twice.
 */
export async function confirmSecondFactor(
  db: ConsoleDb,
  keys: EncryptionKeys,
  signedIn: SignedIn,
  code: string,
  actor: AuditActor,
  now = new Date(),
): Promise<StepUpResult> {
  const { user, session } = signedIn;
  const verdict = await attemptVerdict(db, user.email, actor.client, now);
  if (verdict.wait > 0)
    return { ok: false, message: `Too many wrong codes: try again in ${verdict.wait} seconds.` };
  const [row] = await db.select({ box: users.totpSecretCiphertext }).from(users).where(eq(users.id, user.id));
  if (!row?.box) return { ok: false, message: "You have no second factor: set one up on the Account page." };
  const result = await consumeSecondFactor(
    db,
    keys,
    { id: user.id, totpSecretCiphertext: row.box },
    code,
    now,
  );
  if (!result.ok) {
    await recordFailure(db, user.email, actor.client, now);
    return { ok: false, message: "That code is wrong or was already used: enter the current code." };
  }
  await clearAccountFailures(db, user.email);
  await markSecondFactor(db, session.id, now);
  if (result.via === "recovery-code")
    await recordAudit(db, actor, {
      kind: "mfa.recovery-code-used",
      summary: `Used a recovery code to confirm an action; ${result.recoveryCodesLeft} left`,
      detail: { left: result.recoveryCodesLeft },
    });
  return { ok: true };
}

/**
 * Sets up (or replaces) the person's own second factor; returns the recovery codes to show once.
 * Every other session of the account ends, in the same transaction as the new factor and its
 * audit row: before a first enrolment they were opened with the password alone and would go on
 * without ever giving a code; a replaced authenticator may be a lost phone. This session goes on,
 * its second factor given.
 */
export async function enrolSecondFactor(
  db: ConsoleDb,
  keys: EncryptionKeys,
  signedIn: SignedIn,
  pending: string,
  code: string,
  actor: AuditActor,
): Promise<string[]> {
  const replacing = signedIn.user.mfaEnrolled;
  const { codes } = await audited(
    db,
    actor,
    async (tx) => {
      const codes = await completeEnrolment(tx, keys, signedIn.user.id, pending, code);
      await markSecondFactor(tx, signedIn.session.id);
      const ended = await endSessionsOf(tx, signedIn.user.id, "mfa-enrolled", signedIn.session.id);
      return { codes, ended };
    },
    ({ ended }) => ({
      kind: "mfa.enrolled",
      summary: `${replacing ? "Replaced their authenticator and recovery codes" : "Set up two-factor sign-in"}; ${ended} other session(s) ended`,
      detail: { sessionsEnded: ended },
    }),
  );
  return codes;
}

/** An owner removes someone's second factor (a lost phone): their sessions end; they enrol again. */
export async function resetSecondFactor(
  db: ConsoleDb,
  target: { id: number; email: string },
  actor: AuditActor,
): Promise<void> {
  await audited(
    db,
    actor,
    async (tx) => {
      await removeSecondFactor(tx, target.id);
      return endSessionsOf(tx, target.id, "mfa-reset");
    },
    (ended) => ({
      kind: "mfa.reset",
      summary: `Reset the two-factor sign-in of ${target.email}; ${ended} session(s) ended`,
      detail: { userId: target.id, email: target.email, sessionsEnded: ended },
    }),
  );
}

/**
 * Signing out, whichever way (the console's button, lib/actions/sign-out.ts, or Auth.js's own
 * /api/auth/signout, through its `signOut` event in auth.ts): this session ends on the server, so
 * a copy of its cookie is worth nothing afterwards, and the audit log says so.
 */
export async function signOutSession(db: ConsoleDb, signedIn: SignedIn, actor: AuditActor): Promise<void> {
  await audited(
    db,
    actor,
    (tx) => endSession(tx, signedIn.session.id, "signed-out"),
    () => ({ kind: "sign-out", summary: "Signed out" }),
  );
}

/** Ends every session of a user (themselves, or anyone when an owner does it). */
export async function signOutEverywhere(
  db: ConsoleDb,
  target: { id: number; email: string },
  actor: AuditActor,
): Promise<number> {
  return audited(
    db,
    actor,
    (tx) => endSessionsOf(tx, target.id, "signed-out-everywhere"),
    (ended) => ({
      kind: "sessions.ended",
      summary: `Signed ${actor.id === target.id ? "themselves" : target.email} out everywhere: ${ended} session(s) ended`,
      detail: { userId: target.id, email: target.email, sessionsEnded: ended },
    }),
  );
}
