"use server";
import "server-only";
import { EditCampaignInput } from "@/lib/campaigns/campaign-input";
import { campaignScope, editCampaign } from "@/lib/campaigns/campaigns";
import { defineAction } from "../define-action";

/** A campaign's future occurrences changed (never one that ran); over a threshold it waits for approval again. */
export const editCampaignAction = defineAction(
  "awards:send",
  EditCampaignInput,
  async (input, user, { actor }) => {
    const { campaignId, ...terms } = input;
    return editCampaign(await campaignScope(user), user, campaignId, terms, actor);
  },
);
