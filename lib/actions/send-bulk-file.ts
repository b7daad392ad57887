"use server";
import "server-only";
import { BulkError, sendBulkFile } from "@/lib/bulk/bulk-award";
import { BulkSendInput } from "@/lib/bulk/upload-input";
import { ActionError, defineAction } from "./define-action";

/** Sends a bulk-award file: checked again, written to the trail as a batch, sent by the server. */
export const sendBulkFileAction = defineAction("awards:send", BulkSendInput, async (input, user) => {
  try {
    return await sendBulkFile(user, {
      fileName: input.file.name.slice(0, 200),
      bytes: new Uint8Array(await input.file.arrayBuffer()),
      reason: input.reason,
      confirmRepeats: input.confirmRepeats,
      confirmRecent: input.confirmRecent,
      confirmNewPlayers: input.confirmNewPlayers,
    });
  } catch (error) {
    if (error instanceof BulkError) throw new ActionError(error.message);
    throw error;
  }
});
