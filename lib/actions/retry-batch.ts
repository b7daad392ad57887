"use server";
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError, reserveSpend } from "@/lib/approvals/spend";
import { recordAudit } from "@/lib/audit/audit-log";
import { findUser } from "@/lib/auth/users";
import { findBatch } from "@/lib/bulk/batch-store";
import { startSending } from "@/lib/bulk/running";
import { requeueFailedRows } from "@/lib/bulk/sender";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { ActionError, defineAction } from "./define-action";

/** Sends a batch's failed and unknown rows again, each with its own RequestID (paid at most once). */
export const retryBatchAction = defineAction(
  "awards:send",
  z.object({ batchId: z.number().int().positive() }),
  async ({ batchId }, user, { actor }) => {
    const db = await consoleDb();
    const batch = await findBatch(db, batchId);
    if (!batch) throw new ActionError(`There is no batch ${batchId}.`);
    if (batch.actorId === null)
      throw new ActionError(
        "The person who sent this batch no longer has an account: its rows cannot be retried.",
      );
    const author = {
      userId: batch.actorId,
      role: (await findUser(db, batch.actorId))?.role ?? "manager",
      projectGuid: batch.projectGuid,
    } as const;
    const policies = await readPolicies(db, batch.projectGuid);
    let requeued: number;
    try {
      // Failed rows stopped counting against the author's daily limit; sent again, they count again.
      requeued = await requeueFailedRows(db, batchId, user.email, (tx) =>
        reserveSpend(
          tx,
          author,
          policies,
          sql`a.batch_id = ${batchId} and a.status in ('failed', 'unknown')`,
        ),
      );
    } catch (error) {
      if (error instanceof LimitError)
        throw new ActionError(
          batch.actorId === user.id
            ? error.message
            : new LimitError(error.breach, `${batch.actorEmail}'s`).message,
        );
      throw error;
    }
    if (requeued > 0) {
      startSending(batchId);
      await recordAudit(db, actor, {
        kind: "batch.rows-retried",
        project: await chosenProjectName(user.id),
        summary: `Retried ${requeued} failed or unknown row(s) of batch ${batchId} (${batch.fileName})`,
        detail: { batchId, requeued },
      });
    }
    return { requeued };
  },
);
