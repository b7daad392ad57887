import type { Metadata } from "next";
import { ExtensionUnavailable } from "@/components/developers/extension-unavailable";
import { KeysPanel } from "@/components/developers/keys-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { requirePageUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { projectContext } from "@/lib/project/current-project";
import { readService } from "@/lib/project/read-service";
import { readKeysPage } from "@/lib/service-keys/keys-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Keys · Developers" };

/** The project's API keys at its service (our keys extension): list, create, roll, revoke. Owners only. */
export default async function KeysPage() {
  const user = await requirePageUser("keys:manage");
  const { chosen, connection } = await projectContext(user.id);
  const header = (
    <PageHeader
      title="API keys"
      description={`The keys ${chosen?.name ?? "the chosen project"}'s service accepts: what each may do, its daily caps, when it was last used. A key's secret is shown once, when it is made or rolled; the console keeps none but its own.`}
    />
  );
  if (!chosen || !connection)
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ServiceFailurePanel
          failure={{
            kind: "no-project",
            status: null,
            message:
              "This console has no project connection yet: an owner adds one in Settings → Connections.",
          }}
        />
      </main>
    );
  // Reads only: nothing is written while the page renders.
  const read = await readService(() => readKeysPage({ ref: chosen.ref, connection }, new Date()));
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      {header}
      {!read.ok ? (
        <ServiceFailurePanel failure={read.failure} />
      ) : read.data.state === "unavailable" ? (
        <ExtensionUnavailable
          page="keys"
          refusal={read.data}
          canManageConnections={can(user.role, "connections:manage")}
        />
      ) : (
        <KeysPanel data={read.data.data} />
      )}
    </main>
  );
}
