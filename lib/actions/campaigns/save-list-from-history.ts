"use server";
import "server-only";
import { z } from "zod";
import { campaignScope, listOwnerOf } from "@/lib/campaigns/campaigns";
import { saveListFromHistory } from "@/lib/campaigns/player-lists";
import { listProjectTokens } from "@/lib/client/catalogue";
import { canonicalGuid } from "@/lib/contract/guid";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { defineAction } from "../define-action";

const FromHistoryInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(100, { error: "must be at most 100 characters" }),
  status: z.enum(["any", "paid", "failed"], { error: "must be any, paid or failed" }),
  /** A token's GUID, or "" for any token. */
  token: z.string().trim(),
  days: z.coerce
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be from 1 to 366" })
    .max(366, { error: "must be from 1 to 366" }),
});

const STATUS_WORDS = { any: "an award", paid: "a paid award", failed: "a failed award" } as const;

/** Campaigns → Player lists: the players of the award history that match a filter ("a failed award last week"). */
export const saveListFromHistoryAction = defineAction(
  "awards:send",
  FromHistoryInput,
  async (input, user, { actor }) => {
    const scope = await campaignScope(user);
    let symbol = "any token";
    if (input.token !== "") {
      const token = (await listProjectTokens(scope.connection)).Data.Tokens.find(
        (t) => canonicalGuid(t.Guid) === input.token.toLowerCase(),
      );
      if (!token)
        throw new UserFacingError("token: the project has no such token.", {
          fieldErrors: { token: "The project has no such token." },
        });
      symbol = token.Symbol;
    }
    const until = new Date();
    const list = await saveListFromHistory(scope.db, listOwnerOf(scope, user), actor, {
      name: input.name,
      filter: {
        status: input.status,
        tokenGuid: input.token === "" ? null : input.token,
        since: new Date(until.getTime() - input.days * 86_400_000),
        until,
        description: `the players with ${STATUS_WORDS[input.status]} of ${symbol} in the ${input.days} days before ${until.toISOString().slice(0, 16).replace("T", " ")} UTC`,
      },
    });
    return { listId: list.id, players: list.playerCount };
  },
);
