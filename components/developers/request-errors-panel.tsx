"use client";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import { totalErrors } from "@/lib/request-log/error-groups";
import {
  filtersQueryString,
  hasTimeRange,
  type RequestFilters,
  requestLogHref,
} from "@/lib/request-log/request-filters";
import { type RequestErrorsView, shortRoute } from "@/lib/request-log/request-log-view";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import { RequestStatusBadge } from "./request-status-badge";

/** How often the errors are asked for again while the page is open. */
const REFRESH_MS = 15_000;

export interface RequestErrorsPanelProps {
  initial: ExtensionRead<RequestErrorsView> & { state: "ok" };
  filters: RequestFilters;
}

/** Only the time range and key narrow the errors: the rest of the filters are the log's own. */
const rangeOf = (filters: RequestFilters): RequestFilters => ({
  Status: "",
  Route: "",
  CustomerID: "",
  RequestID: "",
  Cursor: "",
  KeyId: filters.KeyId,
  Since: filters.Since,
  From: filters.From,
  To: filters.To,
});

/**
 * "Errors by route and message": the failed calls of the page's time range, the busiest route
 * first, kept live while the page is open. Each message opens the log filtered to its route and
 * status.
 */
export function RequestErrorsPanel({ initial, filters }: RequestErrorsPanelProps) {
  const range = rangeOf(filters);
  const query = filtersQueryString(range);
  const { data, error } = useQuery({
    queryKey: queryKeys.requestErrors(query),
    queryFn: ({ signal }) =>
      getJson<ExtensionRead<RequestErrorsView>>(`/api/requests/errors${query}`, signal),
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  const routes = data.state === "ok" ? data.data.routes : initial.data.routes;
  const total = totalErrors(routes);
  return (
    <section aria-labelledby="errors-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="errors-heading" className="text-lg font-semibold">
          Errors by route and message
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="request-errors-total">
          {total === 0 ? "No failed calls" : `${total} failed ${total === 1 ? "call" : "calls"}`}{" "}
          {hasTimeRange(filters) ? "in this time range" : "in the last 24 hours"} · refreshed every 15 seconds
        </p>
      </div>
      {error ? <p className="text-sm text-warning">Showing the last errors read: {error.message}</p> : null}
      {routes.length === 0 ? null : (
        <ul className="flex flex-col gap-3" data-testid="request-errors">
          {routes.map((route) => (
            <li key={route.route} className="rounded-lg border border-border bg-card p-3">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <code className="font-mono text-sm font-medium break-all" title={route.route}>
                  {shortRoute(route.route)}
                </code>
                <span className="text-sm text-muted-foreground">
                  {route.count} failed · last <When iso={route.lastAt} />
                </span>
              </p>
              <ul className="mt-2 flex flex-col gap-2 text-sm">
                {route.messages.map((message) => (
                  <li
                    key={`${message.status}|${message.errorCode}|${message.error}`}
                    className="flex flex-col gap-1 border-l-2 border-border pl-3 sm:flex-row sm:items-start sm:gap-3"
                  >
                    <span className="flex shrink-0 items-center gap-2">
                      <RequestStatusBadge status={message.status} />
                      <Badge>{message.count}×</Badge>
                    </span>
                    <span className="min-w-0 break-words">
                      {message.errorCode ? (
                        <code className="font-mono text-xs">{message.errorCode}</code>
                      ) : null}{" "}
                      {message.error || <span className="text-muted-foreground">(no message)</span>}{" "}
                      <Link
                        href={requestLogHref(range, { Route: route.route, Status: String(message.status) })}
                        aria-label={`See the calls to ${route.route} answered ${message.status}`}
                        className="whitespace-nowrap underline underline-offset-2"
                      >
                        See the calls
                      </Link>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
