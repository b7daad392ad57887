import Link from "next/link";
import type { AwardRecord } from "@/lib/awards/trail";
import { AwardStatusBadge } from "./award-status-badge";

const when = (date: Date) =>
  date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");

/** Awards from the trail, newest first; token GUIDs shown by symbol where the project knows them. */
export function AwardTable({ rows, symbols }: { rows: AwardRecord[]; symbols: Map<string, string> }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Awards sent from this console</caption>
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {["Sent", "Player", "By", "Mode", "Tokens", "Status", "Request ID"].map((name) => (
              <th key={name} scope="col" className="px-3 py-2 font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400">
                No awards match.
              </td>
            </tr>
          ) : null}
          {rows.map((award) => (
            <tr
              key={award.id}
              data-testid={`award-${award.requestId}`}
              className="border-t border-zinc-200 align-top dark:border-zinc-800"
            >
              <td className="px-3 py-2 whitespace-nowrap">{when(award.createdAt)}</td>
              <td className="px-3 py-2">
                <Link
                  href={`/players/${encodeURIComponent(award.customerId)}`}
                  className="underline underline-offset-2"
                >
                  {award.customerId}
                </Link>
              </td>
              <td className="px-3 py-2">{award.actorEmail}</td>
              <td className="px-3 py-2">{award.isAllowance ? "Allowance" : "Direct"}</td>
              <td className="px-3 py-2 font-mono">
                {award.lines.map((line) => (
                  <span key={`${line.Guid}|${line.ContractGuid}`} className="block">
                    {line.Amount} {symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8)}
                  </span>
                ))}
              </td>
              <td className="px-3 py-2">
                <AwardStatusBadge status={award.status} />
              </td>
              <td className="px-3 py-2">
                <Link
                  href={`/awards/${award.requestId}`}
                  className="font-mono text-xs underline underline-offset-2"
                >
                  {award.requestId}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
