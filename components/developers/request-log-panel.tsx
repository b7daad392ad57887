"use client";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { RequestLogEntry } from "@/lib/contract/request-log";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import {
  filtersQueryString,
  isFiltered,
  type RequestFilters,
  requestLogHref,
} from "@/lib/request-log/request-filters";
import type { RequestLogPage } from "@/lib/request-log/request-log-view";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import { RequestLogTable } from "./request-log-table";

const RequestDetailDialog = lazy(() =>
  import("./request-detail-dialog").then((m) => ({ default: m.RequestDetailDialog })),
);

/** How often the newest page is asked for again while the page is open (never while the tab is hidden). */
const REFRESH_MS = 10_000;

export interface RequestLogPanelProps {
  initial: ExtensionRead<RequestLogPage> & { state: "ok" };
  filters: RequestFilters;
}

/**
 * The log's entries for the page's filters: the newest page stays live (new calls appear as the
 * service logs them); an older page, reached with Older, is history and is not asked again. One
 * entry's every field opens in a dialog.
 */
export function RequestLogPanel({ initial, filters }: RequestLogPanelProps) {
  const newest = filters.Cursor === "";
  const query = filtersQueryString(filters);
  const { data, error } = useQuery({
    queryKey: queryKeys.requestLog(query),
    queryFn: ({ signal }) => getJson<ExtensionRead<RequestLogPage>>(`/api/requests${query}`, signal),
    initialData: initial,
    enabled: newest,
    refetchInterval: newest ? REFRESH_MS : false,
  });
  const [open, setOpen] = useState<RequestLogEntry | null>(null);
  const page = data.state === "ok" ? data.data : initial.data;
  return (
    <section aria-labelledby="log-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="log-heading" className="text-lg font-semibold">
          {newest ? "Latest calls" : "Older calls"}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="request-log-count">
          {page.entries.length} {page.entries.length === 1 ? "call" : "calls"} shown, newest first · the
          service keeps entries for {page.keptDays} {page.keptDays === 1 ? "day" : "days"}
          {newest ? " · refreshed every 10 seconds" : ""}
        </p>
      </div>
      {data.state === "unavailable" ? (
        <p data-testid="request-log-stale" className="text-sm text-warning">
          The service no longer gives this console its request log: reload the page to see why.
        </p>
      ) : null}
      {error ? (
        <p data-testid="request-log-stale" className="text-sm text-warning">
          Showing the last entries read: {error.message}
        </p>
      ) : null}
      <RequestLogTable entries={page.entries} onOpen={setOpen} filtered={isFiltered(filters)} />
      <nav aria-label="Request log pages" className="flex flex-wrap gap-2">
        {newest ? null : (
          <Button asChild variant="outline" size="sm">
            <Link href={requestLogHref(filters, { Cursor: "" })}>Newest</Link>
          </Button>
        )}
        {page.nextCursor ? (
          <Button asChild variant="outline" size="sm">
            <Link href={requestLogHref(filters, { Cursor: page.nextCursor })}>Older</Link>
          </Button>
        ) : page.entries.length > 0 ? (
          <span className="text-sm text-muted-foreground">No older entries.</span>
        ) : null}
      </nav>
      {open ? (
        <Suspense fallback={null}>
          <RequestDetailDialog entry={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
