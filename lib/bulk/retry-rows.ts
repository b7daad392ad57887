import "server-only";
import { sql } from "drizzle-orm";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError, reserveSpend } from "@/lib/approvals/spend";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import { recordRefusal } from "@/lib/audit/refusals";
import { findUser } from "@/lib/auth/users";
import type { ConsoleDb } from "@/lib/db/connection";
import { UserFacingError } from "@/lib/model/user-facing-error";
import type { BatchRecord } from "./batch-store";
import { requeueFailedRows } from "./sender";

/**
 * "Retry failed rows": failed and unknown rows go back to waiting with their RequestIDs. Failed
 * rows paid nothing and stopped counting against the batch author's daily limit, so they count
 * again — under the same lock as every award (docs/console.md, "Award policies") — or the retry is
 * refused whole, naming whose limit, and the refusal is recorded in the audit log. A retry that
 * sends rows again writes its audit row in the same transaction.
 */
export async function retryFailedRows(
  db: ConsoleDb,
  batch: BatchRecord,
  retrier: { id: number; email: string },
  actor: AuditActor,
  project: string,
): Promise<number> {
  if (batch.actorId === null)
    throw new UserFacingError(
      "The person who sent this batch no longer has an account: its rows cannot be retried.",
    );
  const author = {
    userId: batch.actorId,
    role: (await findUser(db, batch.actorId))?.role ?? "manager",
    projectGuid: batch.projectGuid,
  };
  const policies = await readPolicies(db, batch.projectGuid);
  try {
    return await requeueFailedRows(
      db,
      batch.id,
      retrier.email,
      (tx) =>
        reserveSpend(
          tx,
          author,
          policies,
          sql`a.batch_id = ${batch.id} and a.status in ('failed', 'unknown')`,
        ),
      async (tx, requeued) => {
        if (requeued > 0)
          await recordAudit(tx, actor, {
            kind: "batch.rows-retried",
            project,
            summary: `Retried ${requeued} failed or unknown row(s) of batch ${batch.id} (${batch.fileName})`,
            detail: { batchId: batch.id, requeued },
          });
      },
    );
  } catch (error) {
    if (!(error instanceof LimitError)) throw error;
    const message =
      batch.actorId === retrier.id
        ? error.message
        : new LimitError(error.breach, `${batch.actorEmail}'s`).message;
    // The retry's transaction rolled back; its refusal is recorded on its own.
    await recordRefusal(db, actor, {
      reason: "limit",
      attempted: `Retry of the failed rows of batch ${batch.id} (${batch.fileName})`,
      message,
      project,
      detail: { batchId: batch.id, fileName: batch.fileName },
    });
    throw new UserFacingError(message);
  }
}
