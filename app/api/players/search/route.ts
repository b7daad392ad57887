import { defineRoute } from "@/lib/api/define-route";
import { searchPlayers } from "@/lib/players/search-players";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/players/search?q=…&cursor=… — players by a fragment, as support types (docs/console.md). */
export const GET = defineRoute("players:read", async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  const { connection } = await requireProject(user.id);
  return searchPlayers(connection, params.get("q") ?? "", params.get("cursor") ?? "");
});
