"use server";
import "server-only";
import { sendBulkFile } from "@/lib/bulk/bulk-award";
import { BulkSendInput } from "@/lib/bulk/upload-input";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Sends a bulk-award file: checked again, written to the trail as a batch and audited, sent by the server. */
export const sendBulkFileAction = defineAction(
  "awards:send",
  BulkSendInput,
  async (input, user, { actor }) => {
    const fileName = input.file.name.slice(0, 200);
    return await sendBulkFile(
      user,
      {
        fileName,
        bytes: new Uint8Array(await input.file.arrayBuffer()),
        reason: input.reason,
        confirmRepeats: input.confirmRepeats,
        confirmRecent: input.confirmRecent,
        confirmNewPlayers: input.confirmNewPlayers,
      },
      actor,
    );
  },
  {
    attempt: async (input, user) => ({
      attempted: `Bulk file ${input.file.name.slice(0, 200)}`,
      project: await chosenProjectName(user.id),
      detail: { fileName: input.file.name.slice(0, 200), reason: input.reason },
    }),
  },
);
