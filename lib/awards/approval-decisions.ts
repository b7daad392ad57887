import "server-only";
import { eq, sql } from "drizzle-orm";
import {
  ApprovalError,
  type ApprovalRecord,
  anyRequestDue,
  approvalName,
  type Decider,
  decideRequest,
  expireDueRequests,
  findApproval,
  insertApprovalRequest,
  type NewApproval,
  type Subject,
  subjectOf,
} from "@/lib/approvals/approvals";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError, reserveSpend } from "@/lib/approvals/spend";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import { recordRefusal } from "@/lib/audit/refusals";
import type { ConsoleUser } from "@/lib/auth/users";
import { connectionNames, sameConnection } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { awardBatches, batchReversals, campaigns, users } from "@/lib/db/schema";
import { consoleEnv } from "@/lib/env";
import type { Role } from "@/lib/model/roles";
import { tellApprovalDecided, tellApprovalRequested } from "@/lib/notifications/approval-messages";
import { consoleSecrets } from "@/lib/secrets";
import { approveSubject, noteApprovalRequested, stopSubject } from "./lifecycle/decisions";
import { findReversal } from "./lifecycle/reversals";
import { type SentAward, sendAward } from "./send-award";
import { reversalAudit, type SentReversal, sendReversal } from "./send-reversal";
import { findAwardById } from "./trail";

/**
 * Approvals as the award lifecycle lives them (docs/console.md, "Approvals"): the request is
 * written with the award or batch that waits; a decision takes the request out of "waiting"
 * (lib/approvals/approvals.ts' conditional update), moves the subject's rows through
 * lib/awards/lifecycle/ and writes the audit row, all in one transaction. On approval a single
 * award is then sent with its RequestID; a batch is left for the caller to start (it is the bulk
 * sender's, one floor up).
 */

/** Writes the request for an award or batch just written as awaiting approval, in the caller's transaction. */
export async function requestApproval(
  tx: ConsoleDb,
  subject: Subject,
  request: NewApproval,
): Promise<ApprovalRecord> {
  const { approval, detail } = await insertApprovalRequest(tx, subject, request);
  await noteApprovalRequested(tx, subject, request.requesterEmail, detail);
  await tellApprovalRequested(tx, approval, await approvalName(tx, approval), detail);
  return approval;
}

/**
 * Approves: counts the award or batch against the requester's daily limit (refused whole when it
 * no longer fits), sets it to send and records who approved; `alongside` runs last in the same
 * transaction (the audit row of what is sent). The caller then sends it, with the RequestIDs
 * already in the trail.
 */
export async function approveRequest(
  db: ConsoleDb,
  id: number,
  who: Decider,
  actor: AuditActor,
  project: string,
  alongside?: (tx: ConsoleDb, row: ApprovalRecord) => Promise<void>,
): Promise<ApprovalRecord> {
  try {
    return await approveInTransaction(db, id, who, actor, project, alongside);
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
  alongside?: (tx: ConsoleDb, row: ApprovalRecord) => Promise<void>,
): Promise<ApprovalRecord> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const row = await decideRequest(tx, id, who, "approved");
    const subject = subjectOf(row);
    const [requester] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, row.requesterId ?? -1));
    if (!requester)
      throw new ApprovalError("The person who asked no longer has an account: reject it instead.");
    // A reversal sends nothing out: it counts against no daily limit (docs/console.md, "Reversals").
    // A campaign counts each occurrence when it runs (docs/console.md, "Campaigns").
    if ("awardId" in subject || "batchId" in subject)
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
    await approveSubject(tx, subject, who.email);
    const name = await approvalName(tx, row);
    await recordAudit(tx, actor, {
      kind: "approval.approved",
      project,
      summary: `${name} approved, asked for by ${row.requesterEmail}`,
      detail: { approval: row.id, ...subject, requester: row.requesterEmail, totals: row.summary.totals },
    });
    await tellApprovalDecided(tx, row, name, { status: "approved", by: who.email });
    await alongside?.(tx, row);
    return row;
  });
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
    const row = await decideRequest(tx, id, who, stop.status, note);
    const rejected = stop.status === "rejected";
    await stopSubject(
      tx,
      subjectOf(row),
      stop.status,
      who.email,
      rejected
        ? `Rejected: ${note}. Nothing was sent.`
        : "Withdrawn by the person who asked. Nothing was sent.",
    );
    const name = await approvalName(tx, row);
    if (rejected) await tellApprovalDecided(tx, row, name, { status: "rejected", by: who.email, note });
    await recordAudit(tx, actor, {
      kind: rejected ? "approval.rejected" : "approval.withdrawn",
      project,
      summary: rejected
        ? `${name} rejected, asked for by ${row.requesterEmail}: ${note}`
        : `${name} withdrawn by the person who asked`,
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
  if (!(await anyRequestDue(db))) return 0;
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const expired = await expireDueRequests(tx);
    for (const row of expired) {
      await stopSubject(
        tx,
        subjectOf(row),
        "expired",
        "",
        "Expired: nobody approved it in time. Nothing was sent.",
      );
      const name = await approvalName(tx, row);
      await tellApprovalDecided(tx, row, name, { status: "expired" });
      await recordAudit(
        tx,
        { id: null, email: "", client: "", userAgent: "console" },
        {
          kind: "approval.expired",
          summary: `${name} expired unapproved, asked for by ${row.requesterEmail}`,
          detail: { approval: row.id, ...subjectOf(row), requester: row.requesterEmail },
        },
      );
    }
    return expired.length;
  });
}

// The Approvals page's side: the decision taken for a person, with the connection checked first.

export type Approved =
  | { kind: "award"; sent: SentAward; customerId: string }
  | { kind: "reversal"; sent: SentReversal; requestId: string }
  | { kind: "batch-reversal"; batchId: number; batchReversalId: number }
  | { kind: "batch"; batchId: number }
  | { kind: "campaign"; campaignId: number };

async function request(db: ConsoleDb, approvalId: number): Promise<ApprovalRecord> {
  const found = await findApproval(db, approvalId);
  if (!found) throw new ApprovalError(`There is no approval request ${approvalId}.`);
  return found;
}

/** The connection's name for the audit log. */
async function projectName(db: ConsoleDb, ref: string): Promise<string> {
  return (await connectionNames(db, consoleEnv()))(ref);
}

/** Where the approved award, reversal or batch was written for: its connection, base URL and project. */
async function subjectRecord(db: ConsoleDb, row: ApprovalRecord) {
  if (row.awardId !== null) {
    const award = await findAwardById(db, row.awardId);
    if (!award) throw new ApprovalError("The award of this request is gone.");
    return { award } as const;
  }
  if (row.reversalId !== null) {
    const reversal = await findReversal(db, row.reversalId);
    const award = reversal ? await findAwardById(db, reversal.awardId) : null;
    if (!reversal || !award) throw new ApprovalError("The reversal of this request is gone.");
    return { reversal, reversedAward: award } as const;
  }
  if (row.campaignId !== null) {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, row.campaignId));
    if (!campaign) throw new ApprovalError("The campaign of this request is gone.");
    return { campaign } as const;
  }
  if (row.batchReversalId !== null) {
    const [found] = await db
      .select({ batchReversal: batchReversals, batch: awardBatches })
      .from(batchReversals)
      .innerJoin(awardBatches, eq(awardBatches.id, batchReversals.batchId))
      .where(eq(batchReversals.id, row.batchReversalId));
    if (!found) throw new ApprovalError("The batch reversal of this request is gone.");
    return { batchReversal: found.batchReversal, reversedBatch: found.batch } as const;
  }
  const [batch] = await db
    .select()
    .from(awardBatches)
    .where(eq(awardBatches.id, row.batchId as number));
  if (!batch) throw new ApprovalError("The batch of this request is gone.");
  return { batch } as const;
}

/** What approving a request would do, named as its page names it: for the audit log's refusals. */
export async function approvalAttempt(
  approvalId: number,
): Promise<{ attempted: string; project?: string; detail: Record<string, unknown> }> {
  const db = await consoleDb();
  const row = await findApproval(db, approvalId);
  if (!row)
    return {
      attempted: `Approval request ${approvalId}, which does not exist`,
      detail: { approval: approvalId },
    };
  return {
    attempted: await approvalName(db, row),
    project: await projectName(db, row.connection),
    detail: { approval: row.id, requester: row.requesterEmail },
  };
}

/**
 * Approves for a person and sends: a single award goes out now, its "award.sent" audit row in the
 * transaction that records the service's answer; an approved batch's "batch.sent" row is written
 * with the approval, and the caller starts its sender (lib/bulk/running.ts).
 */
export async function approveAndSend(
  user: ConsoleUser,
  approvalId: number,
  actor: AuditActor,
): Promise<Approved> {
  const db = await consoleDb();
  const row = await request(db, approvalId);
  const subject = await subjectRecord(db, row);
  const env = consoleEnv();
  const connection = await sameConnection(
    db,
    consoleSecrets(env).encryptionKeys,
    env,
    subject.award ?? subject.reversal ?? subject.reversedBatch ?? subject.campaign ?? subject.batch,
  );
  if (!connection)
    throw new ApprovalError(
      "The connection this was written for is gone or now points elsewhere: it cannot be sent from here. Reject it instead.",
    );
  const project = await projectName(db, row.connection);
  const name = await approvalName(db, row);
  if (subject.campaign) {
    // Its occurrences run from the job loop when due (lib/campaigns/run-occurrence.ts).
    await approveRequest(db, approvalId, user, actor, project);
    return { kind: "campaign", campaignId: subject.campaign.id };
  }
  const { batch } = subject;
  if (batch) {
    await approveRequest(db, approvalId, user, actor, project, (tx) =>
      // What was sent, like the bulk upload records it (docs/console.md, "Audit log").
      recordAudit(tx, actor, {
        kind: "batch.sent",
        project,
        summary: `Sent bulk batch ${batch.id} (${batch.fileName}) as approved in ${name}, asked for by ${row.requesterEmail}`,
        detail: { batchId: batch.id, fileName: batch.fileName, approval: row.id },
      }),
    );
    return { kind: "batch", batchId: batch.id };
  }
  if (subject.batchReversal) {
    // Its rows are then sent by the caller (lib/bulk/reversing.ts), one floor up.
    await approveRequest(db, approvalId, user, actor, project);
    return {
      kind: "batch-reversal",
      batchId: subject.reversedBatch.id,
      batchReversalId: subject.batchReversal.id,
    };
  }
  if (subject.reversal) {
    const { reversal, reversedAward } = subject;
    await approveRequest(db, approvalId, user, actor, project);
    const symbols = new Map(row.summary.totals.map((t) => [t.tokenGuid.toLowerCase(), t.symbol]));
    const symbolOf = (guid: string) => symbols.get(guid) ?? guid;
    const sent = await sendReversal(
      db,
      connection,
      { ...reversal, status: "sending" },
      reversedAward,
      user.email,
      symbolOf,
      reversalAudit(actor, project, reversedAward, reversal, symbolOf),
    );
    return { kind: "reversal", sent, requestId: reversedAward.requestId };
  }
  await approveRequest(db, approvalId, user, actor, project);
  const award = await findAwardById(db, subject.award.id);
  if (!award) throw new ApprovalError("The award of this request is gone.");
  const sent = await sendAward(db, connection, award, user.email, (outcome) => ({
    actor,
    event: {
      kind: "award.sent",
      project,
      summary: `Sent award to ${award.customerId} as approved in ${name}, asked for by ${row.requesterEmail}, RequestID ${award.requestId}: ${outcome.status}`,
      detail: {
        requestId: award.requestId,
        customerId: award.customerId,
        status: outcome.status,
        approval: row.id,
      },
    },
  }));
  return { kind: "award", sent, customerId: award.customerId };
}

export async function rejectApproval(user: ConsoleUser, approvalId: number, note: string, actor: AuditActor) {
  const db = await consoleDb();
  const row = await request(db, approvalId);
  return rejectRequest(db, approvalId, user, note, actor, await projectName(db, row.connection));
}

export async function withdrawApproval(user: ConsoleUser, approvalId: number, actor: AuditActor) {
  const db = await consoleDb();
  const row = await request(db, approvalId);
  return withdrawRequest(db, approvalId, user, actor, await projectName(db, row.connection));
}
