import { defineUpload } from "@/lib/api/define-upload";
import { campaignScope, listOwnerOf } from "@/lib/campaigns/campaigns";
import { saveListFromFile } from "@/lib/campaigns/player-lists";

/**
 * POST /api/player-lists?name=…&file=…: a player-list file as the body (text/csv), read as it
 * arrives and saved whole or not at all (docs/console.md, "Player lists"). Answers the list's id
 * and count, or the file's problems row by row.
 */
export const POST = defineUpload("awards:send", async ({ request, body, user, actor }) => {
  const address = new URL(request.url);
  const scope = await campaignScope(user);
  const list = await saveListFromFile(scope.db, listOwnerOf(scope, user), actor, {
    name: address.searchParams.get("name") ?? "",
    fileName: (address.searchParams.get("file") ?? "players.csv").slice(0, 200),
    body,
  });
  return { listId: list.id, players: list.playerCount };
});
