"use server";
import "server-only";
import { z } from "zod";
import { withdrawApproval } from "@/lib/awards/approval-decisions";
import { defineAction } from "../define-action";

/** The person who asked takes their award or batch back before anyone decides; nothing is sent. */
export const withdrawRequestAction = defineAction(
  "awards:send",
  z.object({ approvalId: z.number().int().positive() }),
  async ({ approvalId }, user, { actor }) => {
    const row = await withdrawApproval(user, approvalId, actor);
    return { status: row.status };
  },
);
