"use server";
import "server-only";
import { z } from "zod";
import { batchCounts, findBatch } from "@/lib/bulk/batch-store";
import { isSending, startSending } from "@/lib/bulk/running";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/**
 * A batch's progress, for the live progress bar. A batch still marked sending that no sender of
 * this server holds (a restart the start-up resume missed) is taken up again here.
 */
export const batchProgressAction = defineAction(
  "awards:read",
  z.object({ batchId: z.number().int().positive() }),
  async ({ batchId }) => {
    const db = await consoleDb();
    const batch = await findBatch(db, batchId);
    if (!batch) throw new ActionError(`There is no batch ${batchId}.`);
    if (batch.status === "sending" && !batch.error && !isSending(batchId)) startSending(batchId);
    return { status: batch.status, error: batch.error, counts: await batchCounts(db, batchId) };
  },
);
