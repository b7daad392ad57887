"use client";
import { DataTable } from "@/components/data-table/data-table";
import { byDecimal, columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { PlayerLink } from "@/components/players/player-link";
import type { BatchRequestRow } from "@/lib/approvals/approval-view";

const row = columnHelper<BatchRequestRow>();

const columns = row.columns([
  row.accessor("line", { header: "Line", meta: { numeric: true } }),
  row.accessor("customerId", {
    id: "player",
    header: "Player",
    sortFn: "text",
    meta: { cellClassName: "min-w-40 max-w-64 wrap-anywhere" },
    cell: ({ row: { original } }) => <PlayerLink customerId={original.customerId} />,
  }),
  row.accessor("token", {
    header: "Token",
    sortFn: "text",
    cell: ({ row: { original } }) => <span className="font-semibold">{original.token}</span>,
  }),
  row.accessor("amount", {
    header: "Amount",
    sortFn: byDecimal((r) => r.amount),
    meta: { numeric: true },
  }),
  row.accessor((r) => `${r.mode} ${r.wallet}`, {
    id: "mode",
    header: "Mode",
    sortFn: "text",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row: { original } }) =>
      original.wallet ? (
        <span className="inline-flex items-center gap-1">
          {original.mode} to <IdCell value={original.wallet} what={`wallet of line ${original.line}`} />
        </span>
      ) : (
        original.mode
      ),
  }),
  row.accessor("contract", {
    header: "Contract",
    enableSorting: false,
    cell: ({ row: { original } }) => (
      <IdCell value={original.contract} what={`contract of line ${original.line}`} />
    ),
  }),
]);

const BY_LINE = [{ id: "line", desc: false }];

/** The first rows of a batch waiting for approval: what each line will send to whom. */
export function BatchRowsTable({ rows }: { rows: BatchRequestRow[] }) {
  return (
    <DataTable
      noun="rows"
      one="row"
      caption="The batch's rows, as they will be sent"
      rows={rows}
      columns={columns}
      getRowId={(r) => `${r.line}|${r.contract}|${r.token}`}
      rowTestId={(r) => `batch-row-${r.line}`}
      urlKey="rows"
      filter={rows.length > 10}
      defaultSorting={BY_LINE}
    />
  );
}
