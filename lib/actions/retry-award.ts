"use server";
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/audit-log";
import { retryAward } from "@/lib/awards/project-award";
import { guid } from "@/lib/contract/guid";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "./define-action";

/** Re-sends an award whose outcome is unknown or failed, with the same RequestID and body. */
export const retryAwardAction = defineAction(
  "awards:send",
  z.object({ requestId: guid }),
  async ({ requestId }, user, { actor }) => {
    const project = await chosenProjectName(user.id);
    const result = await retryAward(user, requestId, { actor, project });
    await recordAudit(await consoleDb(), actor, {
      kind: "award.retried",
      project,
      summary: `Retried award ${requestId} to ${result.customerId} (attempt ${result.attempt}): ${result.status}`,
      detail: { requestId, customerId: result.customerId, attempt: result.attempt, status: result.status },
    });
    return result;
  },
  {
    attempt: async ({ requestId }, user) => ({
      attempted: `Retry of award ${requestId}`,
      project: await chosenProjectName(user.id),
      detail: { requestId },
    }),
  },
);
