"use client";
import { createContext, useContext } from "react";
import { LiveAwardStatus } from "@/components/awards/live-award-status";
import { RequestIdCell } from "@/components/awards/request-id-cell";
import { type PagedColumn, PagedTable } from "@/components/data-table/paged-table";
import { PlayerLink } from "@/components/players/player-link";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { AwardStatus } from "@/lib/model/award-status";
import { compareText } from "@/lib/pages/table-page";

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

const batchLabel = (row: AwardRow) => (row.batchId ? `Batch ${row.batchId}` : "Single");

/** The RequestIDs of the table whose status still moves: one shared status query for all of them. */
const Watched = createContext<readonly string[]>([]);

function StatusCell({ requestId, status }: { requestId: string; status: AwardStatus }) {
  return <LiveAwardStatus requestId={requestId} initial={status} watch={useContext(Watched)} />;
}

/** The one column that takes the room the others leave: its text is cut to fit, never wrapped. */
const ELASTIC = "w-full max-w-0";

/**
 * The award table's columns (paged-table.tsx), laid out as a payments table is (docs/console.md,
 * "Tables and phones"): every row is one line, long text is cut with an ellipsis (the whole of it
 * is the cell's title, and the award's own page says it), Player, Tokens and Status are always
 * shown, the time from `sm`, the Reason from `md` (taking what room is left), By and Batch from
 * `xl`, Mode and RequestID from `2xl`; below `md` the Player takes the room. The sortable ones are
 * those the history page sorts by in the database (lib/awards/trail.ts AWARD_SORTS); the player
 * page sorts its few rows by the same orders here.
 */
const AWARD_COLUMNS: readonly PagedColumn<AwardRow>[] = [
  {
    id: "sent",
    header: "Sent",
    sort: (a, b) => compareText(a.sent, b.sent),
    descFirst: true,
    text: (row) => row.sent,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: "sm" },
    cell: (row) => <When iso={row.sent} />,
  },
  {
    id: "player",
    header: "Player",
    sort: (a, b) => compareText(a.customerId, b.customerId),
    text: (row) => row.customerId,
    meta: { cellClassName: `${ELASTIC} md:w-auto md:max-w-none` },
    cell: (row) => (
      <span title={row.customerId} className="block truncate md:max-w-40">
        <PlayerLink customerId={row.customerId} />
      </span>
    ),
  },
  {
    id: "by",
    header: "By",
    sort: (a, b) => compareText(a.actorEmail, b.actorEmail),
    text: (row) => row.actorEmail,
    meta: { wideOnly: "xl" },
    cell: (row) => (
      <span title={row.actorEmail} className="block max-w-44 truncate">
        {row.actorEmail}
      </span>
    ),
  },
  {
    id: "mode",
    header: "Mode",
    text: (row) => row.mode,
    meta: { wideOnly: "2xl" },
    cell: (row) => row.mode,
  },
  {
    id: "tokens",
    header: "Tokens",
    text: (row) => row.tokens.join(" "),
    meta: { numeric: true },
    // The award's own page at every width: the RequestID column shows only from 2xl, and a row's
    // click is the mouse's alone (linked-row.tsx), so this is the link a keyboard reaches.
    cell: (row) => (
      <Link
        href={`/awards/${row.requestId}`}
        title={`${row.tokens.join(", ")}: award ${row.requestId}`}
        data-testid="award-link"
        className="ml-auto block max-w-24 truncate underline-offset-2 hover:underline sm:max-w-40 lg:max-w-48"
      >
        {row.tokens.join(", ")}
      </Link>
    ),
  },
  {
    id: "reason",
    header: "Reason",
    text: (row) => row.reason,
    meta: { cellClassName: ELASTIC, wideOnly: true },
    cell: (row) => (
      <span data-testid="award-reason" title={row.reason} className="block truncate">
        {row.reason}
      </span>
    ),
  },
  {
    id: "batch",
    header: "Batch",
    text: batchLabel,
    meta: { cellClassName: "whitespace-nowrap", wideOnly: "xl" },
    cell: (row) =>
      row.batchId ? (
        <Link href={`/awards/bulk/${row.batchId}`} className="underline underline-offset-2">
          Batch {row.batchId}
          {row.batchLine ? `, line ${row.batchLine}` : ""}
        </Link>
      ) : (
        <span className="text-muted-foreground">Single</span>
      ),
  },
  {
    id: "status",
    header: "Status",
    sort: (a, b) => compareText(a.status, b.status),
    text: (row) => row.status,
    meta: { cellClassName: "whitespace-nowrap" },
    cell: (row) => <StatusCell requestId={row.requestId} status={row.status} />,
  },
  {
    id: "requestId",
    header: "Request ID",
    text: (row) => row.requestId,
    meta: { wideOnly: "2xl" },
    cell: (row) => <RequestIdCell requestId={row.requestId} />,
  },
];

/** The trail arrives newest first. */
const DEFAULT_SORTING = [{ id: "sent", desc: true }];

const awardId = (row: AwardRow) => String(row.id);
const awardTestId = (row: AwardRow) => `award-${row.requestId}`;
const awardHref = (row: AwardRow) => `/awards/${row.requestId}`;

export interface AwardPagedTableProps {
  rows: AwardRow[];
  /** RequestIDs whose status still moves (queued, sending): their badges stay current. */
  watch: string[];
  /** The trail's page: the database sorted and paged these rows out of this many. */
  rowCount?: number;
  /** A page with other tables names this one's URL parameters (`awards.sort`). */
  urlKey?: string;
  filtered?: boolean;
  /** The history: a person chooses its columns (components/data-table/column-chooser.tsx). */
  chooseColumns?: boolean;
}

export function AwardPagedTable({
  rows,
  watch,
  rowCount,
  urlKey,
  filtered,
  chooseColumns,
}: AwardPagedTableProps) {
  return (
    <Watched value={watch}>
      <PagedTable
        noun="awards"
        one="award"
        caption="Awards sent from this console"
        rows={rows}
        rowCount={rowCount}
        columns={AWARD_COLUMNS}
        getRowId={awardId}
        rowTestId={awardTestId}
        rowHref={awardHref}
        urlKey={urlKey}
        filter={rowCount === undefined && rows.length > 10}
        defaultSorting={DEFAULT_SORTING}
        count={rowCount !== undefined}
        countTestId="awards-count"
        chooseColumns={chooseColumns}
        empty={
          filtered
            ? undefined
            : { title: "No awards yet", description: "Awards sent from this console are listed here." }
        }
      />
    </Watched>
  );
}
