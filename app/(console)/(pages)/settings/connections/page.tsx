import type { Metadata } from "next";
import { ConnectionForm } from "@/components/settings/connection-form";
import { ConnectionsTable } from "@/components/settings/connections-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readConnections } from "@/lib/settings/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connections · Settings" };

export default async function ConnectionsPage() {
  await requirePageUser("connections:manage");
  const connections = await readConnections();
  return (
    <main className="flex flex-col gap-8 py-4">
      <PageHeader
        title="Connections"
        description="The projects this console reads: a service's base URL, the ProjectGuid, an API key for it, and whether it is test or live."
      />
      <ConnectionsTable connections={connections} />
      <section aria-labelledby="new-connection" className="flex flex-col gap-4">
        <h2 id="new-connection" className="text-lg font-semibold">
          New connection
        </h2>
        <ConnectionForm />
      </section>
    </main>
  );
}
