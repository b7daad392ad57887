import Link from "next/link";
import { age } from "@/lib/awards/wallet";
import type { WalletResponse } from "@/lib/contract/awards";

type QueuedAward = WalletResponse["Data"]["Queue"][number];

const cell = "px-3 py-2";

/**
 * Direct distributions waiting for project funds, oldest first (the order they settle in).
 * `inTrail` holds the RequestIDs (lower case) this console sent, which link to their timeline.
 */
export function WalletQueue({
  queue,
  symbols,
  inTrail,
  now,
}: {
  queue: QueuedAward[];
  symbols: Map<string, string>;
  inTrail: Set<string>;
  now: Date;
}) {
  if (queue.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No award is waiting for funds.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Awards waiting for project funds, oldest first</caption>
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {["Waiting", "Player", "Wallet", "Tokens", "Request ID"].map((name) => (
              <th key={name} scope="col" className={`${cell} font-medium`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queue.map((award) => (
            <tr
              key={award.RequestID}
              data-testid={`queued-${award.RequestID}`}
              className="border-t border-zinc-200 align-top dark:border-zinc-800"
            >
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={award.QueuedAt} title={award.QueuedAt}>
                  {age(award.QueuedAt, now)}
                </time>
              </td>
              <td className={cell}>
                <Link
                  href={`/players/${encodeURIComponent(award.CustomerID)}`}
                  className="underline underline-offset-2"
                >
                  {award.CustomerID}
                </Link>
              </td>
              <td className={`${cell} font-mono text-xs break-all`}>{award.Wallet}</td>
              <td className={`${cell} font-mono`}>
                {award.Tokens.map((line) => (
                  <span key={`${line.Guid}|${line.ContractGuid}`} className="block">
                    {line.Amount} {symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8)}
                  </span>
                ))}
              </td>
              <td className={`${cell} font-mono text-xs`}>
                {inTrail.has(award.RequestID.toLowerCase()) ? (
                  <Link href={`/awards/${award.RequestID}`} className="underline underline-offset-2">
                    {award.RequestID}
                  </Link>
                ) : (
                  award.RequestID
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
