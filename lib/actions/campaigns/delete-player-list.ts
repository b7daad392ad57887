"use server";
import "server-only";
import { z } from "zod";
import { rowId } from "@/lib/campaigns/campaign-input";
import { campaignScope, listOwnerOf } from "@/lib/campaigns/campaigns";
import { deletePlayerList } from "@/lib/campaigns/player-lists";
import { defineAction } from "../define-action";

const DeleteListInput = z.object({ listId: rowId("must be a player list's number") });

/** Campaigns → Player lists: deletes a list no campaign uses (audited); a used one is refused by name. */
export const deletePlayerListAction = defineAction(
  "awards:send",
  DeleteListInput,
  async (input, user, { actor }) => {
    const scope = await campaignScope(user);
    await deletePlayerList(scope.db, listOwnerOf(scope, user), actor, input.listId);
    return { listId: input.listId };
  },
);
