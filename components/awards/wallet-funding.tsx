import { Badge } from "@/components/ui/badge";
import type { ContractFunding } from "@/lib/awards/wallet";

const cell = "px-3 py-2";

/** The project wallet per token contract: balance, what the queue waits for, and the gap. */
export function WalletFunding({ contracts }: { contracts: ContractFunding[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Project wallet balances and funding gaps per contract</caption>
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {["Token", "Chain", "Balance", "Queued", "Awards waiting", "Funding gap"].map((name) => (
              <th key={name} scope="col" className={`${cell} font-medium`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {contracts.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400">
                The project has no token contracts.
              </td>
            </tr>
          ) : null}
          {contracts.map((c) => (
            <tr
              key={c.contractGuid}
              data-testid={`wallet-${c.symbol}-${c.chain}`}
              className="border-t border-zinc-200 dark:border-zinc-800"
            >
              <td className={cell}>
                <span className="font-semibold">{c.symbol}</span>
                <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">
                  {c.contractGuid}
                </span>
              </td>
              <td className={cell}>{c.chain}</td>
              <td className={`${cell} font-mono tabular-nums`} data-testid="wallet-balance">
                {c.balance}
              </td>
              <td className={`${cell} font-mono tabular-nums`}>{c.queued}</td>
              <td className={`${cell} tabular-nums`}>{c.waiting}</td>
              <td className={cell} data-testid="wallet-gap">
                {c.gap === "0" ? (
                  <Badge tone="good">Covered</Badge>
                ) : (
                  <span>
                    <Badge tone="warn">Short</Badge>{" "}
                    <span className="font-mono tabular-nums">
                      top up {c.gap} {c.symbol}
                    </span>{" "}
                    to clear the queue
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
