"use client";
import { createContext, useContext } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { When } from "@/components/ui/when";
import type { WebhookDeliveryView } from "@/lib/contract/webhooks";

/** Opens a delivery's details (the panel owns the dialog). */
export const OpenDelivery = createContext<(delivery: WebhookDeliveryView) => void>(() => undefined);

const STATE = {
  pending: { tone: "info", label: "Waiting" },
  delivered: { tone: "success", label: "Delivered" },
  failed: { tone: "danger", label: "Failed" },
} as const;

export function DeliveryStateBadge({ state }: { state: string }) {
  const shown = STATE[state as keyof typeof STATE] ?? { tone: "neutral" as const, label: state };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

/** "HTTP 500 · 12 ms", "connection refused", or nothing yet. */
export function lastAttemptWords(delivery: WebhookDeliveryView): string {
  const last = delivery.Attempts.at(-1);
  if (!last) return "not tried yet";
  return `${last.StatusCode ? `HTTP ${last.StatusCode}` : last.Error} · ${last.LatencyMs} ms`;
}

function DetailsButton({ delivery }: { delivery: WebhookDeliveryView }) {
  const open = useContext(OpenDelivery);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      aria-label={`Details of ${delivery.Type} ${delivery.EventId}`}
      onClick={() => open(delivery)}
    >
      Details
    </Button>
  );
}

const column = columnHelper<WebhookDeliveryView>();

export function deliveryColumns(urlOf: (endpointId: number) => string) {
  return column.columns([
    column.accessor("OccurredAt", {
      header: "Event at",
      sortDescFirst: true,
      meta: { cellClassName: "whitespace-nowrap", wideOnly: true },
      cell: ({ row }) => <When iso={row.original.OccurredAt} seconds />,
    }),
    column.accessor("Type", {
      header: "Event",
      sortFn: "text",
      meta: { cellClassName: "min-w-40 max-w-64 wrap-anywhere" },
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <code className="font-mono text-xs">{row.original.Type}</code>
          {/* On a phone, what the columns left out there say. */}
          <span className="flex flex-wrap items-center gap-2 md:hidden">
            <DeliveryStateBadge state={row.original.State} />
            <span className="text-muted-foreground">
              <When iso={row.original.OccurredAt} seconds />
            </span>
          </span>
        </span>
      ),
    }),
    column.accessor((row) => urlOf(row.EndpointId), {
      id: "endpoint",
      header: "Endpoint",
      sortFn: "text",
      meta: { cellClassName: "min-w-40 max-w-64 wrap-anywhere font-mono text-xs", wideOnly: true },
      cell: ({ getValue }) => getValue(),
    }),
    column.accessor("State", {
      header: "State",
      meta: { wideOnly: true },
      cell: ({ row }) => <DeliveryStateBadge state={row.original.State} />,
    }),
    column.accessor("AttemptCount", {
      header: "Attempts",
      meta: { numeric: true, wideOnly: true },
      cell: ({ row }) => row.original.AttemptCount,
    }),
    column.accessor((row) => lastAttemptWords(row), {
      id: "last",
      header: "Last attempt",
      enableSorting: false,
      meta: { cellClassName: "min-w-36 max-w-64", wideOnly: true },
      cell: ({ getValue }) => <span className="line-clamp-2 break-words">{getValue()}</span>,
    }),
    column.accessor("NextAttemptAt", {
      header: "Next try",
      enableSorting: false,
      meta: { cellClassName: "whitespace-nowrap", wideOnly: "2xl" },
      cell: ({ row }) =>
        row.original.NextAttemptAt ? (
          <When iso={row.original.NextAttemptAt} seconds />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    }),
    column.display({
      id: "details",
      header: "Details",
      cell: ({ row }) => <DetailsButton delivery={row.original} />,
    }),
  ]);
}

export interface WebhookDeliveriesTableProps {
  deliveries: WebhookDeliveryView[];
  urlOf: (endpointId: number) => string;
  filtered: boolean;
}

/** One page of the delivery log on the console's one table (newest first, as the service pages it). */
export function WebhookDeliveriesTable({ deliveries, urlOf, filtered }: WebhookDeliveriesTableProps) {
  return (
    <DataTable
      noun="deliveries"
      one="delivery"
      caption="Each event to each endpoint, newest first"
      urlKey="deliveries"
      rows={deliveries}
      columns={deliveryColumns(urlOf)}
      getRowId={(row) => row.Id}
      rowTestId={(row) => `delivery-${row.Id}`}
      filter={false}
      count={false}
      pageSize={100}
      empty={{
        title: filtered ? "No delivery matches these filters" : "Nothing sent yet",
        description: filtered
          ? "Clear a filter to see the others."
          : "Once an endpoint is added, every event of the project is delivered to it and listed here.",
      }}
    />
  );
}
