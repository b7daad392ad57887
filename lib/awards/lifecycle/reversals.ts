import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/audit-log";
import { canonicalReversalBody } from "@/lib/contract/award-body";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardTrailLine, awardEvents, awards, reversals } from "@/lib/db/schema";
import type { ReversalOutcomeRecord, ReversalStatus } from "@/lib/model/reversal-status";
import { TrailError } from "../trail";
import { type AuditLine, fromStatuses } from "./transition";

/**
 * A reversal's part of the award lifecycle (docs/console.md, "Reversals"): written before it is
 * sent, each attempt, each answer — and the award's own status and timeline with it, in one
 * transaction, so the trail never says an award is reversed that the service did not reverse.
 */

export type ReversalRecord = typeof reversals.$inferSelect;

export interface NewReversal {
  reversalId: string;
  awardId: number;
  connection: string;
  baseUrl: string;
  projectGuid: string;
  actorId: number | null;
  actorEmail: string;
  reason: string;
  /** Null: everything of the award still reversible. */
  lines: AwardTrailLine[] | null;
  batchReversalId?: number | null;
  batchLine?: number | null;
}

/** The statuses a reversal may be sent (again) from. */
const SENDABLE: readonly ReversalStatus[] = ["sending", "failed", "unknown"];

const canonical = (reversal: NewReversal): NewReversal => ({
  ...reversal,
  reversalId: canonicalGuid(reversal.reversalId),
  projectGuid: canonicalGuid(reversal.projectGuid),
  lines:
    reversal.lines?.map((line) => ({
      ...line,
      Guid: canonicalGuid(line.Guid),
      ContractGuid: canonicalGuid(line.ContractGuid),
    })) ?? null,
});

/** The service's "same body" of a reversal (lib/contract/award-body.ts), for the trail's own check. */
const bodyOf = (r: Pick<NewReversal, "projectGuid" | "reversalId" | "reason" | "lines">, requestId: string) =>
  canonicalReversalBody({
    ProjectGuid: r.projectGuid,
    ReversalID: r.reversalId,
    RequestID: requestId,
    Reason: r.reason,
    Tokens: r.lines,
  });

/**
 * Writes a reversal, before anything is sent, with a timeline line on its award: "sending", or
 * "awaiting-approval" under the owners' reversal policy. A ReversalID the trail already holds is
 * the same reversal (a retry) when the body matches; another body under it is refused, as the
 * service would.
 */
export async function writeReversal(
  tx: ConsoleDb,
  given: NewReversal,
  status: "sending" | "awaiting-approval",
  requestId: string,
): Promise<{ record: ReversalRecord; created: boolean }> {
  const reversal = canonical(given);
  const [created] = await tx
    .insert(reversals)
    .values({ ...reversal, status })
    .onConflictDoNothing()
    .returning();
  if (created) {
    // One waiting for approval gets its line with the request (lib/awards/approval-decisions.ts).
    if (status === "sending")
      await tx.insert(awardEvents).values({
        awardId: reversal.awardId,
        kind: "reversal",
        actorEmail: reversal.actorEmail,
        detail: `Reversal written: ${reversal.reason} (ReversalID ${reversal.reversalId}).`,
      });
    return { record: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(reversals)
    .where(
      and(eq(reversals.projectGuid, reversal.projectGuid), eq(reversals.reversalId, reversal.reversalId)),
    );
  if (!existing) throw new TrailError("the reversal could not be written to the trail.");
  if (existing.awardId === reversal.awardId && bodyOf(existing, requestId) === bodyOf(reversal, requestId))
    return { record: existing, created: false };
  throw new TrailError(
    `ReversalID ${reversal.reversalId} was already used for another reversal (${existing.createdAt.toISOString()}): review it again and a new one is made.`,
  );
}

export async function findReversal(db: ConsoleDb, id: number): Promise<ReversalRecord | null> {
  const [row] = await db.select().from(reversals).where(eq(reversals.id, id));
  return row ?? null;
}

async function lockedReversal(tx: ConsoleDb, id: number): Promise<ReversalRecord> {
  const [row] = await tx.select().from(reversals).where(eq(reversals.id, id)).for("update");
  if (!row) throw new TrailError(`there is no reversal ${id} in the trail.`);
  return row;
}

/** One more attempt of a reversal goes out; the attempt's number. */
export async function markReversalSent(db: ConsoleDb, id: number, actorEmail: string): Promise<number> {
  return db.transaction(async (handle) => {
    const tx = handle as unknown as ConsoleDb;
    const current = await lockedReversal(tx, id);
    if (!SENDABLE.includes(current.status))
      throw new TrailError(`the reversal is ${current.status}: it cannot be sent.`);
    const [row] = await tx
      .update(reversals)
      .set({ status: "sending", attempts: sql`${reversals.attempts} + 1`, updatedAt: new Date() })
      .where(eq(reversals.id, id))
      .returning({ attempts: reversals.attempts });
    const attempt = row?.attempts ?? 0;
    await tx.insert(awardEvents).values({
      awardId: current.awardId,
      kind: "reversal",
      actorEmail,
      detail:
        attempt > 1
          ? `Reversal retried: attempt ${attempt}, same ReversalID ${current.reversalId} and body.`
          : `Reversal sent (ReversalID ${current.reversalId}).`,
    });
    return attempt;
  });
}

/** The award's trail status once the service did a reversal: its state as the service answered it. */
const AWARD_STATUS_AFTER = {
  Cancelled: "cancelled",
  PartlyReversed: "partly-reversed",
  Reversed: "reversed",
} as const;

/**
 * What the service answered a reversal (or that the answer was lost): the reversal's new status,
 * and — when it was done — the award's status as the service now reads it, with a timeline line
 * and the audit line it is given, all in one transaction.
 */
export async function recordReversalOutcome(
  db: ConsoleDb,
  id: number,
  outcome: {
    status: "done" | "failed" | "unknown";
    error?: string;
    answer?: ReversalOutcomeRecord;
    detail: string;
  },
  audit?: AuditLine,
): Promise<void> {
  await db.transaction(async (handle) => {
    const tx = handle as unknown as ConsoleDb;
    const current = await lockedReversal(tx, id);
    if (!SENDABLE.includes(current.status))
      throw new TrailError(`the reversal is ${current.status}: its outcome cannot be recorded.`);
    await tx
      .update(reversals)
      .set({
        status: outcome.status,
        error: outcome.error ?? "",
        outcome: outcome.answer ?? current.outcome,
        updatedAt: new Date(),
      })
      .where(eq(reversals.id, id));
    if (outcome.status === "done" && outcome.answer) {
      // The service decides: an award the trail still calls sending or unknown may have been paid.
      await tx
        .update(awards)
        .set({ status: AWARD_STATUS_AFTER[outcome.answer.state], error: "", updatedAt: new Date() })
        .where(and(eq(awards.id, current.awardId), fromStatuses("reverse", sql`${awards.status}`)));
    }
    await tx.insert(awardEvents).values({
      awardId: current.awardId,
      kind: "reversal",
      status: outcome.status === "done" && outcome.answer ? AWARD_STATUS_AFTER[outcome.answer.state] : null,
      detail: outcome.detail,
    });
    if (audit) await recordAudit(tx, audit.actor, audit.event);
  });
}
