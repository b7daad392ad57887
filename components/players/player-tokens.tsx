"use client";
import { useSearchParams } from "next/navigation";
import { IdCell } from "@/components/data-table/id-cell";
import { type PagedColumn, PagedTable } from "@/components/data-table/paged-table";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { compareDecimals } from "@/lib/contract/decimal";
import type { TokenDetail } from "@/lib/contract/holdings";
import { compareText } from "@/lib/pages/table-page";
import type { PlayerToken } from "@/lib/players/holdings";

const kind = (detail: TokenDetail) => (detail.IsAllowance ? "Allowance" : "Distributed");

/** Where a token's parts are, one page at a time (paged-table.tsx). */
const columns: readonly PagedColumn<TokenDetail>[] = [
  {
    id: "kind",
    header: "Kind",
    text: kind,
    sort: (a, b) => compareText(kind(a), kind(b)),
    cell: (detail) =>
      detail.IsAllowance ? <Badge tone="info">Allowance</Badge> : <Badge tone="success">Distributed</Badge>,
  },
  {
    id: "amount",
    header: "Amount",
    text: (detail) => detail.Amount,
    // Exact decimals, never floats (docs/console.md, "Catalogue prices and player holdings").
    sort: (a, b) => compareDecimals(a.Amount, b.Amount),
    meta: { numeric: true },
    cell: (detail) => <Amount value={detail.Amount} />,
  },
  {
    id: "chain",
    header: "Chain",
    text: (detail) => detail.ChainName,
    sort: (a, b) => compareText(a.ChainName, b.ChainName),
    cell: (detail) => detail.ChainName,
  },
  {
    id: "wallet",
    header: "Wallet",
    text: (detail) => detail.Wallet,
    cell: (detail) =>
      detail.Wallet ? (
        <IdCell value={detail.Wallet} what={`wallet ${detail.Wallet}`} wide />
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
  {
    id: "contract",
    header: "Contract",
    text: (detail) => detail.ContractGuid,
    // An ID: from `md`, so that on a phone the wallet is in view.
    meta: { wideOnly: true },
    cell: (detail) => (
      <IdCell value={detail.ContractGuid} what={`contract GUID ${detail.ContractGuid}`} wide />
    ),
  },
];

const detailId = (detail: TokenDetail) => `${detail.ContractGuid}|${detail.Wallet}|${detail.IsAllowance}`;

export interface PlayerTokensProps {
  tokens: PlayerToken[];
}

/** A player's tokens: the total per token, checked against its details, and where each part is. */
export function PlayerTokens({ tokens }: PlayerTokensProps) {
  const params = useSearchParams();
  return (
    <ul className="flex flex-col gap-3">
      {tokens.map((token) => {
        const urlKey = token.symbol.toLowerCase();
        // Open when short, or when the URL names this table's view (a link to its second page).
        const open =
          token.details.length <= 3 || [...params.keys()].some((name) => name.startsWith(`${urlKey}.`));
        return (
          <li
            key={token.guid}
            data-testid={`token-${token.symbol}`}
            className="min-w-0 rounded-lg border border-border bg-card p-4"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {token.image ? (
                // biome-ignore lint/performance/noImgElement: token images live on any host the studio uses
                <img
                  src={token.image}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 rounded-full bg-muted"
                />
              ) : null}
              <span className="font-semibold">{token.symbol}</span>
              <span className="min-w-0 break-words text-muted-foreground">{token.name}</span>
              <span className="ml-auto font-mono text-lg tabular-nums break-all" data-testid="token-total">
                <Amount value={token.total} />
              </span>
            </div>
            {token.check.matches ? null : (
              <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                The service's total ({token.total}) differs from the sum of the details (
                {token.check.sum ?? "not a number"}).
              </p>
            )}
            <details className="mt-2" open={open}>
              <summary className="flex min-h-10 cursor-pointer items-center text-sm">
                {token.details.length} holding{token.details.length === 1 ? "" : "s"}
              </summary>
              <PagedTable
                noun="holdings"
                caption={`Where the ${token.symbol} of this player are`}
                rows={token.details}
                columns={columns}
                getRowId={detailId}
                // Each token's table keeps its own sort and page in the URL (`gold.sort`).
                urlKey={urlKey}
                filter={token.details.length > 10}
                count={token.details.length > 10}
              />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
