"use server";
import "server-only";
import { z } from "zod";
import { withdrawApproval } from "@/lib/approval-flow/decide";
import { ApprovalError } from "@/lib/approvals/approvals";
import { ActionError, defineAction } from "./define-action";

/** The person who asked takes their award or batch back before anyone decides; nothing is sent. */
export const withdrawRequestAction = defineAction(
  "awards:send",
  z.object({ approvalId: z.number().int().positive() }),
  async ({ approvalId }, user, { actor }) => {
    try {
      const row = await withdrawApproval(user, approvalId, actor);
      return { status: row.status };
    } catch (error) {
      if (error instanceof ApprovalError) throw new ActionError(error.message);
      throw error;
    }
  },
);
