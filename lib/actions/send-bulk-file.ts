"use server";
import "server-only";
import { recordAudit } from "@/lib/audit/audit-log";
import { BulkError, sendBulkFile } from "@/lib/bulk/bulk-award";
import { BulkSendInput } from "@/lib/bulk/upload-input";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { ActionError, defineAction } from "./define-action";

/** Sends a bulk-award file: checked again, written to the trail as a batch, sent by the server. */
export const sendBulkFileAction = defineAction(
  "awards:send",
  BulkSendInput,
  async (input, user, { actor }) => {
    const fileName = input.file.name.slice(0, 200);
    try {
      const result = await sendBulkFile(user, {
        fileName,
        bytes: new Uint8Array(await input.file.arrayBuffer()),
        reason: input.reason,
        confirmRepeats: input.confirmRepeats,
        confirmRecent: input.confirmRecent,
        confirmNewPlayers: input.confirmNewPlayers,
      });
      if (result.created)
        await recordAudit(await consoleDb(), actor, {
          kind: result.approvalId ? "batch.requested" : "batch.sent",
          project: await chosenProjectName(user.id),
          summary: result.approvalId
            ? `Bulk file ${fileName} written as batch ${result.batchId}, waiting for approval`
            : `Sent bulk file ${fileName} as batch ${result.batchId}`,
          detail: {
            batchId: result.batchId,
            fileName,
            reason: input.reason,
            ...(result.approvalId ? { approval: result.approvalId } : {}),
          },
        });
      return result;
    } catch (error) {
      if (error instanceof BulkError) throw new ActionError(error.message);
      throw error;
    }
  },
  {
    attempt: async (input, user) => ({
      attempted: `Bulk file ${input.file.name.slice(0, 200)}`,
      project: await chosenProjectName(user.id),
      detail: { fileName: input.file.name.slice(0, 200), reason: input.reason },
    }),
  },
);
