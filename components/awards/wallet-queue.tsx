"use client";
import { RequestIdCell } from "@/components/awards/request-id-cell";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { IdCell } from "@/components/data-table/id-cell";
import { PlayerLink } from "@/components/players/player-link";
import { Amount } from "@/components/ui/amount";
import { Age } from "@/components/ui/when";
import type { QueuedAwardView } from "@/lib/awards/wallet";

const column = columnHelper<QueuedAwardView>();

const columns = column.columns([
  // ISO 8601 UTC sorts as text in time order.
  column.accessor("queuedAt", {
    id: "waiting",
    header: "Queued",
    sortFn: "text",
    sortDescFirst: false,
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => <Age iso={row.original.queuedAt} />,
  }),
  column.accessor("customerId", {
    id: "player",
    header: "Player",
    sortFn: "text",
    meta: { cellClassName: "sm:min-w-44 max-w-64 wrap-anywhere" },
    cell: ({ row }) => <PlayerLink customerId={row.original.customerId} />,
  }),
  column.accessor("wallet", {
    header: "Wallet",
    enableSorting: false,
    // On a phone the tokens matter first: the wallet (an ID, whole on the award's page) from `md`.
    meta: { wideOnly: true },
    cell: ({ row }) => <IdCell value={row.original.wallet} what={`wallet ${row.original.wallet}`} wide />,
  }),
  column.accessor((row) => row.lines.map((line) => `${line.amount} ${line.symbol}`).join(" "), {
    id: "tokens",
    header: "Tokens",
    enableSorting: false,
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.lines.map((line) => (
        <span key={`${line.guid}|${line.contract}`} className="block">
          <Amount value={line.amount} /> {line.symbol}
        </span>
      )),
  }),
  column.accessor("requestId", {
    header: "Request ID",
    enableSorting: false,
    meta: { wideOnly: "lg" },
    cell: ({ row }) => <RequestIdCell requestId={row.original.requestId} linked={row.original.inTrail} />,
  }),
]);

/** The queue arrives oldest first: the order it settles in. */
const OLDEST_FIRST = [{ id: "waiting", desc: false }];

/**
 * Direct distributions waiting for project funds, oldest first (the order they settle in).
 * Awards this console sent link to their timeline.
 */
export function WalletQueue({ queue }: { queue: QueuedAwardView[] }) {
  return (
    <DataTable
      noun="queued awards"
      caption="Awards waiting for project funds, oldest first"
      rows={queue}
      columns={columns}
      getRowId={(award) => award.requestId}
      rowTestId={(award) => `queued-${award.requestId}`}
      rowHref={(award) => (award.inTrail ? `/awards/${award.requestId}` : undefined)}
      urlKey="queue"
      pageSize={50}
      defaultSorting={OLDEST_FIRST}
      filter={queue.length > 10}
      count={queue.length > 10}
      empty={{ title: "No award is waiting for funds." }}
    />
  );
}
