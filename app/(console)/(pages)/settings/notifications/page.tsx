import type { Metadata } from "next";
import { NotificationRules } from "@/components/settings/notification-rules";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readRulesPage } from "@/lib/notifications/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Notifications · Settings" };

/** What the project's people and channels are told, and where: Slack, Discord, email (owners). */
export default async function NotificationSettingsPage() {
  const user = await requirePageUser("notifications:manage");
  // Reads only: nothing is written while the page renders.
  const page = await readRulesPage(user.id);
  return (
    <main className="flex flex-col gap-6 py-4">
      <PageHeader
        title="Notifications"
        description={`What ${page.project?.name ?? "the chosen project"} tells a Slack or Discord channel or an email list — approvals asked for and decided, a queue waiting too long, a funding gap, a key about to expire, a webhook endpoint failing. Managers and owners also see approval requests in the bell, and whoever asked sees the decision.`}
      />
      {page.project ? (
        <NotificationRules rules={page.rules} emailReady={page.emailReady} project={page.project.name} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Choose a project in the switcher first: rules belong to a project connection.
        </p>
      )}
    </main>
  );
}
