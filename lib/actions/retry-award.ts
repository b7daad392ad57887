"use server";
import "server-only";
import { z } from "zod";
import { AwardError, retryAward } from "@/lib/awards/project-award";
import { uuid } from "@/lib/contract/fields";
import { ActionError, defineAction } from "./define-action";

/** Re-sends an award whose outcome is unknown or failed, with the same RequestID and body. */
export const retryAwardAction = defineAction(
  "awards:send",
  z.object({ requestId: uuid }),
  async ({ requestId }, user) => {
    try {
      return await retryAward(user, requestId);
    } catch (error) {
      if (error instanceof AwardError) throw new ActionError(error.message);
      throw error;
    }
  },
);
