"use server";
import "server-only";
import { AwardInput } from "@/lib/awards/award-input";
import { awardText } from "@/lib/awards/place-and-send";
import { awardFromForm } from "@/lib/awards/project-award";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/**
 * The award form: written to the trail, then sent, and recorded in the audit log (what was sent,
 * what waits, what a limit refused); the outcome says what the service did.
 */
export const sendAwardAction = defineAction(
  "awards:send",
  AwardInput,
  async (input, user, { actor }) => {
    return await awardFromForm(user, input, actor);
  },
  {
    attempt: async (input, user) => ({
      attempted: awardText({
        isAllowance: input.mode === "allowance",
        customerId: input.customerId,
        lines: input.lines.map((line) => ({ Amount: line.amount })),
        requestId: input.requestId,
      }),
      project: await chosenProjectName(user.id),
      detail: { requestId: input.requestId, customerId: input.customerId },
    }),
  },
);
