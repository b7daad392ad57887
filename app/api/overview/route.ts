import { defineRoute, RouteError } from "@/lib/api/define-route";
import { readOverview } from "@/lib/overview/read-overview";
import { projectContext } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/overview — the overview's figures for the user's role and project, kept live on the overview. */
export const GET = defineRoute("awards:read", async ({ user }) => {
  const { connection } = await projectContext(user.id);
  if (!connection) throw new RouteError(409, "No project is chosen: an owner adds a connection first.");
  return readOverview(user, connection);
});
