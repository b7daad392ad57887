"use server";
import "server-only";
import { z } from "zod";
import { findBatch } from "@/lib/bulk/batch-store";
import { startSending } from "@/lib/bulk/running";
import { requeueFailedRows } from "@/lib/bulk/sender";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/** Sends a batch's failed and unknown rows again, each with its own RequestID (paid at most once). */
export const retryBatchAction = defineAction(
  "awards:send",
  z.object({ batchId: z.number().int().positive() }),
  async ({ batchId }, user) => {
    const db = await consoleDb();
    if (!(await findBatch(db, batchId))) throw new ActionError(`There is no batch ${batchId}.`);
    const requeued = await requeueFailedRows(db, batchId, user.email);
    if (requeued > 0) startSending(batchId);
    return { requeued };
  },
);
