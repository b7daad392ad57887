import type { Metadata } from "next";
import { ExtensionUnavailable } from "@/components/developers/extension-unavailable";
import { WebhooksPanel } from "@/components/developers/webhooks-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { can } from "@/lib/auth/permissions";
import { readProject } from "@/lib/project/read-project";
import { readDeliveryFilters } from "@/lib/webhooks/delivery-filters";
import { readDeliveries, readWebhooksPage } from "@/lib/webhooks/webhooks-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks · Developers" };

/**
 * The project's webhook endpoints at its service (our webhooks extension): their health, the
 * delivery log with filters, test events, replays, secret rotation. Owners only.
 */
export default async function WebhooksPage({ searchParams }: PageProps<"/developers/webhooks">) {
  const filters = readDeliveryFilters(await searchParams);
  // readProject checks requirePageUser("webhooks:manage") first; nothing below writes.
  const { user, read } = await readProject("webhooks:manage", (connection) =>
    Promise.all([readWebhooksPage(connection), readDeliveries(connection, filters)]),
  );
  const header = (
    <PageHeader
      title="Webhooks"
      description="Where the project's service sends its events — awards completed, queued, settled and reversed, the wallet funded or running low, keys rolled, revoked or expiring — signed per Standard Webhooks, retried for 3 days. Each endpoint's secret is shown once."
    />
  );
  if (!read.ok)
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ServiceFailurePanel failure={read.failure} />
      </main>
    );
  const [page, deliveries] = read.data;
  if (page.state === "unavailable")
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ExtensionUnavailable
          page="webhooks"
          refusal={page}
          canManageConnections={can(user.role, "connections:manage")}
        />
      </main>
    );
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      {header}
      <WebhooksPanel
        initial={page.data}
        deliveries={deliveries.state === "ok" ? deliveries.data : { deliveries: [], nextCursor: "" }}
        filters={filters}
      />
    </main>
  );
}
