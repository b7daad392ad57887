"use server";
import "server-only";
import { z } from "zod";
import { rowId } from "@/lib/campaigns/campaign-input";
import { campaignScope, changeCampaign } from "@/lib/campaigns/campaigns";
import { defineAction } from "../define-action";

const ChangeInput = z.object({
  campaignId: rowId("must be a campaign's number"),
  change: z.enum(["pause", "resume", "cancel"], { error: "must be pause, resume or cancel" }),
});

/** Pause, resume or cancel a campaign (audited); a running occurrence is not stopped. */
export const changeCampaignAction = defineAction(
  "awards:send",
  ChangeInput,
  async (input, user, { actor }) => {
    const changed = await changeCampaign(
      await campaignScope(user),
      user,
      input.campaignId,
      input.change,
      actor,
    );
    return { status: changed.status };
  },
);
