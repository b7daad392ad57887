"use client";
import { createContext, useContext } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { PlayerLink } from "@/components/players/player-link";
import { Button } from "@/components/ui/button";
import { When } from "@/components/ui/when";
import type { RequestLogEntry } from "@/lib/contract/request-log";
import { shortRoute } from "@/lib/request-log/request-log-view";
import { RequestStatusBadge } from "./request-status-badge";

/** Opens an entry's details (the panel owns the dialog). */
const OpenEntry = createContext<(entry: RequestLogEntry) => void>(() => undefined);

function DetailsButton({ entry }: { entry: RequestLogEntry }) {
  const open = useContext(OpenEntry);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      aria-label={`Details of ${entry.Method} ${entry.Route} at ${entry.At}`}
      onClick={() => open(entry)}
    >
      Details
    </Button>
  );
}

const column = columnHelper<RequestLogEntry>();
const none = <span className="text-muted-foreground">—</span>;

const columns = column.columns([
  column.accessor("At", {
    header: "At",
    sortDescFirst: true,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
    cell: ({ row }) => <When iso={row.original.At} seconds />,
  }),
  column.accessor((row) => `${row.Method} ${shortRoute(row.Route)}`, {
    id: "route",
    header: "Route",
    sortFn: "text",
    meta: { cellClassName: "min-w-44 max-w-64 wrap-anywhere font-mono text-xs" },
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <span title={row.original.Route}>
          {row.original.Method} {shortRoute(row.original.Route)}
        </span>
        {/* On a phone, the status and time the columns left out there say. */}
        <span className="flex flex-wrap items-center gap-2 font-sans md:hidden">
          <RequestStatusBadge status={row.original.Status} />
          <span className="text-muted-foreground">
            <When iso={row.original.At} seconds />
          </span>
        </span>
      </span>
    ),
  }),
  column.accessor("Status", {
    header: "Status",
    meta: { wideOnly: true },
    cell: ({ row }) => <RequestStatusBadge status={row.original.Status} />,
  }),
  column.accessor((row) => Number(row.DurationMs), {
    id: "duration",
    header: "ms",
    meta: { numeric: true, wideOnly: true },
    cell: ({ row }) => row.original.DurationMs,
  }),
  column.accessor("KeyPrefix", {
    header: "Key",
    enableSorting: false,
    meta: { wideOnly: "2xl" },
    cell: ({ row }) => <code className="font-mono text-xs whitespace-nowrap">{row.original.KeyPrefix}…</code>,
  }),
  column.accessor("CustomerID", {
    header: "Customer",
    sortFn: "text",
    meta: { cellClassName: "min-w-32 max-w-48 wrap-anywhere", wideOnly: true },
    cell: ({ row }) => (row.original.CustomerID ? <PlayerLink customerId={row.original.CustomerID} /> : none),
  }),
  column.accessor("RequestID", {
    header: "Request ID",
    enableSorting: false,
    meta: { wideOnly: true },
    cell: ({ row }) =>
      row.original.RequestID ? (
        <IdCell
          value={row.original.RequestID}
          what={`Request ID of the call at ${row.original.At}`}
          href={`/awards/${encodeURIComponent(row.original.RequestID)}`}
        />
      ) : (
        none
      ),
  }),
  column.accessor("Error", {
    header: "Error",
    enableSorting: false,
    meta: { cellClassName: "min-w-48 max-w-80", wideOnly: true },
    cell: ({ row }) =>
      row.original.Error ? (
        <span className="line-clamp-2 break-words" title={row.original.Error}>
          {row.original.ErrorCode ? (
            <code className="font-mono text-xs">{row.original.ErrorCode}</code>
          ) : null}{" "}
          {row.original.Error}
        </span>
      ) : (
        none
      ),
  }),
  column.display({
    id: "details",
    header: "Details",
    cell: ({ row }) => <DetailsButton entry={row.original} />,
  }),
]);

export interface RequestLogTableProps {
  entries: RequestLogEntry[];
  onOpen: (entry: RequestLogEntry) => void;
  /** Whether any filter is set: nothing matching is then not "nothing logged". */
  filtered: boolean;
}

/** One page of the request log on the console's one table (newest first, as the service pages it). */
export function RequestLogTable({ entries, onOpen, filtered }: RequestLogTableProps) {
  return (
    <OpenEntry value={onOpen}>
      <DataTable
        noun="requests"
        one="request"
        caption="What the service saw of each call, newest first"
        urlKey="log"
        rows={entries}
        columns={columns}
        getRowId={(row) => row.Id}
        rowTestId={(row) => `request-${row.Id}`}
        chooseColumns
        filter={false}
        count={false}
        pageSize={200}
        empty={{
          title: filtered ? "No call matches these filters" : "No calls logged yet",
          description: filtered
            ? "Widen the time range or clear a filter."
            : "The service logs every call that passes its key check.",
        }}
      />
    </OpenEntry>
  );
}
