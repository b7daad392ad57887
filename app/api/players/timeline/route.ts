import { defineRoute } from "@/lib/api/define-route";
import { playerTimelinePage } from "@/lib/player-timeline/player-timeline";

export const dynamic = "force-dynamic";

/** GET /api/players/timeline?customer=…&kinds=…&cursor=… — a page of a player's timeline (docs/console.md). */
export const GET = defineRoute("players:read", async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  return playerTimelinePage(user, {
    customer: params.get("customer") ?? "",
    kinds: params.get("kinds") ?? "",
    cursor: params.get("cursor") ?? "",
  });
});
