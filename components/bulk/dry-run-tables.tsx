"use client";
import { DataTable } from "@/components/data-table/data-table";
import { byDecimal, columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import type { ContractForecast } from "@/lib/bulk/funds";
import type { Total } from "@/lib/bulk/validate";
import { groupDigits } from "@/lib/format/grouped-decimal";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const total = columnHelper<Total>();

const totalColumns = total.columns([
  total.accessor("symbol", {
    header: "Token",
    sortFn: "text",
    cell: ({ row }) => <span className="font-semibold">{row.original.symbol}</span>,
  }),
  total.accessor("chain", { header: "Chain", sortFn: "text" }),
  total.accessor((row) => (row.mode === "allowance" ? "Allowance" : "Direct"), {
    id: "mode",
    header: "Mode",
  }),
  total.accessor("rows", { header: "Rows", meta: { numeric: true } }),
  total.accessor("amount", {
    header: "Total",
    sortFn: byDecimal((row) => row.amount),
    meta: { numeric: true },
  }),
]);

/** A dry run's totals per token, contract and mode (shown again in the send confirmation). */
export function TotalsTable({ totals }: { totals: Total[] }) {
  return (
    <DataTable
      noun="totals"
      caption="Totals per token, contract and mode"
      rows={totals}
      columns={totalColumns}
      getRowId={(row) => `${row.symbol}|${row.chain}|${row.mode}`}
      urlKey="totals"
      filter={false}
      count={false}
    />
  );
}

const forecast = columnHelper<ContractForecast>();

const fundsColumns = forecast.columns([
  forecast.accessor("symbol", {
    header: "Token",
    sortFn: "text",
    cell: ({ row }) => <span className="font-semibold">{row.original.symbol}</span>,
  }),
  forecast.accessor("chain", { header: "Chain", sortFn: "text" }),
  forecast.accessor("balance", {
    header: "Balance",
    sortFn: byDecimal((c) => c.balance),
    meta: { numeric: true },
  }),
  forecast.accessor("queued", {
    header: "Already queued",
    sortFn: byDecimal((c) => c.queued),
    meta: { numeric: true },
    cell: ({ row: { original: c } }) =>
      `${groupDigits(c.queued)}${c.queuedAwards > 0 ? ` (${plural(c.queuedAwards, "award", "awards")})` : ""}`,
  }),
  forecast.accessor("direct", {
    header: "This file (direct)",
    sortFn: byDecimal((c) => c.direct),
    meta: { numeric: true },
    cell: ({ row: { original: c } }) => `${groupDigits(c.direct)} (${plural(c.directRows, "row", "rows")})`,
  }),
  forecast.accessor("waitingRows", { header: "Rows waiting", meta: { numeric: true } }),
  forecast.accessor("topUp", {
    header: "Top-up",
    sortFn: byDecimal((c) => c.topUp),
    meta: { numeric: true },
    cell: ({ row: { original: c } }) => (
      <span data-testid="funds-top-up">
        {c.topUp === "0" ? "none" : `top up ${groupDigits(c.topUp)} ${c.symbol}`}
      </span>
    ),
  }),
]);

/** The project wallet per contract against the file's direct rows, and the top-up that clears them. */
export function FundsTable({ contracts }: { contracts: ContractForecast[] }) {
  return (
    <DataTable
      noun="contracts"
      caption="Project wallet per contract against this file's direct rows"
      rows={contracts}
      columns={fundsColumns}
      getRowId={(c) => c.contractGuid}
      rowTestId={(c) => `funds-${c.symbol}-${c.chain}`}
      urlKey="funds"
      filter={false}
      count={false}
    />
  );
}

type PreviewRow = DryRunReport["preview"][number];
const preview = columnHelper<PreviewRow>();

const previewColumns = preview.columns([
  preview.accessor("line", { header: "Line", meta: { numeric: true } }),
  preview.accessor("customerId", {
    header: "Player",
    meta: { cellClassName: "min-w-32 max-w-56 wrap-anywhere" },
  }),
  preview.accessor((row) => `${row.symbol} on ${row.chain}`, { id: "token", header: "Token" }),
  preview.accessor("amount", {
    header: "Amount",
    sortFn: byDecimal((row) => row.amount),
    meta: { numeric: true },
  }),
  preview.accessor((row) => (row.mode === "allowance" ? "Allowance" : "Direct"), {
    id: "mode",
    header: "Mode",
  }),
  preview.accessor("wallet", {
    header: "Wallet",
    meta: { wideOnly: true },
    cell: ({ row }) =>
      row.original.wallet ? (
        <IdCell value={row.original.wallet} what={`wallet of line ${row.original.line}`} />
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  }),
]);

/** The file's first valid rows as they will be sent: the columns were read as meant. */
export function PreviewTable({ rows, of }: { rows: DryRunReport["preview"]; of: number }) {
  return (
    <DataTable
      noun="rows"
      caption={`The first ${rows.length} of ${of} rows, as they will be sent`}
      rows={rows}
      columns={previewColumns}
      getRowId={(row) => String(row.line)}
      rowTestId={(row) => `preview-${row.line}`}
      urlKey="preview"
      filter={false}
      count={false}
    />
  );
}
