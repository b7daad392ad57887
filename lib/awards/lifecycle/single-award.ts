import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/audit-log";
import { type AwardBody, sameAwardBody } from "@/lib/contract/award-body";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardEvents, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import { type AwardRecord, canonicalAward, type NewAward, TrailError } from "../trail";
import { type AuditLine, checkTransition, fromStatuses } from "./transition";

/**
 * A single award's part of the lifecycle: written before it is sent, each attempt, each answer.
 * Every change reads the award's status under a row lock, checks it against the transitions
 * table and writes the award, its timeline line (and the audit line it is given) in one
 * transaction.
 */

/**
 * Writes the award with its "created" event, before anything is sent. A RequestID the trail
 * already holds is the same award (a retry): the stored row is returned when the body matches,
 * and a different body under the same RequestID is refused, as the service would.
 */
export async function recordAward(db: ConsoleDb, award: NewAward): Promise<AwardRecord> {
  return db.transaction(
    async (tx) => (await writeAward(tx as unknown as ConsoleDb, award, "sending")).record,
  );
}

/**
 * `recordAward` in the caller's transaction, with the status a new award starts in ("sending",
 * or "awaiting-approval" over a threshold); `created` says whether it is new.
 */
export async function writeAward(
  tx: ConsoleDb,
  given: NewAward,
  status: "sending" | "awaiting-approval",
): Promise<{ record: AwardRecord; created: boolean }> {
  checkTransition("write", null, status);
  const award = canonicalAward(given);
  const [created] = await tx
    .insert(awards)
    .values({ ...award, status })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await tx.insert(awardEvents).values({
      awardId: created.id,
      kind: "created",
      status,
      actorEmail: award.actorEmail,
      detail: award.reason,
    });
    return { record: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(awards)
    .where(
      and(
        eq(awards.projectGuid, award.projectGuid),
        sql`lower(${awards.requestId}) = lower(${award.requestId})`,
      ),
    );
  if (!existing) throw new TrailError("the award could not be written to the trail.");
  if (sameAwardBody(bodyOf(existing), bodyOf(award))) return { record: existing, created: false };
  throw new TrailError(
    `RequestID ${award.requestId} was already used for a different award (${existing.customerId}, ${existing.createdAt.toISOString()}): change anything and a new RequestID is made.`,
  );
}

/** The award as the service's body, for the one same-body rule both programs apply. */
const bodyOf = (
  award: Pick<
    AwardRecord,
    "projectGuid" | "requestId" | "customerId" | "isAllowance" | "isMintable" | "wallet" | "lines"
  >,
): AwardBody => ({
  ProjectGuid: award.projectGuid,
  RequestID: award.requestId,
  CustomerID: award.customerId,
  IsAllowance: award.isAllowance,
  IsMintable: award.isMintable,
  Wallet: award.wallet,
  Tokens: award.lines,
});

/** The award's status under a row lock, for a change in this transaction; TrailError when there is none. */
async function lockedStatus(
  tx: ConsoleDb,
  awardId: number,
): Promise<{ status: AwardStatus; requestId: string }> {
  const [row] = await tx
    .select({ status: awards.status, requestId: awards.requestId })
    .from(awards)
    .where(eq(awards.id, awardId))
    .for("update");
  if (!row) throw new TrailError(`there is no award ${awardId} in the trail.`);
  return row;
}

/** One more attempt is about to go out ("send"); the attempt's number. */
export async function markSent(db: ConsoleDb, awardId: number, actorEmail: string): Promise<number> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const current = await lockedStatus(tx, awardId);
    checkTransition("send", current.status, undefined, current.requestId);
    const [row] = await tx
      .update(awards)
      .set({ attempts: sql`${awards.attempts} + 1`, updatedAt: new Date() })
      .where(eq(awards.id, awardId))
      .returning({ attempts: awards.attempts });
    const attempt = row?.attempts ?? 0;
    await tx.insert(awardEvents).values({
      awardId,
      kind: "sent",
      actorEmail,
      detail: attempt > 1 ? `Retry: attempt ${attempt}, same RequestID and body.` : "Sent to the service.",
    });
    return attempt;
  });
}

/**
 * What the service answered (or that the answer was lost), as the award's new status
 * ("recordOutcome"), with the audit line it is given in the same transaction.
 */
export async function recordOutcome(
  db: ConsoleDb,
  awardId: number,
  outcome: { status: AwardStatus; error?: string; detail: string },
  audit?: AuditLine,
): Promise<void> {
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const current = await lockedStatus(tx, awardId);
    checkTransition("recordOutcome", current.status, outcome.status, current.requestId);
    await tx
      .update(awards)
      .set({ status: outcome.status, error: outcome.error ?? "", updatedAt: new Date() })
      .where(and(eq(awards.id, awardId), fromStatuses("recordOutcome", sql`${awards.status}`)));
    await tx.insert(awardEvents).values({
      awardId,
      kind: "outcome",
      status: outcome.status,
      detail: outcome.detail,
    });
    if (audit) await recordAudit(tx, audit.actor, audit.event);
  });
}
