"use client";
import type { SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { TextCell } from "@/components/data-table/text-cell";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import { type ApprovalRow, approvalRequestTitle } from "@/lib/approvals/approval-view";
import { ApprovalStatusBadge } from "./approval-status-badge";

/** The page's three lists: others' requests the viewer can decide, the viewer's own waiting ones, recent decisions. */
export type ApprovalListKind = "waiting" | "mine" | "decided";

const column = columnHelper<ApprovalRow>();

const subject = column.accessor((row) => `${row.subject} ${row.project}`, {
  id: "subject",
  header: "What",
  sortFn: "text",
  meta: { cellClassName: "min-w-48 max-w-72 wrap-anywhere" },
  cell: ({ row: { original } }) => (
    <>
      <Link href={`/approvals/${original.id}`} className="font-medium underline underline-offset-2">
        {original.subject}
      </Link>
      {/* The request's number, as its page's title and the audit log name it. */}
      <span className="block text-xs text-muted-foreground">
        {approvalRequestTitle(original.id)} · {original.project}
      </span>
    </>
  ),
});

const totals = column.accessor((row) => row.totals.join(" "), {
  id: "totals",
  header: "Total",
  enableSorting: false,
  meta: { numeric: true },
  cell: ({ row }) =>
    row.original.totals.map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    )),
});

const requestedBy = column.accessor("requestedBy", {
  header: "Requested by",
  sortFn: "text",
  cell: ({ getValue }) => <TextCell text={getValue()} />,
});

/** The decided list has two people and a note beside the request: each email gets less room. */
const requestedByNarrow = column.accessor("requestedBy", {
  header: "Requested by",
  sortFn: "text",
  cell: ({ getValue }) => <TextCell text={getValue()} width="sm" />,
});

const requestedAt = column.accessor("requestedAt", {
  header: "Requested",
  sortDescFirst: true,
  meta: { cellClassName: "whitespace-nowrap" },
  cell: ({ row }) => <When iso={row.original.requestedAt} />,
});

const expiresAt = column.accessor("expiresAt", {
  header: "Expires",
  meta: { cellClassName: "whitespace-nowrap" },
  cell: ({ row }) => <When iso={row.original.expiresAt} />,
});

const COLUMNS = {
  waiting: column.columns([subject, totals, requestedBy, requestedAt, expiresAt]),
  mine: column.columns([subject, totals, requestedAt, expiresAt]),
  decided: column.columns([
    subject,
    totals,
    column.accessor("status", {
      header: "Status",
      sortFn: "text",
      cell: ({ row }) => <ApprovalStatusBadge status={row.original.status} />,
    }),
    requestedByNarrow,
    column.accessor("decidedBy", {
      header: "Decided by",
      sortFn: "text",
      cell: ({ row }) => <TextCell text={row.original.decidedBy} empty="nobody (expired)" width="sm" />,
    }),
    column.accessor((row) => row.decidedAt ?? "", {
      id: "decidedAt",
      header: "Decided",
      sortDescFirst: true,
      meta: { cellClassName: "whitespace-nowrap" },
      cell: ({ row }) => (row.original.decidedAt ? <When iso={row.original.decidedAt} /> : null),
    }),
    column.accessor("note", {
      header: "Note",
      enableSorting: false,
      meta: { cellClassName: "min-w-32 max-w-64 wrap-anywhere" },
    }),
  ]),
};

const LOOK: Record<
  ApprovalListKind,
  { caption: string; empty: { title: string; description: ReactNode }; sorting: SortingState }
> = {
  waiting: {
    caption: "Requests waiting for your approval",
    empty: {
      title: "Nothing waits for you",
      description:
        "Awards above a token's approval threshold wait here for a second person: another manager or owner approves or rejects them, and nothing is sent before.",
    },
    sorting: [{ id: "requestedAt", desc: true }],
  },
  mine: {
    caption: "Your requests waiting for someone else",
    empty: {
      title: "None of your requests is waiting",
      description:
        "An award or bulk batch you send above a token's approval threshold waits here until another manager or owner decides it; until then you can withdraw it from its page.",
    },
    sorting: [{ id: "requestedAt", desc: true }],
  },
  decided: {
    caption: "Requests decided recently",
    empty: {
      title: "Nothing decided yet",
      description: "Requests that were approved, rejected, withdrawn or expired are listed here.",
    },
    sorting: [{ id: "decidedAt", desc: true }],
  },
};

export interface ApprovalTableProps {
  kind: ApprovalListKind;
  rows: ApprovalRow[];
}

/** One of the Approvals page's lists, on the console's one table; each row opens its request. */
export function ApprovalTable({ kind, rows }: ApprovalTableProps) {
  const look = LOOK[kind];
  return (
    <DataTable
      noun="requests"
      one="request"
      caption={look.caption}
      rows={rows}
      columns={COLUMNS[kind]}
      getRowId={(row) => String(row.id)}
      rowTestId={(row) => `approval-${row.id}`}
      rowHref={(row) => `/approvals/${row.id}`}
      urlKey={kind}
      filter={rows.length > 10}
      count={rows.length > 10}
      defaultSorting={look.sorting}
      empty={look.empty}
    />
  );
}
