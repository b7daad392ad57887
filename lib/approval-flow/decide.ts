import "server-only";
import {
  ApprovalError,
  type ApprovalRecord,
  approvalName,
  approveRequest,
  findApproval,
  rejectRequest,
  withdrawRequest,
} from "@/lib/approvals/approvals";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import { type SentAward, sendAward } from "@/lib/awards/send-award";
import { findAwardById } from "@/lib/awards/trail";
import { findBatch } from "@/lib/bulk/batch-store";
import { startSending } from "@/lib/bulk/running";
import { connectionNames, sameConnection } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";

/**
 * The Approvals page's server side (docs/console.md, "Approvals"): who may decide is checked by the
 * conditional update in approvals.ts; here the decision is taken and, on approval, the award is
 * sent (or the batch started) through the connection it was written for, with its RequestIDs.
 */

export type Approved =
  | { kind: "award"; sent: SentAward; customerId: string }
  | { kind: "batch"; batchId: number };

async function request(db: ConsoleDb, approvalId: number): Promise<ApprovalRecord> {
  const found = await findApproval(db, approvalId);
  if (!found) throw new ApprovalError(`There is no approval request ${approvalId}.`);
  return found;
}

/** The connection's name for the audit log. */
async function projectName(db: ConsoleDb, ref: string): Promise<string> {
  return (await connectionNames(db, consoleEnv()))(ref);
}

async function subjectRecord(db: ConsoleDb, row: ApprovalRecord) {
  if (row.awardId !== null) {
    const award = await findAwardById(db, row.awardId);
    if (!award) throw new ApprovalError("The award of this request is gone.");
    return { award } as const;
  }
  const batch = await findBatch(db, row.batchId as number);
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
    subject.award ?? subject.batch,
  );
  if (!connection)
    throw new ApprovalError(
      "The connection this was written for is gone or now points elsewhere: it cannot be sent from here. Reject it instead.",
    );
  const project = await projectName(db, row.connection);
  await approveRequest(db, approvalId, user, actor, project);
  const name = await approvalName(db, row);
  // What was sent, like the award form and the bulk upload record it (docs/console.md, "Audit log").
  if (subject.batch) {
    startSending(subject.batch.id);
    await recordAudit(db, actor, {
      kind: "batch.sent",
      project,
      summary: `Sent bulk batch ${subject.batch.id} (${subject.batch.fileName}) as approved in ${name}, asked for by ${row.requesterEmail}`,
      detail: { batchId: subject.batch.id, fileName: subject.batch.fileName, approval: row.id },
    });
    return { kind: "batch", batchId: subject.batch.id };
  }
  const award = await findAwardById(db, subject.award.id);
  if (!award) throw new ApprovalError("The award of this request is gone.");
  const sent = await sendAward(db, connection, award, user.email);
  await recordAudit(db, actor, {
    kind: "award.sent",
    project,
    summary: `Sent award to ${award.customerId} as approved in ${name}, asked for by ${row.requesterEmail}, RequestID ${award.requestId}: ${sent.status}`,
    detail: {
      requestId: award.requestId,
      customerId: award.customerId,
      status: sent.status,
      approval: row.id,
    },
  });
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
