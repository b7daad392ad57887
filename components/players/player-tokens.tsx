import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { PlayerToken } from "@/lib/players/holdings";

/** A player's tokens: the total per token, checked against its details, and where each part is. */
export function PlayerTokens({ tokens }: { tokens: PlayerToken[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {tokens.map((token) => (
        <li
          key={token.guid}
          data-testid={`token-${token.symbol}`}
          className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-center gap-3">
            {token.image ? (
              // biome-ignore lint/performance/noImgElement: token images live on any host the studio uses
              <img
                src={token.image}
                alt=""
                width={32}
                height={32}
                className="size-8 rounded-full bg-zinc-100"
              />
            ) : null}
            <span className="font-semibold">{token.symbol}</span>
            <span className="text-zinc-600 dark:text-zinc-400">{token.name}</span>
            <span className="ml-auto font-mono text-lg tabular-nums" data-testid="token-total">
              {token.total}
            </span>
          </div>
          {token.check.matches ? null : (
            <p role="alert" className="mt-2 text-sm font-medium text-rose-800 dark:text-rose-300">
              The service's total ({token.total}) differs from the sum of the details (
              {token.check.sum ?? "not a number"}).
            </p>
          )}
          <details className="mt-2" open={token.details.length <= 3}>
            <summary className="cursor-pointer text-sm">
              {token.details.length} holding{token.details.length === 1 ? "" : "s"}
            </summary>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Where the {token.symbol} of this player are</caption>
              <thead className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Kind
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Chain
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Wallet
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Contract
                  </th>
                </tr>
              </thead>
              <tbody>
                {token.details.map((detail) => (
                  <tr
                    key={`${detail.ContractGuid}|${detail.Wallet}|${detail.IsAllowance}`}
                    className="border-t border-zinc-200 dark:border-zinc-800"
                  >
                    <td className="py-1 pr-3">
                      {detail.IsAllowance ? (
                        <Badge tone="info">Allowance</Badge>
                      ) : (
                        <Badge tone="good">Distributed</Badge>
                      )}
                    </td>
                    <td className="py-1 pr-3 font-mono tabular-nums">{detail.Amount}</td>
                    <td className="py-1 pr-3">{detail.ChainName}</td>
                    <td className="py-1 pr-3">
                      {detail.Wallet ? (
                        <span className="flex items-center gap-2">
                          <code className="font-mono text-xs break-all">{detail.Wallet}</code>
                          <CopyButton value={detail.Wallet} what={`wallet ${detail.Wallet}`} />
                        </span>
                      ) : (
                        <span className="text-zinc-600 dark:text-zinc-400">—</span>
                      )}
                    </td>
                    <td className="py-1 pr-3">
                      <code className="font-mono text-xs whitespace-nowrap">{detail.ContractGuid}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </li>
      ))}
    </ul>
  );
}
