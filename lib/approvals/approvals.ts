import "server-only";
import { and, desc, eq, gt, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { RefusalReason } from "@/lib/audit/refusals";
import { compareDecimals } from "@/lib/contract/decimal";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { approvalRequests, awardBatches, awards, batchReversals, reversals } from "@/lib/db/schema";
import type { ApprovalStatus } from "@/lib/model/approval-status";
import type { ApprovalSummary } from "@/lib/model/approval-summary";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { countInRequest, oncePerRequest } from "@/lib/request/per-request";
import { type ApprovalSubject, approvalRequestName } from "./approval-view";

/**
 * Four-eyes approvals (docs/console.md, "Approvals"): an award or a whole batch over a threshold is
 * written as "awaiting approval" with a request here, and nothing is sent until another manager or
 * owner approves it. This module keeps the requests; every decision is one conditional update of
 * the request (status still waiting, not expired, the right person), so two approvers at the same
 * moment decide once. The award's side — its new status, its timeline, the audit row, all in the
 * decision's transaction — is lib/awards/approval-decisions.ts', which calls these.
 */

export type ApprovalRecord = typeof approvalRequests.$inferSelect;
/** What waits: an award, a whole batch, or a reversal of an award (docs/console.md, "Reversals"). */
export type Subject =
  | { awardId: number }
  | { batchId: number }
  | { reversalId: number }
  | { batchReversalId: number }
  | { campaignId: number };

/**
 * A request refused for a reason the person can read; nothing changed. `refusal` marks a refused
 * approval the audit log records (docs/console.md, "Audit log"): one's own request, a daily limit.
 */
export class ApprovalError extends UserFacingError {
  constructor(
    message: string,
    readonly refusal?: RefusalReason,
  ) {
    super(message);
  }
}

export interface NewApproval {
  projectGuid: string;
  connection: string;
  requesterId: number;
  requesterEmail: string;
  summary: ApprovalSummary;
  expiresAt: Date;
}

/**
 * Writes the request for an award or batch just written as awaiting approval (the caller's
 * transaction), and the line its timeline shows (lib/awards/approval-decisions.ts writes it).
 */
export async function insertApprovalRequest(
  tx: ConsoleDb,
  subject: Subject,
  request: NewApproval,
): Promise<{ approval: ApprovalRecord; detail: string }> {
  const [created] = await tx
    .insert(approvalRequests)
    .values({
      ...request,
      projectGuid: canonicalGuid(request.projectGuid),
      awardId: "awardId" in subject ? subject.awardId : null,
      batchId: "batchId" in subject ? subject.batchId : null,
      reversalId: "reversalId" in subject ? subject.reversalId : null,
      batchReversalId: "batchReversalId" in subject ? subject.batchReversalId : null,
      campaignId: "campaignId" in subject ? subject.campaignId : null,
      status: "waiting",
    })
    .returning();
  if (!created) throw new Error("the approval request could not be written");
  const over = request.summary.totals
    .filter((total) => total.threshold !== null && compareDecimals(total.amount, total.threshold) > 0)
    .map((total) => `${total.amount} ${total.symbol} is above ${total.threshold}`)
    .join("; ");
  if ("campaignId" in subject)
    return {
      approval: created,
      detail: `Campaign waiting for another manager or owner to approve (${over}). No occurrence runs until then.`,
    };
  if ("reversalId" in subject || "batchReversalId" in subject)
    return {
      approval: created,
      detail: `Reversal waiting for another manager or owner to approve (${over || "every reversal needs approval"}). Nothing is taken back until then.`,
    };
  return {
    approval: created,
    detail: `Waiting for another manager or owner to approve (${over}). Nothing is sent until then.`,
  };
}

export interface Decider {
  id: number;
  email: string;
}

type Decision = "approved" | "rejected" | "withdrawn";

/** Takes the request out of "waiting" if this person may, or says why not (the caller's transaction). */
export async function decideRequest(
  tx: ConsoleDb,
  id: number,
  who: Decider,
  status: Decision,
  note = "",
): Promise<ApprovalRecord> {
  const whose =
    status === "withdrawn"
      ? eq(approvalRequests.requesterId, who.id)
      : or(sql`${approvalRequests.requesterId} is null`, ne(approvalRequests.requesterId, who.id));
  const [row] = await tx
    .update(approvalRequests)
    .set({ status, decidedById: who.id, decidedByEmail: who.email, decidedAt: new Date(), note })
    .where(
      and(
        eq(approvalRequests.id, id),
        eq(approvalRequests.status, "waiting"),
        gt(approvalRequests.expiresAt, sql`now()`),
        whose,
      ),
    )
    .returning();
  if (row) return row;
  throw await whyNot(tx, id, status);
}

async function whyNot(tx: ConsoleDb, id: number, wanted: Decision): Promise<ApprovalError> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!row) return new ApprovalError(`There is no approval request ${id}.`);
  if (row.status !== "waiting")
    return new ApprovalError(
      row.status === "expired"
        ? "This request expired: nothing was sent."
        : `This request was already ${row.status}${row.decidedByEmail ? ` by ${row.decidedByEmail}` : ""}${row.decidedAt ? ` at ${row.decidedAt.toISOString()}` : ""}.`,
    );
  if (row.expiresAt.getTime() <= Date.now())
    return new ApprovalError("This request expired: nothing was sent.");
  if (wanted === "withdrawn")
    return new ApprovalError(`Only the person who asked (${row.requesterEmail}) can withdraw it.`);
  return new ApprovalError(
    "You asked for this yourself: another manager or owner must decide it.",
    wanted === "approved" ? "self-approval" : undefined,
  );
}

export const subjectOf = (row: ApprovalRecord): Subject =>
  row.awardId !== null
    ? { awardId: row.awardId }
    : row.reversalId !== null
      ? { reversalId: row.reversalId }
      : row.batchReversalId !== null
        ? { batchReversalId: row.batchReversalId }
        : row.campaignId !== null
          ? { campaignId: row.campaignId }
          : { batchId: row.batchId as number };

/** The request's one name (approval-view.ts' `approvalRequestName`), read with its award's player or its batch's file. */
export async function approvalName(db: ConsoleDb, row: ApprovalRecord): Promise<string> {
  let subject: ApprovalSubject;
  if (row.awardId !== null) {
    const [award] = await db
      .select({ customerId: awards.customerId })
      .from(awards)
      .where(eq(awards.id, row.awardId));
    subject = { kind: "award", customerId: award?.customerId ?? "" };
  } else if (row.reversalId !== null) {
    const [award] = await db
      .select({ customerId: awards.customerId })
      .from(reversals)
      .innerJoin(awards, eq(awards.id, reversals.awardId))
      .where(eq(reversals.id, row.reversalId));
    subject = { kind: "reversal", customerId: award?.customerId ?? "" };
  } else if (row.campaignId !== null) {
    subject = campaignSubject(row);
  } else if (row.batchReversalId !== null) {
    const [batch] = await db
      .select({ fileName: awardBatches.fileName, rows: batchReversals.rowCount })
      .from(batchReversals)
      .innerJoin(awardBatches, eq(awardBatches.id, batchReversals.batchId))
      .where(eq(batchReversals.id, row.batchReversalId));
    subject = { kind: "batch-reversal", fileName: batch?.fileName ?? "", rows: batch?.rows ?? 0 };
  } else {
    const [batch] = await db
      .select({ fileName: awardBatches.fileName, rowCount: awardBatches.rowCount })
      .from(awardBatches)
      .where(eq(awardBatches.id, row.batchId as number));
    subject = {
      kind: "batch",
      fileName: batch?.fileName ?? row.summary.batch?.fileName ?? "",
      rows: batch?.rowCount ?? row.summary.batch?.rows ?? 0,
    };
  }
  return approvalRequestName(row.id, subject, row.summary.totals);
}

/** A campaign's request names it from what was stored with the request (no table is read). */
export const campaignSubject = (row: Pick<ApprovalRecord, "summary">): ApprovalSubject => ({
  kind: "campaign",
  name: row.summary.campaign?.name ?? "",
  players: row.summary.campaign?.players ?? 0,
});

/**
 * Requests nobody decided in time are marked expired (the caller's transaction, which stops their
 * awards: lib/awards/approval-decisions.ts' expireRequests); the rows marked.
 */
export async function expireDueRequests(tx: ConsoleDb): Promise<ApprovalRecord[]> {
  return tx
    .update(approvalRequests)
    .set({ status: "expired", decidedAt: new Date() })
    .where(and(eq(approvalRequests.status, "waiting"), lte(approvalRequests.expiresAt, sql`now()`)))
    .returning();
}

/** Whether any request is past its time and still waiting (the job loop looks before it writes). */
export async function anyRequestDue(db: ConsoleDb): Promise<boolean> {
  const [due] = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, "waiting"), lte(approvalRequests.expiresAt, sql`now()`)))
    .limit(1);
  return due !== undefined;
}

export async function findApproval(db: ConsoleDb, id: number): Promise<ApprovalRecord | null> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row ?? null;
}

/** The request of an award or a batch, if it ever needed one; a campaign's latest (an edit may ask again). */
export async function approvalOf(db: ConsoleDb, subject: Subject): Promise<ApprovalRecord | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      "awardId" in subject
        ? eq(approvalRequests.awardId, subject.awardId)
        : "reversalId" in subject
          ? eq(approvalRequests.reversalId, subject.reversalId)
          : "batchReversalId" in subject
            ? eq(approvalRequests.batchReversalId, subject.batchReversalId)
            : "campaignId" in subject
              ? eq(approvalRequests.campaignId, subject.campaignId)
              : eq(approvalRequests.batchId, subject.batchId),
    )
    .orderBy(desc(approvalRequests.id))
    .limit(1);
  return row ?? null;
}

/** Whether a request still waits: not decided and not past its time (the job may not have run yet). */
export function isWaiting(row: Pick<ApprovalRecord, "status" | "expiresAt">, now = new Date()): boolean {
  return row.status === "waiting" && row.expiresAt.getTime() > now.getTime();
}

/** What the signed-in person can approve now: others' waiting requests. */
const waitingFor = (userId: number) =>
  and(
    eq(approvalRequests.status, "waiting"),
    gt(approvalRequests.expiresAt, sql`now()`),
    or(sql`${approvalRequests.requesterId} is null`, ne(approvalRequests.requesterId, userId)),
  );

/**
 * How many requests wait for this person's approval: read once per request, however many parts
 * of the page show it (the shell's sidebar and the overview's card; lib/request/per-request.ts).
 * Only renders ask, after any write of the request.
 */
export function countWaitingFor(db: ConsoleDb, userId: number): Promise<number> {
  return oncePerRequest(`approvals-waiting:${userId}`, async () => {
    await countInRequest("approvals count");
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalRequests)
      .where(waitingFor(userId));
    return row?.n ?? 0;
  });
}

export interface ApprovalListRow extends ApprovalRecord {
  customerId: string | null;
  isAllowance: boolean | null;
  requestIdOfAward: string | null;
  fileName: string | null;
  rowCount: number | null;
}

export type ApprovalScope = "waiting-for-me" | "mine" | "decided";

/** One list of the Approvals page, newest first. */
export async function listApprovals(
  db: ConsoleDb,
  userId: number,
  scope: ApprovalScope,
  limit = 100,
): Promise<ApprovalListRow[]> {
  const where =
    scope === "waiting-for-me"
      ? waitingFor(userId)
      : scope === "mine"
        ? and(eq(approvalRequests.requesterId, userId), eq(approvalRequests.status, "waiting"))
        : and(isNotNull(approvalRequests.decidedAt), ne(approvalRequests.status, "waiting"));
  // A reversal's award, beside the request's own award (one of the two is there at most).
  const reversed = alias(awards, "reversed_award");
  // A batch reversal's batch, beside the request's own batch.
  const reversedBatch = alias(awardBatches, "reversed_batch");
  const rows = await db
    .select({
      request: approvalRequests,
      customerId: sql<string | null>`coalesce(${awards.customerId}, ${reversed.customerId})`,
      isAllowance: sql<boolean | null>`coalesce(${awards.isAllowance}, ${reversed.isAllowance})`,
      requestIdOfAward: sql<string | null>`coalesce(${awards.requestId}, ${reversed.requestId})`,
      fileName: sql<string | null>`coalesce(${awardBatches.fileName}, ${reversedBatch.fileName})`,
      rowCount: sql<number | null>`coalesce(${awardBatches.rowCount}, ${batchReversals.rowCount})`,
    })
    .from(approvalRequests)
    .leftJoin(awards, eq(awards.id, approvalRequests.awardId))
    .leftJoin(reversals, eq(reversals.id, approvalRequests.reversalId))
    .leftJoin(reversed, eq(reversed.id, reversals.awardId))
    .leftJoin(awardBatches, eq(awardBatches.id, approvalRequests.batchId))
    .leftJoin(batchReversals, eq(batchReversals.id, approvalRequests.batchReversalId))
    .leftJoin(reversedBatch, eq(reversedBatch.id, batchReversals.batchId))
    .where(where)
    .orderBy(
      scope === "decided" ? desc(approvalRequests.decidedAt) : desc(approvalRequests.createdAt),
      desc(approvalRequests.id),
    )
    .limit(limit);
  return rows.map(({ request, ...rest }) => ({ ...request, ...rest }));
}

export type { ApprovalStatus };
