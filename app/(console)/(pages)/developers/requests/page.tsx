import type { Metadata } from "next";
import { ExportLink } from "@/components/data-table/export-link";
import { ExtensionUnavailable } from "@/components/developers/extension-unavailable";
import { RequestErrorsPanel } from "@/components/developers/request-errors-panel";
import { RequestFiltersForm } from "@/components/developers/request-filters-form";
import { RequestLogPanel } from "@/components/developers/request-log-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { can } from "@/lib/auth/permissions";
import { readProject } from "@/lib/project/read-project";
import { readService } from "@/lib/project/read-service";
import { readRequestErrors, readRequestLog } from "@/lib/request-log/read-request-log";
import { readRequestFilters, resolveRequestFilters } from "@/lib/request-log/request-filters";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Requests · Developers" };

/**
 * What the project's service saw of each call (our request log extension): filters in the URL,
 * a page of entries with Older paging, every field of one entry, and the errors by route and
 * message — the newest page and the errors kept live. Support and owners.
 */
export default async function RequestsPage({ searchParams }: PageProps<"/developers/requests">) {
  const filters = readRequestFilters(await searchParams);
  const now = new Date();
  // readProject checks requirePageUser("requests:read") first; nothing below writes.
  const { user, read } = await readProject("requests:read", (connection) =>
    // The errors panel failing on its own does not take the log with it.
    Promise.all([
      readRequestLog(connection, filters, now),
      readService(() => readRequestErrors(connection, filters, now)),
    ]),
  );
  const header = (
    <PageHeader
      title="Requests"
      description="What the project's service saw of each call that passed its key check: route, status, time taken, key, player and RequestID, and what failed. The service keeps the route pattern, never the key or the raw path."
    />
  );
  const problems = resolveRequestFilters(filters, now).problems;
  if (!read.ok)
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ServiceFailurePanel failure={read.failure} />
      </main>
    );
  const [log, errors] = read.data;
  if (log.state === "unavailable")
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        <ExtensionUnavailable
          page="requests"
          refusal={log}
          canManageConnections={can(user.role, "connections:manage")}
        />
      </main>
    );
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      {header}
      <RequestFiltersForm filters={filters} problems={problems} />
      <ExportLink href="/developers/requests/export.csv" />
      <RequestLogPanel initial={log} filters={filters} />
      {!errors.ok ? (
        <ServiceFailurePanel failure={errors.failure} />
      ) : errors.data.state === "ok" ? (
        <RequestErrorsPanel initial={errors.data} filters={filters} />
      ) : null}
    </main>
  );
}
