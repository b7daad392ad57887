import "server-only";
import { type ApprovalRecord, approvalName } from "@/lib/approvals/approvals";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleDb } from "@/lib/db/connection";

/**
 * The audit row of a bulk file written as a batch (docs/console.md, "Audit log"), for the upload
 * and the demo's first-start history alike: sent, or waiting in its approval request, named as
 * the Approvals page names it.
 */
export async function auditBatchWritten(
  db: ConsoleDb,
  actor: AuditActor,
  project: string,
  batch: { id: number; fileName: string; reason: string },
  approval: ApprovalRecord | null,
): Promise<void> {
  await recordAudit(db, actor, {
    kind: approval ? "batch.requested" : "batch.sent",
    project,
    summary: approval
      ? `Bulk file ${batch.fileName} written as batch ${batch.id}, waiting for approval in ${await approvalName(db, approval)}`
      : `Sent bulk file ${batch.fileName} as batch ${batch.id}`,
    detail: {
      batchId: batch.id,
      fileName: batch.fileName,
      reason: batch.reason,
      ...(approval ? { approval: approval.id } : {}),
    },
  });
}
