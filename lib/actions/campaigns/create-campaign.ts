"use server";
import "server-only";
import { CampaignInput } from "@/lib/campaigns/campaign-input";
import { campaignScope, createCampaign } from "@/lib/campaigns/campaigns";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Campaigns → New: a scheduled or recurring award to a player list; active, or waiting for approval. */
export const createCampaignAction = defineAction(
  "awards:send",
  CampaignInput,
  async (input, user, { actor }) => createCampaign(await campaignScope(user), user, input, actor),
  {
    attempt: async (input, user) => ({
      attempted: `Campaign ${input.name}`,
      project: await chosenProjectName(user.id),
      detail: { name: input.name, listId: input.listId },
    }),
  },
);
