"use server";
import "server-only";
import { z } from "zod";
import { campaignScope, listOwnerOf } from "@/lib/campaigns/campaigns";
import { MAX_SEARCH_LIST, saveListFromSearch } from "@/lib/campaigns/player-lists";
import { searchPlayers } from "@/lib/players/search-players";
import { defineAction } from "../define-action";

const FromSearchInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(100, { error: "must be at most 100 characters" }),
  q: z.string().max(200, { error: "must be at most 200 characters" }),
});

/** Players → search: every player the search finds (every page, up to 10,000) saved as a player list. */
export const saveListFromSearchAction = defineAction(
  "awards:send",
  FromSearchInput,
  async (input, user, { actor }) => {
    const scope = await campaignScope(user);
    const found: string[] = [];
    let cursor = "";
    let capped = false;
    do {
      const page = await searchPlayers(scope.connection, input.q, cursor);
      found.push(...page.players.map((player) => player.customerId));
      capped ||= page.capped;
      cursor = page.nextCursor;
    } while (cursor && found.length < MAX_SEARCH_LIST);
    const list = await saveListFromSearch(scope.db, listOwnerOf(scope, user), actor, {
      name: input.name,
      fragment: input.q.trim(),
      customerIds: found,
      capped: capped || cursor !== "",
    });
    return { listId: list.id, players: list.playerCount };
  },
);
