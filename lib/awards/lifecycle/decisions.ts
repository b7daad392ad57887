import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Subject } from "@/lib/approvals/approvals";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardBatches, awardEvents, awards, batchReversals, campaigns, reversals } from "@/lib/db/schema";
import type { AwardTransition } from "@/lib/model/award-transitions";
import type { BatchStatus } from "@/lib/model/batch-status";
import type { CampaignStatus } from "@/lib/model/campaign-status";
import type { ReversalStatus } from "@/lib/model/reversal-status";
import { TrailError } from "../trail";
import { checkTransition, fromStatuses } from "./transition";

/**
 * The approval steps of an award or a whole batch in the lifecycle (docs/console.md, "Approvals"):
 * requested, approved (to send), or stopped for good (rejected, withdrawn, expired). Each is one
 * set-based change of the subject's rows with their timeline lines, in the caller's transaction,
 * which also decides the approval request (lib/awards/approval-decisions.ts).
 */

/** The awards a subject's decision concerns: an award, a batch's rows, or a reversal's award. */
const rowsOf = (subject: AwardSubject): SQL =>
  "awardId" in subject ? sql`id = ${subject.awardId}` : sql`batch_id = ${subject.batchId}`;

type AwardSubject = Exclude<
  Subject,
  { reversalId: number } | { batchReversalId: number } | { campaignId: number }
>;

async function addEvents(tx: ConsoleDb, subject: Subject, kind: string, actorEmail: string, detail: string) {
  // A campaign has no award yet: its occurrences' batches are written when they run.
  if ("campaignId" in subject) return;
  if ("reversalId" in subject) {
    // A reversal's step ("${kind}") is a "Reversal" line on its award's timeline, whose detail says
    // which step; the award's status does not move.
    await tx.execute(sql`
      insert into ${awardEvents} (award_id, kind, actor_email, detail)
      select award_id, 'reversal', ${actorEmail}, ${detail} from ${reversals}
       where id = ${subject.reversalId}`);
    return;
  }
  if ("batchReversalId" in subject) {
    // A batch reversal's step is such a line on the award of each of its rows.
    await tx.execute(sql`
      insert into ${awardEvents} (award_id, kind, actor_email, detail)
      select award_id, 'reversal', ${actorEmail}, ${`Batch reversal: ${detail}`} from ${reversals}
       where batch_reversal_id = ${subject.batchReversalId}`);
    return;
  }
  await tx.execute(sql`
    insert into ${awardEvents} (award_id, kind, status, actor_email, detail)
    select id, ${kind}, status, ${actorEmail}, ${detail} from ${awards} where ${rowsOf(subject)}`);
}

/**
 * A campaign that waits moves on (docs/console.md, "Campaigns"): approved, it becomes active and
 * its due occurrences run; stopped, it never runs. One that no longer waits is refused.
 */
async function moveWaitingCampaign(tx: ConsoleDb, campaignId: number, status: CampaignStatus) {
  const moved = await tx
    .update(campaigns)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "awaiting-approval")))
    .returning({ id: campaigns.id });
  if (moved.length === 0) throw new TrailError(`the campaign ${campaignId} does not wait for approval.`);
}

/** A reversal that waits moves on: to be sent, or stopped for good; one that no longer waits is refused. */
async function moveReversal(tx: ConsoleDb, reversalId: number, status: ReversalStatus) {
  const moved = await tx
    .update(reversals)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(reversals.id, reversalId), eq(reversals.status, "awaiting-approval")))
    .returning({ id: reversals.id });
  if (moved.length === 0) throw new TrailError(`the reversal ${reversalId} does not wait for approval.`);
}

/**
 * A batch reversal that waits moves on: to be sent (its rows wait for the sender), or stopped for
 * good with its rows; one that no longer waits is refused.
 */
async function moveBatchReversal(tx: ConsoleDb, batchReversalId: number, status: BatchStatus) {
  const stopped = status !== "sending";
  const moved = await tx
    .update(batchReversals)
    .set({ status, ...(stopped ? { finishedAt: new Date() } : {}) })
    .where(and(eq(batchReversals.id, batchReversalId), eq(batchReversals.status, "awaiting-approval")))
    .returning({ id: batchReversals.id });
  if (moved.length === 0)
    throw new TrailError(`the batch reversal ${batchReversalId} does not wait for approval.`);
  if (stopped)
    await tx
      .update(reversals)
      .set({ status: status as ReversalStatus, updatedAt: new Date() })
      .where(and(eq(reversals.batchReversalId, batchReversalId), eq(reversals.status, "pending")));
}

/** The subject's rows that `transition` moves to `status`; an award alone that may not move is refused. */
async function move(tx: ConsoleDb, subject: AwardSubject, transition: AwardTransition, status: string) {
  const moved = (await tx.execute(sql`
    update ${awards} set status = ${status}, updated_at = now()
    where ${rowsOf(subject)} and ${fromStatuses(transition)}
    returning id`)) as unknown as { rows: { id: number }[] };
  if ("awardId" in subject && moved.rows.length === 0) {
    const [award] = await tx
      .select({ status: awards.status, requestId: awards.requestId })
      .from(awards)
      .where(eq(awards.id, subject.awardId));
    if (!award) throw new TrailError(`there is no award ${subject.awardId} in the trail.`);
    checkTransition(transition, award.status, undefined, award.requestId);
  }
}

/** "requestApproval": the subject's timeline says what it waits for. */
export async function noteApprovalRequested(
  tx: ConsoleDb,
  subject: Subject,
  requesterEmail: string,
  detail: string,
): Promise<void> {
  await addEvents(tx, subject, "requested", requesterEmail, detail);
}

/** "approve" an award (it is sent next) or "approveBatch" a batch (its rows wait for the sender). */
export async function approveSubject(tx: ConsoleDb, subject: Subject, approverEmail: string): Promise<void> {
  if ("campaignId" in subject) await moveWaitingCampaign(tx, subject.campaignId, "active");
  else if ("reversalId" in subject) await moveReversal(tx, subject.reversalId, "sending");
  else if ("batchReversalId" in subject) await moveBatchReversal(tx, subject.batchReversalId, "sending");
  else if ("awardId" in subject) await move(tx, subject, "approve", "sending");
  else {
    await tx.update(awardBatches).set({ status: "sending" }).where(eq(awardBatches.id, subject.batchId));
    await move(tx, subject, "approveBatch", "pending");
  }
  await addEvents(
    tx,
    subject,
    "approved",
    approverEmail,
    "reversalId" in subject || "batchReversalId" in subject
      ? "Approved: sent with the ReversalID it was written with."
      : "Approved: sent with the RequestID it was written with.",
  );
}

/** "reject", "withdraw" or "expire": the subject is stopped for good, never sent. */
export async function stopSubject(
  tx: ConsoleDb,
  subject: Subject,
  status: "rejected" | "withdrawn" | "expired",
  who: string,
  detail: string,
): Promise<void> {
  if ("campaignId" in subject) {
    await moveWaitingCampaign(tx, subject.campaignId, status);
    return;
  }
  if ("reversalId" in subject) {
    await moveReversal(tx, subject.reversalId, status);
    await addEvents(tx, subject, status, who, detail);
    return;
  }
  if ("batchReversalId" in subject) {
    await moveBatchReversal(tx, subject.batchReversalId, status);
    await addEvents(tx, subject, status, who, detail);
    return;
  }
  if ("batchId" in subject)
    await tx
      .update(awardBatches)
      .set({ status, finishedAt: new Date() })
      .where(eq(awardBatches.id, subject.batchId));
  const transition = ({ rejected: "reject", withdrawn: "withdraw", expired: "expire" } as const)[status];
  await move(tx, subject, transition, status);
  await addEvents(tx, subject, status, who, detail);
}
