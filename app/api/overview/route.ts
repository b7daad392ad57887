import { defineRoute } from "@/lib/api/define-route";
import { overviewRange } from "@/lib/overview/overview-range";
import { readOverview } from "@/lib/overview/read-overview";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/**
 * GET /api/overview?range=7d — the overview's figures of a period (lib/overview/overview-range.ts)
 * for the user's role and project, kept live on the overview.
 */
export const GET = defineRoute("awards:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const { range } = overviewRange(new URL(request.url).searchParams, new Date());
  return readOverview(user, connection, range);
});
