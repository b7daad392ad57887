import Link from "next/link";
import { age } from "@/lib/awards/wallet";
import type { QueuedAwardView } from "@/lib/awards/wallet-view";

const cell = "px-3 py-2";

/**
 * Direct distributions waiting for project funds, oldest first (the order they settle in).
 * Awards this console sent link to their timeline.
 */
export function WalletQueue({ queue, now }: { queue: QueuedAwardView[]; now: Date }) {
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
              key={award.requestId}
              data-testid={`queued-${award.requestId}`}
              className="border-t border-zinc-200 align-top dark:border-zinc-800"
            >
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={award.queuedAt} title={award.queuedAt}>
                  {age(award.queuedAt, now)}
                </time>
              </td>
              <td className={cell}>
                <Link
                  href={`/players/${encodeURIComponent(award.customerId)}`}
                  className="underline underline-offset-2"
                >
                  {award.customerId}
                </Link>
              </td>
              <td className={`${cell} font-mono text-xs break-all`}>{award.wallet}</td>
              <td className={`${cell} font-mono`}>
                {award.lines.map((line) => (
                  <span key={`${line.guid}|${line.contract}`} className="block">
                    {line.amount} {line.symbol}
                  </span>
                ))}
              </td>
              <td className={`${cell} font-mono text-xs`}>
                {award.inTrail ? (
                  <Link href={`/awards/${award.requestId}`} className="underline underline-offset-2">
                    {award.requestId}
                  </Link>
                ) : (
                  award.requestId
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
