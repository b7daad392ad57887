"use client";
import Link from "next/link";
import { createContext, useContext } from "react";
import { LiveAwardStatus } from "@/components/awards/live-award-status";
import { RequestIdCell } from "@/components/awards/request-id-cell";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { PlayerLink } from "@/components/players/player-link";
import { When } from "@/components/ui/when";
import type { AwardStatus } from "@/lib/model/award-status";

/** One award of the trail as its table shows it (award-table.tsx builds it on the server). */
export interface AwardRow {
  id: number;
  requestId: string;
  /** ISO 8601 UTC ("2026-01-31T12:00:00.000Z"): sorts as text in time order; shown in the person's zone. */
  sent: string;
  customerId: string;
  actorEmail: string;
  mode: "Allowance" | "Direct";
  /** "25.5 GOLD", one per token line. */
  tokens: string[];
  reason: string;
  batchId: number | null;
  batchLine: number | null;
  status: AwardStatus;
}

const column = columnHelper<AwardRow>();

/** The RequestIDs of the table whose status still moves: one shared status query for all of them. */
const Watched = createContext<readonly string[]>([]);

function StatusCell({ requestId, status }: { requestId: string; status: AwardStatus }) {
  return <LiveAwardStatus requestId={requestId} initial={status} watch={useContext(Watched)} />;
}

/** Column ids the history page sorts by on the server (lib/awards/trail.ts AWARD_SORTS). */
const columns = column.columns([
  column.accessor("sent", {
    header: "Sent",
    sortDescFirst: true,
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <When iso={row.original.sent} />,
  }),
  column.accessor("customerId", {
    id: "player",
    header: "Player",
    sortFn: "text",
    meta: { cellClassName: "min-w-44 max-w-64 break-words" },
    cell: ({ row }) => <PlayerLink customerId={row.original.customerId} />,
  }),
  column.accessor("actorEmail", { id: "by", header: "By", sortFn: "text" }),
  column.accessor("mode", { header: "Mode", enableSorting: false }),
  column.accessor((row) => row.tokens.join(" "), {
    id: "tokens",
    header: "Tokens",
    enableSorting: false,
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.tokens.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      )),
  }),
  column.accessor("reason", {
    header: "Reason",
    enableSorting: false,
    meta: { cellClassName: "min-w-40 max-w-56 break-words" },
    cell: ({ row }) => <span data-testid="award-reason">{row.original.reason}</span>,
  }),
  column.accessor((row) => (row.batchId ? `Batch ${row.batchId}` : "Single"), {
    id: "batch",
    header: "Batch",
    enableSorting: false,
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) =>
      row.original.batchId ? (
        <Link href={`/awards/bulk/${row.original.batchId}`} className="underline underline-offset-2">
          Batch {row.original.batchId}
          {row.original.batchLine ? `, line ${row.original.batchLine}` : ""}
        </Link>
      ) : (
        <span className="text-muted-foreground">Single</span>
      ),
  }),
  column.accessor("status", {
    header: "Status",
    cell: ({ row }) => <StatusCell requestId={row.original.requestId} status={row.original.status} />,
  }),
  column.accessor("requestId", {
    header: "Request ID",
    enableSorting: false,
    cell: ({ row }) => <RequestIdCell requestId={row.original.requestId} />,
  }),
]);

export interface AwardDataTableProps {
  rows: AwardRow[];
  /** RequestIDs whose status still moves (queued, sending): their badges stay current. */
  watch: string[];
  /** The trail's page: the server sorted and paged these rows out of this many. */
  server?: { rowCount: number };
  /** A page with other tables names this one's URL parameters (`awards.sort`). */
  urlKey?: string;
  filtered?: boolean;
}

export function AwardDataTable({ rows, watch, server, urlKey, filtered }: AwardDataTableProps) {
  return (
    <Watched value={watch}>
      <DataTable
        noun="awards"
        one="award"
        caption="Awards sent from this console"
        rows={rows}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `award-${row.requestId}`}
        rowHref={(row) => `/awards/${row.requestId}`}
        urlKey={urlKey}
        filter={!server && rows.length > 10}
        server={server}
        defaultSorting={DEFAULT_SORTING}
        count={server !== undefined}
        countTestId="awards-count"
        empty={
          filtered
            ? undefined
            : { title: "No awards yet", description: "Awards sent from this console are listed here." }
        }
      />
    </Watched>
  );
}

/** The trail arrives newest first. */
const DEFAULT_SORTING = [{ id: "sent", desc: true }];
