"use server";
import "server-only";
import { AwardInput } from "@/lib/awards/award-input";
import { AwardError, awardFromForm } from "@/lib/awards/project-award";
import { ActionError, defineAction } from "./define-action";

/**
 * The award form: written to the trail, then sent, and recorded in the audit log (what was sent,
 * what waits, what a limit refused); the outcome says what the service did.
 */
export const sendAwardAction = defineAction("awards:send", AwardInput, async (input, user, { actor }) => {
  try {
    return await awardFromForm(user, input, actor);
  } catch (error) {
    if (error instanceof AwardError) throw new ActionError(error.message);
    throw error;
  }
});
