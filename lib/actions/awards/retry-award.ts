"use server";
import "server-only";
import { z } from "zod";
import { retryAward } from "@/lib/awards/project-award";
import { guid } from "@/lib/contract/guid";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Re-sends an award whose outcome is unknown or failed, with the same RequestID and body. */
export const retryAwardAction = defineAction(
  "awards:send",
  z.object({ requestId: guid }),
  async ({ requestId }, user, { actor }) => {
    // Its audit row is written with the outcome it records (lib/awards/project-award.ts).
    return retryAward(user, requestId, { actor, project: await chosenProjectName(user.id) });
  },
  {
    attempt: async ({ requestId }, user) => ({
      attempted: `Retry of award ${requestId}`,
      project: await chosenProjectName(user.id),
      detail: { requestId },
    }),
  },
);
