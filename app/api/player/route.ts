import { defineRoute } from "@/lib/api/define-route";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { checkCustomerId } from "@/lib/players/customer-id";
import { playerSummary } from "@/lib/players/player-summary";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/player?customer=ID — a player's balances, for the award form (docs/console.md). */
export const GET = defineRoute("players:read", async ({ request, user }) => {
  const raw = new URL(request.url).searchParams.get("customer") ?? "";
  const checked = checkCustomerId(raw);
  if (!checked.ok) throw new UserFacingError(`Customer ID ${checked.problem}.`, { status: 400 });
  const { connection } = await requireProject(user.id);
  return playerSummary(connection, checked.id);
});
