"use server";
import "server-only";
import { z } from "zod";
import { findBatch } from "@/lib/bulk/batch-store";
import { retryFailedRows } from "@/lib/bulk/retry-rows";
import { startSending } from "@/lib/bulk/running";
import { consoleDb } from "@/lib/db/console-db";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Sends a batch's failed and unknown rows again, each with its own RequestID (paid at most once). */
export const retryBatchAction = defineAction(
  "awards:send",
  z.object({ batchId: z.number().int().positive() }),
  async ({ batchId }, user, { actor }) => {
    const db = await consoleDb();
    const batch = await findBatch(db, batchId);
    if (!batch) throw new UserFacingError(`There is no batch ${batchId}.`);
    const project = await chosenProjectName(user.id);
    // Its audit row is written with the rows it sends again (lib/bulk/retry-rows.ts).
    const requeued = await retryFailedRows(db, batch, user, actor, project);
    if (requeued > 0) startSending(batchId);
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
