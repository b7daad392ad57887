import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleDb } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import { ROLES, type Role } from "@/lib/model/roles";
import { hashPassword, passwordProblem, verifyPassword } from "./password";
import { endSessionsOf } from "./sessions";
import { type ConsoleUser, UserError } from "./users";

/**
 * Settings → Users (owners only: docs/console.md, "What each role may do"). Changes take effect at once: the role and the
 * active flag are read from the database on every request. The console always keeps one active
 * owner, so nobody can lock everyone out of user management. A role change or deactivation ends
 * the user's sessions (reactivation does not revive them), and each change is audited in the same
 * transaction (docs/console.md, "Audit log").
 */

export async function listUsers(db: ConsoleDb): Promise<(ConsoleUser & { mfaEnrolled: boolean })[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      mfaEnrolled: sql<boolean>`${users.totpEnrolledAt} is not null`,
    })
    .from(users)
    .orderBy(asc(users.email));
}

async function otherActiveOwners(db: ConsoleDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "owner"), eq(users.active, true), ne(users.id, userId)));
  return row?.n ?? 0;
}

async function update(
  db: ConsoleDb,
  userId: number,
  change: Partial<{ role: Role; active: boolean }>,
  actor: AuditActor,
): Promise<ConsoleUser> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    // Serialise owner changes, so two owners demoting each other at once cannot leave none.
    await tx.execute(sql`select id from console.users where role = 'owner' for update`);
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new UserError("That user does not exist.", { status: 404 });
    const losesOwner =
      target.role === "owner" &&
      target.active &&
      (change.role !== undefined ? change.role !== "owner" : change.active === false);
    if (losesOwner && (await otherActiveOwners(tx, userId)) === 0) {
      throw new UserError("The console needs at least one active owner: make someone else an owner first.");
    }
    const [updated] = await tx
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        active: users.active,
      });
    if (!updated) throw new UserError("That user does not exist.", { status: 404 });
    if (change.role !== undefined && change.role !== target.role) {
      await endSessionsOf(tx, userId, "role-changed");
      await recordAudit(tx, actor, {
        kind: "user.role-changed",
        summary: `Changed ${target.email} from ${target.role} to ${change.role}`,
        detail: { userId, email: target.email, from: target.role, to: change.role },
      });
    }
    if (change.active !== undefined && change.active !== target.active) {
      if (!change.active) await endSessionsOf(tx, userId, "deactivated");
      await recordAudit(tx, actor, {
        kind: change.active ? "user.reactivated" : "user.deactivated",
        summary: `${change.active ? "Reactivated" : "Deactivated"} ${target.email}`,
        detail: { userId, email: target.email },
      });
    }
    return updated;
  });
}

export async function changeRole(
  db: ConsoleDb,
  userId: number,
  role: string,
  actor: AuditActor,
): Promise<ConsoleUser> {
  if (!(ROLES as readonly string[]).includes(role))
    throw new UserError(`The role must be one of ${ROLES.join(", ")}.`);
  return update(db, userId, { role: role as Role }, actor);
}

/** Deactivated users lose access at once; their history (awards they sent) stays. */
export async function setActive(
  db: ConsoleDb,
  userId: number,
  active: boolean,
  actor: AuditActor,
): Promise<ConsoleUser> {
  return update(db, userId, { active }, actor);
}

/**
 * A new password: set by an owner for someone (a forgotten one), or by a person for themselves
 * after giving the current one. Every session of that user ends — but the one changing its own
 * password — and the change is audited, in one transaction (docs/console.md, "Sessions").
 */
export async function setPassword(
  db: ConsoleDb,
  userId: number,
  password: string,
  actor: AuditActor,
  { currentPassword, keepSession }: { currentPassword?: string; keepSession?: string } = {},
): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new UserError(`The new password ${problem}.`, { fieldErrors: { password: problem } });
  const [target] = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) throw new UserError("That user does not exist.", { status: 404 });
  if (currentPassword !== undefined && !(await verifyPassword(currentPassword, target.hash)))
    throw new UserError("The current password is not right.", {
      fieldErrors: { currentPassword: "is not right" },
    });
  const hash = await hashPassword(password);
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    const ended = await endSessionsOf(tx, userId, "password-changed", keepSession);
    const self = currentPassword !== undefined;
    await recordAudit(tx, actor, {
      kind: self ? "user.password-changed" : "user.password-reset",
      summary: self
        ? `Changed their password; ${ended} other session(s) ended`
        : `Set a new password for ${target.email}; ${ended} session(s) ended`,
      detail: { userId, email: target.email, sessionsEnded: ended },
    });
  });
}
