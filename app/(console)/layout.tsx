import type { ReactNode } from "react";
import { ActivitySignal } from "@/components/auth/activity-signal";
import { StepUpProvider } from "@/components/auth/step-up";
import { consoleNav } from "@/components/layout/console-nav";
import { Sidebar } from "@/components/layout/sidebar";
import { TopBar } from "@/components/layout/top-bar";
import { LiveProviders } from "@/components/live/live-providers";
import { TimeZoneProvider } from "@/components/ui/when";
import { approvalsWaitingFor } from "@/lib/approvals/page-reads";
import { currentSignIn, requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { projectContext } from "@/lib/project/current-project";
import { offersExtensions } from "@/lib/project/extensions";

export const dynamic = "force-dynamic";

/**
 * The signed-in shell (docs/console.md, "The shell"): the sidebar beside the page from `lg`, a
 * menu sheet below it; the top bar with the palette and the user menu. Every page below checks
 * the session on the server through this layout and its own guard; the links are chosen here,
 * on the server, by role.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  // The person's zone for every time below, read with the session (lib/auth/sessions.ts); none:
  // the browser's (components/ui/when.tsx).
  const timeZone = (await currentSignIn())?.timeZone ?? null;
  const [{ available, chosen, connection }, approvals] = await Promise.all([
    projectContext(user.id),
    // Others' requests this person could approve, beside Approvals (a count, once per request:
    // the overview's card shows the same).
    approvalsWaitingFor(user),
  ]);
  // The wallet is our extension: hidden for a service that answers that it has none.
  const wallet = can(user.role, "wallet:read") && (await offersExtensions(connection)) !== false;
  const groups = consoleNav(user.role, { wallet, counts: { approvals } });
  // Summaries only: no key, nothing a browser should not hold.
  const projects = available.map(({ ref, name, projectGuid, environment }) => ({
    ref,
    name,
    projectGuid,
    environment,
  }));
  const chosenRef = chosen?.ref ?? null;
  return (
    <TimeZoneProvider timeZone={timeZone}>
      <LiveProviders>
        <ActivitySignal />
        <StepUpProvider>
          <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
            <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-border bg-sidebar text-sidebar-foreground lg:block">
              <Sidebar groups={groups} projects={projects} chosen={chosenRef} />
            </aside>
            <div className="flex min-w-0 flex-col">
              <TopBar
                groups={groups}
                projects={projects}
                chosen={chosenRef}
                palette={{
                  pages: consoleNav(user.role, { wallet, palette: true }),
                  projects,
                  chosen: chosenRef,
                }}
                user={{ email: user.email, role: user.role }}
              />
              {children}
            </div>
          </div>
        </StepUpProvider>
      </LiveProviders>
    </TimeZoneProvider>
  );
}
