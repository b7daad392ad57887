"use server";
import "server-only";
import { CampaignInput } from "@/lib/campaigns/campaign-input";
import { campaignScope, previewCampaign } from "@/lib/campaigns/campaigns";
import { defineAction } from "../define-action";

/** The new-campaign form's preview: the next five occurrences with what each pays; nothing is written. */
export const previewCampaignAction = defineAction(
  "awards:send",
  CampaignInput,
  async (input, user) => previewCampaign(await campaignScope(user), user, input),
  { changesData: false },
);
