"use server";
import "server-only";
import { z } from "zod";
import { rejectApproval } from "@/lib/awards/approval-decisions";
import { defineAction } from "../define-action";

/** Rejects another person's award or batch with a reason (docs/console.md, "Approvals"); nothing is sent. */
export const rejectRequestAction = defineAction(
  "awards:approve",
  z.object({
    approvalId: z.number().int().positive(),
    note: z
      .string()
      .trim()
      .min(1, { error: "Reason: say why, for the person who asked" })
      .max(500, { error: "Reason: at most 500 characters" }),
  }),
  async ({ approvalId, note }, user, { actor }) => {
    const row = await rejectApproval(user, approvalId, note, actor);
    return { status: row.status };
  },
  { stepUp: true },
);
