"use server";
import "server-only";
import { z } from "zod";
import { approvalAttempt, approveAndSend } from "@/lib/awards/approval-decisions";
import { startReversing } from "@/lib/bulk/reversing";
import { startSending } from "@/lib/bulk/running";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { defineAction } from "../define-action";

/**
 * Approves another person's award or batch (docs/console.md, "Approvals"): a fresh second factor
 * (step-up), never one's own; the award is then sent with its RequestID, or the batch started
 * (the bulk sender is one floor above the award lifecycle, so it is started here).
 */
export const approveRequestAction = defineAction(
  "awards:approve",
  z.object({ approvalId: z.number().int().positive() }),
  async ({ approvalId }, user, { signedIn, actor }) => {
    if (!signedIn.user.mfaEnrolled)
      throw new UserFacingError(
        "Approving needs two-factor sign-in: set it up on your Account page, then approve with a code.",
      );
    const approved = await approveAndSend(user, approvalId, actor);
    if (approved.kind === "batch") startSending(approved.batchId);
    if (approved.kind === "batch-reversal") startReversing(approved.batchReversalId);
    if (approved.kind === "award")
      return {
        kind: "award" as const,
        requestId: approved.sent.requestId,
        status: approved.sent.status,
        error: approved.sent.error,
      };
    if (approved.kind === "batch-reversal")
      return { kind: "batch-reversal" as const, batchId: approved.batchId };
    if (approved.kind === "reversal")
      return {
        kind: "reversal" as const,
        requestId: approved.requestId,
        status: approved.sent.status,
        error: approved.sent.error,
      };
    if (approved.kind === "campaign") return { kind: "campaign" as const, campaignId: approved.campaignId };
    return { kind: "batch" as const, batchId: approved.batchId };
  },
  { stepUp: true, attempt: ({ approvalId }) => approvalAttempt(approvalId) },
);
