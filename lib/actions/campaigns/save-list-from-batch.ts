"use server";
import "server-only";
import { z } from "zod";
import { rowId } from "@/lib/campaigns/campaign-input";
import { campaignScope, listOwnerOf } from "@/lib/campaigns/campaigns";
import { BATCH_FILTERS, saveListFromBatch } from "@/lib/campaigns/player-lists";
import { defineAction } from "../define-action";

const FromBatchInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(100, { error: "must be at most 100 characters" }),
  batchId: rowId("must be a batch number"),
  filter: z.enum(BATCH_FILTERS, { error: "must be all, paid or failed" }),
});

/** Campaigns → Player lists: a list of a bulk batch's players (all, paid, or whose award failed). */
export const saveListFromBatchAction = defineAction(
  "awards:send",
  FromBatchInput,
  async (input, user, { actor }) => {
    const scope = await campaignScope(user);
    const list = await saveListFromBatch(scope.db, listOwnerOf(scope, user), actor, input);
    return { listId: list.id, players: list.playerCount };
  },
);
