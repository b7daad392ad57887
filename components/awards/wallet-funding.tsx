"use client";
import { DataTable } from "@/components/data-table/data-table";
import { byDecimal, columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import type { ContractFunding } from "@/lib/awards/wallet";

const column = columnHelper<ContractFunding>();

/**
 * What matters first, also on a phone (docs/console.md, "Tables and phones"): which contract, then
 * its funding gap, then the balance; the queue's own figures from `md` (the queue is listed below).
 */
const columns = column.columns([
  column.accessor((c) => `${c.symbol} ${c.chain}`, {
    id: "token",
    header: "Token",
    sortFn: "text",
    cell: ({ row }) => (
      <span className="flex flex-col gap-0.5">
        <span>
          <span className="font-semibold">{row.original.symbol}</span>{" "}
          <span className="text-muted-foreground">on {row.original.chain}</span>
        </span>
        <IdCell
          value={row.original.contractGuid}
          what={`contract GUID of ${row.original.symbol} on ${row.original.chain}`}
          className="text-muted-foreground"
        />
      </span>
    ),
  }),
  column.accessor("gap", {
    header: "Funding gap",
    sortFn: byDecimal((c) => c.gap),
    meta: { cellClassName: "sm:min-w-48" },
    cell: ({ row: { original: c } }) => (
      <span data-testid="wallet-gap">
        {c.gap === "0" ? (
          <Badge tone="success">Covered</Badge>
        ) : (
          <>
            <Badge tone="warning">Short</Badge>{" "}
            <span className="font-mono tabular-nums">
              top up <Amount value={c.gap} /> {c.symbol}
            </span>{" "}
            to clear the queue
          </>
        )}
      </span>
    ),
  }),
  column.accessor("balance", {
    header: "Balance",
    sortFn: byDecimal((c) => c.balance),
    meta: { numeric: true },
    cell: ({ row }) => <Amount value={row.original.balance} data-testid="wallet-balance" />,
  }),
  column.accessor("queued", {
    header: "Queued",
    sortFn: byDecimal((c) => c.queued),
    meta: { numeric: true, wideOnly: true },
    cell: ({ row }) => <Amount value={row.original.queued} data-testid="wallet-queued" />,
  }),
  column.accessor("waiting", { header: "Awards waiting", meta: { numeric: true, wideOnly: true } }),
]);

/** The project wallet per token contract: balance, what the queue waits for, and the gap. */
export function WalletFunding({ contracts }: { contracts: ContractFunding[] }) {
  return (
    <DataTable
      noun="contracts"
      caption="Project wallet balances and funding gaps per contract"
      rows={contracts}
      columns={columns}
      getRowId={(c) => c.contractGuid}
      rowTestId={(c) => `wallet-${c.symbol}-${c.chain}`}
      urlKey="funding"
      filter={contracts.length > 10}
      count={false}
      empty={{ title: "The project has no token contracts." }}
    />
  );
}
