"use client";
import { DataTable } from "@/components/data-table/data-table";
import { byDecimal, columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { Badge } from "@/components/ui/badge";
import type { TokenDetail } from "@/lib/contract/holdings";
import type { PlayerToken } from "@/lib/players/holdings";

const column = columnHelper<TokenDetail>();

const columns = column.columns([
  column.accessor((detail) => (detail.IsAllowance ? "Allowance" : "Distributed"), {
    id: "kind",
    header: "Kind",
    cell: ({ row }) =>
      row.original.IsAllowance ? (
        <Badge tone="info">Allowance</Badge>
      ) : (
        <Badge tone="success">Distributed</Badge>
      ),
  }),
  column.accessor("Amount", {
    id: "amount",
    header: "Amount",
    sortFn: byDecimal((detail) => detail.Amount),
    meta: { numeric: true },
  }),
  column.accessor("ChainName", { id: "chain", header: "Chain", sortFn: "text" }),
  column.accessor("Wallet", {
    id: "wallet",
    header: "Wallet",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.Wallet ? (
        <IdCell value={row.original.Wallet} what={`wallet ${row.original.Wallet}`} wide />
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  }),
  column.accessor("ContractGuid", {
    id: "contract",
    header: "Contract",
    enableSorting: false,
    cell: ({ row }) => (
      <IdCell value={row.original.ContractGuid} what={`contract GUID ${row.original.ContractGuid}`} wide />
    ),
  }),
]);

const detailId = (detail: TokenDetail) => `${detail.ContractGuid}|${detail.Wallet}|${detail.IsAllowance}`;

/** A player's tokens: the total per token, checked against its details, and where each part is. */
export function PlayerTokens({ tokens }: { tokens: PlayerToken[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {tokens.map((token) => (
        <li
          key={token.guid}
          data-testid={`token-${token.symbol}`}
          className="min-w-0 rounded-lg border border-border bg-card p-4"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {token.image ? (
              // biome-ignore lint/performance/noImgElement: token images live on any host the studio uses
              <img src={token.image} alt="" width={32} height={32} className="size-8 rounded-full bg-muted" />
            ) : null}
            <span className="font-semibold">{token.symbol}</span>
            <span className="min-w-0 break-words text-muted-foreground">{token.name}</span>
            <span className="ml-auto font-mono text-lg tabular-nums break-all" data-testid="token-total">
              {token.total}
            </span>
          </div>
          {token.check.matches ? null : (
            <p role="alert" className="mt-2 text-sm font-medium text-destructive">
              The service's total ({token.total}) differs from the sum of the details (
              {token.check.sum ?? "not a number"}).
            </p>
          )}
          <details className="mt-2" open={token.details.length <= 3}>
            <summary className="flex min-h-10 cursor-pointer items-center text-sm">
              {token.details.length} holding{token.details.length === 1 ? "" : "s"}
            </summary>
            <DataTable
              noun="holdings"
              caption={`Where the ${token.symbol} of this player are`}
              rows={token.details}
              columns={columns}
              getRowId={detailId}
              // Each token's table keeps its own sort and page in the URL (`gold.sort`).
              urlKey={token.symbol.toLowerCase()}
              filter={token.details.length > 10}
              count={token.details.length > 10}
            />
          </details>
        </li>
      ))}
    </ul>
  );
}
