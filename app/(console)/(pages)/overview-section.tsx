import { LiveOverview } from "@/components/overview/live-overview";
import { NoProjectConnected } from "@/components/overview/no-project-connected";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import type { OverviewRange } from "@/lib/overview/overview-range";
import { readOverview } from "@/lib/overview/read-overview";
import { projectContext } from "@/lib/project/current-project";

/**
 * The overview's data part, streamed under the page's Suspense boundary: the guard, the user's
 * project, one read of the period the address names, then the live view. It sits beside the page,
 * not in components/, because it reads (docs/architecture.md, `components-never-read-data`); a
 * file here that is not a page, layout or route is not a route.
 */
export async function OverviewSection({ range }: { range: OverviewRange }) {
  const user = await requirePageUser("awards:read");
  const { chosen, connection } = await projectContext(user.id);
  if (!chosen || !connection) return <NoProjectConnected canConnect={can(user.role, "connections:manage")} />;
  return (
    <LiveOverview
      initial={await readOverview(user, connection, range)}
      project={chosen.ref}
      canSend={can(user.role, "awards:send")}
    />
  );
}
