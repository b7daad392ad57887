"use server";
import "server-only";
import { checkBulkFile } from "@/lib/bulk/bulk-award";
import { BulkCheckInput } from "@/lib/bulk/upload-input";
import { defineAction } from "../define-action";

/** The dry run of a bulk-award file: every row checked, nothing written or sent. */
export const checkBulkFileAction = defineAction("awards:send", BulkCheckInput, async (input, user) => {
  return await checkBulkFile(
    user,
    input.file.name.slice(0, 200),
    new Uint8Array(await input.file.arrayBuffer()),
  );
});
