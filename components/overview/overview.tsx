import { PlugZap } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { CHART_DAYS, readOverview } from "@/lib/overview/read-overview";
import { projectContext } from "@/lib/project/current-project";
import { LiveOverview } from "./live-overview";

/**
 * The overview's data part, streamed under the page's Suspense boundary: the guard, the user's
 * project, one read, then the live view. Without a connection it says what to do instead.
 */
export async function Overview() {
  const user = await requirePageUser("awards:read");
  const { chosen, connection } = await projectContext(user.id);
  if (!chosen || !connection) {
    const owner = can(user.role, "connections:manage");
    return (
      <EmptyState
        icon={PlugZap}
        title="No project connected yet"
        description={
          owner
            ? "Connect the console to a service (its base URL, project and API key) in Settings → Connections; the overview then shows what happens in that project."
            : "An owner connects the console to a project in Settings → Connections; the overview then shows what happens in it."
        }
        action={
          owner ? (
            <Button asChild>
              <Link href="/settings/connections">Add a connection</Link>
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <LiveOverview
      initial={await readOverview(user, connection)}
      project={chosen.ref}
      canSend={can(user.role, "awards:send")}
      chartDays={CHART_DAYS}
    />
  );
}
