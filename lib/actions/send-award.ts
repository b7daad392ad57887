"use server";
import "server-only";
import { recordAudit } from "@/lib/audit/audit-log";
import { AwardInput } from "@/lib/awards/award-input";
import { AwardError, awardFromForm } from "@/lib/awards/project-award";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { ActionError, defineAction } from "./define-action";

/** The award form: written to the trail, then sent; the outcome says what the service did. */
export const sendAwardAction = defineAction("awards:send", AwardInput, async (input, user, { actor }) => {
  try {
    const result = await awardFromForm(user, input);
    const waiting = result.status === "awaiting-approval";
    await recordAudit(await consoleDb(), actor, {
      kind: waiting ? "award.requested" : "award.sent",
      project: await chosenProjectName(user.id),
      summary: `${input.mode === "allowance" ? "Allowance" : "Direct distribution"} to ${result.customerId} (${input.lines.map((l) => l.amount).join(" + ")}), RequestID ${result.requestId}: ${waiting ? "waiting for approval" : result.status}`,
      detail: {
        requestId: result.requestId,
        customerId: result.customerId,
        mode: input.mode,
        lines: input.lines.map(({ token, contract, amount }) => ({ token, contract, amount })),
        reason: input.reason,
        status: result.status,
        ...(result.approvalId ? { approval: result.approvalId } : {}),
      },
    });
    return result;
  } catch (error) {
    if (error instanceof AwardError) throw new ActionError(error.message);
    throw error;
  }
});
