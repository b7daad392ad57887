"use server";
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/audit-log";
import { findBatch } from "@/lib/bulk/batch-store";
import { retryFailedRows } from "@/lib/bulk/retry-rows";
import { startSending } from "@/lib/bulk/running";
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
    const project = await chosenProjectName(user.id);
    let requeued: number;
    requeued = await retryFailedRows(db, batch, user, actor, project);
    if (requeued > 0) {
      startSending(batchId);
      await recordAudit(db, actor, {
        kind: "batch.rows-retried",
        project,
        summary: `Retried ${requeued} failed or unknown row(s) of batch ${batchId} (${batch.fileName})`,
        detail: { batchId, requeued },
      });
    }
    return { requeued };
  },
  {
    attempt: async ({ batchId }, user) => ({
      attempted: `Retry of the failed rows of batch ${batchId}`,
      project: await chosenProjectName(user.id),
      detail: { batchId },
    }),
  },
);
