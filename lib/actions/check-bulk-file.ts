"use server";
import "server-only";
import { BulkError, checkBulkFile } from "@/lib/bulk/bulk-award";
import { BulkCheckInput } from "@/lib/bulk/upload-input";
import { ActionError, defineAction } from "./define-action";

/** The dry run of a bulk-award file: every row checked, nothing written or sent. */
export const checkBulkFileAction = defineAction("awards:send", BulkCheckInput, async (input, user) => {
  try {
    return await checkBulkFile(
      user,
      input.file.name.slice(0, 200),
      new Uint8Array(await input.file.arrayBuffer()),
    );
  } catch (error) {
    if (error instanceof BulkError) throw new ActionError(error.message);
    throw error;
  }
});
