import { defineRoute } from "@/lib/api/define-route";
import { readOverview } from "@/lib/overview/read-overview";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/overview — the overview's figures for the user's role and project, kept live on the overview. */
export const GET = defineRoute("awards:read", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  return readOverview(user, connection);
});
