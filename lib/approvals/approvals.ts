import "server-only";
import { and, desc, eq, gt, isNotNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import { type RefusalReason, recordRefusal } from "@/lib/audit/refusals";
import { compareDecimals } from "@/lib/contract/decimal";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { approvalRequests, awardBatches, awardEvents, awards, users } from "@/lib/db/schema";
import type { ApprovalStatus } from "@/lib/model/approval-status";
import type { ApprovalSummary } from "@/lib/model/approval-summary";
import type { Role } from "@/lib/model/roles";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { type ApprovalSubject, approvalRequestName } from "./approval-view";
import { readPolicies } from "./policies";
import { LimitError, reserveSpend } from "./spend";

/**
 * Four-eyes approvals (docs/console.md, "Approvals"): an award or a whole batch over a threshold is
 * written as "awaiting approval" with a request here, and nothing is sent until another manager or
 * owner approves it. Every decision is one conditional update of the request (status still
 * waiting, not expired, the right person), so two approvers at the same moment decide once; the
 * decision, the subject's new status, its timeline and the audit row commit together.
 */

export type ApprovalRecord = typeof approvalRequests.$inferSelect;
export type Subject = { awardId: number } | { batchId: number };

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

const rowsOf = (subject: Subject): SQL =>
  "awardId" in subject ? sql`id = ${subject.awardId}` : sql`batch_id = ${subject.batchId}`;

async function addEvents(tx: ConsoleDb, subject: Subject, kind: string, actorEmail: string, detail: string) {
  await tx.execute(sql`
    insert into ${awardEvents} (award_id, kind, status, actor_email, detail)
    select id, ${kind}, status, ${actorEmail}, ${detail} from ${awards} where ${rowsOf(subject)}`);
}

/** Writes the request for an award or batch just written as awaiting approval (the caller's transaction). */
export async function requestApproval(
  tx: ConsoleDb,
  subject: Subject,
  request: NewApproval,
): Promise<ApprovalRecord> {
  const [created] = await tx
    .insert(approvalRequests)
    .values({
      ...request,
      projectGuid: canonicalGuid(request.projectGuid),
      awardId: "awardId" in subject ? subject.awardId : null,
      batchId: "batchId" in subject ? subject.batchId : null,
      status: "waiting",
    })
    .returning();
  if (!created) throw new Error("the approval request could not be written");
  const over = request.summary.totals
    .filter((total) => total.threshold !== null && compareDecimals(total.amount, total.threshold) > 0)
    .map((total) => `${total.amount} ${total.symbol} is above ${total.threshold}`)
    .join("; ");
  await addEvents(
    tx,
    subject,
    "requested",
    request.requesterEmail,
    `Waiting for another manager or owner to approve (${over}). Nothing is sent until then.`,
  );
  return created;
}

export interface Decider {
  id: number;
  email: string;
}

type Decision = "approved" | "rejected" | "withdrawn";

/** Takes the request out of "waiting" if this person may, or says why not. */
async function decide(
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

const subjectOf = (row: ApprovalRecord): Subject =>
  row.awardId !== null ? { awardId: row.awardId } : { batchId: row.batchId as number };

/** The request's one name (approval-view.ts' `approvalRequestName`), read with its award's player or its batch's file. */
export async function approvalName(db: ConsoleDb, row: ApprovalRecord): Promise<string> {
  let subject: ApprovalSubject;
  if (row.awardId !== null) {
    const [award] = await db
      .select({ customerId: awards.customerId })
      .from(awards)
      .where(eq(awards.id, row.awardId));
    subject = { kind: "award", customerId: award?.customerId ?? "" };
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

/**
 * Approves: counts the award or batch against the requester's daily limit (refused whole when it
 * no longer fits), sets it to send and records who approved. The caller then sends it, with the
 * RequestIDs already in the trail.
 */
export async function approveRequest(
  db: ConsoleDb,
  id: number,
  who: Decider,
  actor: AuditActor,
  project: string,
): Promise<ApprovalRecord> {
  try {
    return await approveInTransaction(db, id, who, actor, project);
  } catch (error) {
    // The refused approval rolled back; its audit row is written on its own, after it.
    const asked = error instanceof ApprovalError && error.refusal ? await findApproval(db, id) : null;
    if (asked && error instanceof ApprovalError && error.refusal)
      await recordRefusal(db, actor, {
        reason: error.refusal,
        attempted: await approvalName(db, asked),
        message: error.message,
        project,
        detail: { approval: asked.id, ...subjectOf(asked), requester: asked.requesterEmail },
      });
    throw error;
  }
}

async function approveInTransaction(
  db: ConsoleDb,
  id: number,
  who: Decider,
  actor: AuditActor,
  project: string,
): Promise<ApprovalRecord> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const row = await decide(tx, id, who, "approved");
    const subject = subjectOf(row);
    const [requester] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, row.requesterId ?? -1));
    if (!requester)
      throw new ApprovalError("The person who asked no longer has an account: reject it instead.");
    try {
      await reserveSpend(
        tx,
        { userId: requester.id, role: requester.role as Role, projectGuid: row.projectGuid },
        await readPolicies(tx, row.projectGuid),
        "awardId" in subject ? sql`a.id = ${subject.awardId}` : sql`a.batch_id = ${subject.batchId}`,
      );
    } catch (error) {
      if (error instanceof LimitError)
        throw new ApprovalError(new LimitError(error.breach, `${row.requesterEmail}'s`).message, "limit");
      throw error;
    }
    if ("awardId" in subject)
      await tx
        .update(awards)
        .set({ status: "sending", updatedAt: new Date() })
        .where(and(eq(awards.id, subject.awardId), eq(awards.status, "awaiting-approval")));
    else {
      await tx.update(awardBatches).set({ status: "sending" }).where(eq(awardBatches.id, subject.batchId));
      await tx
        .update(awards)
        .set({ status: "pending", updatedAt: new Date() })
        .where(and(eq(awards.batchId, subject.batchId), eq(awards.status, "awaiting-approval")));
    }
    await addEvents(
      tx,
      subject,
      "approved",
      who.email,
      "Approved: sent with the RequestID it was written with.",
    );
    await recordAudit(tx, actor, {
      kind: "approval.approved",
      project,
      summary: `${await approvalName(tx, row)} approved, asked for by ${row.requesterEmail}`,
      detail: { approval: row.id, ...subject, requester: row.requesterEmail, totals: row.summary.totals },
    });
    return row;
  });
}

/** Stops a waiting award or batch for good: its rows take the request's final status. */
async function stopSubject(
  tx: ConsoleDb,
  row: ApprovalRecord,
  status: "rejected" | "withdrawn" | "expired",
  who: string,
  detail: string,
) {
  const subject = subjectOf(row);
  if ("batchId" in subject)
    await tx
      .update(awardBatches)
      .set({ status, finishedAt: new Date() })
      .where(eq(awardBatches.id, subject.batchId));
  await tx.execute(sql`
    update ${awards} set status = ${status}, updated_at = now()
    where ${rowsOf(subject)} and status = 'awaiting-approval'`);
  await addEvents(tx, subject, status, who, detail);
}

/** An approver rejects with a reason, or the requester withdraws; nothing is sent, for good. */
async function stopRequest(
  db: ConsoleDb,
  id: number,
  who: Decider,
  stop: { status: "rejected"; note: string } | { status: "withdrawn" },
  actor: AuditActor,
  project: string,
): Promise<ApprovalRecord> {
  const note = stop.status === "rejected" ? stop.note : "";
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const row = await decide(tx, id, who, stop.status, note);
    const rejected = stop.status === "rejected";
    await stopSubject(
      tx,
      row,
      stop.status,
      who.email,
      rejected
        ? `Rejected: ${note}. Nothing was sent.`
        : "Withdrawn by the person who asked. Nothing was sent.",
    );
    await recordAudit(tx, actor, {
      kind: rejected ? "approval.rejected" : "approval.withdrawn",
      project,
      summary: rejected
        ? `${await approvalName(tx, row)} rejected, asked for by ${row.requesterEmail}: ${note}`
        : `${await approvalName(tx, row)} withdrawn by the person who asked`,
      detail: {
        approval: row.id,
        ...subjectOf(row),
        requester: row.requesterEmail,
        ...(rejected ? { note } : {}),
      },
    });
    return row;
  });
}

export function rejectRequest(
  db: ConsoleDb,
  id: number,
  who: Decider,
  note: string,
  actor: AuditActor,
  project: string,
): Promise<ApprovalRecord> {
  return stopRequest(db, id, who, { status: "rejected", note }, actor, project);
}

export function withdrawRequest(
  db: ConsoleDb,
  id: number,
  who: Decider,
  actor: AuditActor,
  project: string,
): Promise<ApprovalRecord> {
  return stopRequest(db, id, who, { status: "withdrawn" }, actor, project);
}

/** Requests nobody decided in time expire, unsent (the console's job loop, lib/jobs/console-jobs.ts). */
export async function expireRequests(db: ConsoleDb): Promise<number> {
  // Looked for first: the job loop runs every few seconds, and a round with nothing to expire
  // writes nothing (docs/console.md, "Live data").
  const [due] = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, "waiting"), lte(approvalRequests.expiresAt, sql`now()`)))
    .limit(1);
  if (!due) return 0;
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const expired = await tx
      .update(approvalRequests)
      .set({ status: "expired", decidedAt: new Date() })
      .where(and(eq(approvalRequests.status, "waiting"), lte(approvalRequests.expiresAt, sql`now()`)))
      .returning();
    for (const row of expired) {
      await stopSubject(tx, row, "expired", "", "Expired: nobody approved it in time. Nothing was sent.");
      await recordAudit(
        tx,
        { id: null, email: "", client: "", userAgent: "console" },
        {
          kind: "approval.expired",
          summary: `${await approvalName(tx, row)} expired unapproved, asked for by ${row.requesterEmail}`,
          detail: { approval: row.id, ...subjectOf(row), requester: row.requesterEmail },
        },
      );
    }
    return expired.length;
  });
}

export async function findApproval(db: ConsoleDb, id: number): Promise<ApprovalRecord | null> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row ?? null;
}

/** The request of an award or a batch, if it ever needed one. */
export async function approvalOf(db: ConsoleDb, subject: Subject): Promise<ApprovalRecord | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      "awardId" in subject
        ? eq(approvalRequests.awardId, subject.awardId)
        : eq(approvalRequests.batchId, subject.batchId),
    );
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

export async function countWaitingFor(db: ConsoleDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(waitingFor(userId));
  return row?.n ?? 0;
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
  const rows = await db
    .select({
      request: approvalRequests,
      customerId: awards.customerId,
      isAllowance: awards.isAllowance,
      requestIdOfAward: awards.requestId,
      fileName: awardBatches.fileName,
      rowCount: awardBatches.rowCount,
    })
    .from(approvalRequests)
    .leftJoin(awards, eq(awards.id, approvalRequests.awardId))
    .leftJoin(awardBatches, eq(awardBatches.id, approvalRequests.batchId))
    .where(where)
    .orderBy(
      scope === "decided" ? desc(approvalRequests.decidedAt) : desc(approvalRequests.createdAt),
      desc(approvalRequests.id),
    )
    .limit(limit);
  return rows.map(({ request, ...rest }) => ({ ...request, ...rest }));
}

export type { ApprovalStatus };
