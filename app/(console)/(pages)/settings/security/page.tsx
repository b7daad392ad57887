import type { Metadata } from "next";
import { SecuritySettingsForm } from "@/components/settings/security-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { consoleEnv } from "@/lib/env";
import { readConsoleSettings } from "@/lib/settings/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Security · Settings" };

export default async function SecuritySettingsPage() {
  await requirePageUser("settings:manage");
  const settings = await readConsoleSettings();
  return (
    <main className="flex flex-col gap-6 py-4">
      <PageHeader
        title="Security"
        description="Who must use two-factor sign-in, when idle sessions end, and how long the audit log keeps its rows."
      />
      <SecuritySettingsForm
        settings={settings}
        ownersMfaWaived={consoleEnv().CONSOLE_OWNER_MFA === "optional"}
      />
    </main>
  );
}
