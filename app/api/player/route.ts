import { defineRoute, RouteError } from "@/lib/api/define-route";
import { ServiceCallError } from "@/lib/client/call-service";
import { checkCustomerId } from "@/lib/players/customer-id";
import { playerSummary } from "@/lib/players/player-summary";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/player?customer=ID — a player's balances, for the award form (docs/console.md). */
export const GET = defineRoute("players:read", async ({ request, user }) => {
  const raw = new URL(request.url).searchParams.get("customer") ?? "";
  const checked = checkCustomerId(raw);
  if (!checked.ok) throw new RouteError(400, `Customer ID ${checked.problem}.`);
  const { connection } = await requireProject(user.id);
  try {
    return await playerSummary(connection, checked.id);
  } catch (error) {
    if (error instanceof ServiceCallError) throw new RouteError(502, error.message);
    throw error;
  }
});
