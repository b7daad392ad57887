import Link from "next/link";
import { LiveAwardStatus } from "@/components/awards/live-award-status";
import { MOVING_STATUSES } from "@/lib/awards/moving-statuses";
import type { AwardRecord, AwardSort } from "@/lib/awards/trail";

const when = (date: Date) =>
  date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");

const COLUMNS: { name: string; sort?: AwardSort["column"] }[] = [
  { name: "Sent", sort: "sent" },
  { name: "Player", sort: "player" },
  { name: "By", sort: "by" },
  { name: "Mode" },
  { name: "Tokens" },
  { name: "Reason" },
  { name: "Batch" },
  { name: "Status", sort: "status" },
  { name: "Request ID" },
];

export interface AwardTableProps {
  rows: AwardRecord[];
  symbols: Map<string, string>;
  /** The sort in force and the link that sorts by a column (the history page); none: not sortable. */
  sort?: AwardSort;
  sortHref?: (column: AwardSort["column"], descending: boolean) => string;
}

/**
 * Awards from the trail; token GUIDs shown by symbol where the project knows them. Statuses that
 * still move (queued, sending) are kept current after the first paint.
 */
export function AwardTable({ rows, symbols, sort, sortHref }: AwardTableProps) {
  const watch = rows
    .filter((award) => MOVING_STATUSES.includes(award.status))
    .map((award) => award.requestId);
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Awards sent from this console</caption>
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {COLUMNS.map(({ name, sort: column }) => {
              const active = column !== undefined && sort?.column === column;
              return (
                <th
                  key={name}
                  scope="col"
                  aria-sort={active ? (sort?.descending ? "descending" : "ascending") : undefined}
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  {column && sortHref ? (
                    <Link
                      href={sortHref(column, active ? !sort?.descending : column === "sent")}
                      className="underline-offset-2 hover:underline"
                    >
                      {name}
                      {active ? (sort?.descending ? " ↓" : " ↑") : ""}
                    </Link>
                  ) : (
                    name
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400">
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
              <td className="px-3 py-2 font-mono whitespace-nowrap">
                {award.lines.map((line) => (
                  <span key={`${line.Guid}|${line.ContractGuid}`} className="block">
                    {line.Amount} {symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8)}
                  </span>
                ))}
              </td>
              <td className="max-w-56 px-3 py-2 break-words" data-testid="award-reason">
                {award.reason}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {award.batchId ? (
                  <Link href={`/awards/bulk/${award.batchId}`} className="underline underline-offset-2">
                    Batch {award.batchId}
                    {award.batchLine ? `, line ${award.batchLine}` : ""}
                  </Link>
                ) : (
                  <span className="text-zinc-500">Single</span>
                )}
              </td>
              <td className="px-3 py-2">
                <LiveAwardStatus requestId={award.requestId} initial={award.status} watch={watch} />
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
