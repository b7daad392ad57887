import type { ReactNode } from "react";
import { ActivitySignal } from "@/components/auth/activity-signal";
import { StepUpProvider } from "@/components/auth/step-up";
import { consoleNav } from "@/components/layout/console-nav";
import { Sidebar } from "@/components/layout/sidebar";
import { TopBar } from "@/components/layout/top-bar";
import { LiveProviders } from "@/components/live/live-providers";
import { SkipLink } from "@/components/ui/skip-link";
import { TimeZoneProvider } from "@/components/ui/when";
import { approvalsWaitingFor } from "@/lib/approvals/page-reads";
import { currentSignIn } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { projectContext } from "@/lib/project/current-project";
import { offersExtensions } from "@/lib/project/extensions";

/**
 * The signed-in shell (docs/console.md, "The shell"): the sidebar beside the page from `lg`, a
 * menu sheet below it; the top bar with the palette and the user menu; a skip link first. The
 * links are chosen here, on the server, by role; the caller has checked the session. `setUp`: a
 * person who must set up a second factor first (the Account page): every other page sends them
 * back there, so the shell offers none.
 */
export async function ConsoleShell({
  user,
  setUp = false,
  children,
}: {
  user: ConsoleUser;
  setUp?: boolean;
  children: ReactNode;
}) {
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
  const groups = setUp ? [] : consoleNav(user.role, { wallet, counts: { approvals } });
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
          <SkipLink />
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
                  pages: setUp ? [] : consoleNav(user.role, { wallet, palette: true }),
                  projects,
                  chosen: chosenRef,
                }}
                user={{ email: user.email, role: user.role }}
              />
              {/* The skip link's target: focusable by it, not by Tab. */}
              <div id="content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
                {children}
              </div>
            </div>
          </div>
        </StepUpProvider>
      </LiveProviders>
    </TimeZoneProvider>
  );
}
