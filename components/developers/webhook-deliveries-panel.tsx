"use client";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from "@/lib/contract/webhook-event-types";
import type { WebhookDeliveryView, WebhookEndpointView } from "@/lib/contract/webhooks";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import {
  type DeliveryFilters,
  deliveriesHref,
  deliveryQueryString,
  NO_DELIVERY_FILTERS,
} from "@/lib/webhooks/delivery-filters";
import type { DeliveryPage } from "@/lib/webhooks/webhook-view";
import { OpenDelivery, WebhookDeliveriesTable } from "./webhook-deliveries-table";

const WebhookDeliveryDialog = lazy(() =>
  import("./webhook-delivery-dialog").then((m) => ({ default: m.WebhookDeliveryDialog })),
);

/** How often the newest page is read again while the page is open (never while the tab is hidden). */
const REFRESH_MS = 5_000;

export interface WebhookDeliveriesPanelProps {
  initial: DeliveryPage;
  filters: DeliveryFilters;
  endpoints: WebhookEndpointView[];
}

/**
 * The delivery log: filters in the URL (a plain GET form), the newest page kept live — retries and
 * replays show as they happen — and one delivery's body and attempts in a dialog, with Send again.
 */
export function WebhookDeliveriesPanel({ initial, filters, endpoints }: WebhookDeliveriesPanelProps) {
  const newest = filters.Cursor === "";
  const query = deliveryQueryString(filters);
  const { data, error } = useQuery({
    queryKey: queryKeys.webhookDeliveries(query),
    queryFn: ({ signal }) => getJson<ExtensionRead<DeliveryPage>>(`/api/webhooks/deliveries${query}`, signal),
    initialData: { state: "ok" as const, data: initial },
    enabled: newest,
    refetchInterval: newest ? REFRESH_MS : false,
  });
  const page = data.state === "ok" ? data.data : initial;
  const [open, setOpen] = useState<WebhookDeliveryView | null>(null);
  const urls = new Map(endpoints.map((endpoint) => [endpoint.Id, endpoint.Url]));
  const urlOf = (id: number) => urls.get(id) ?? `endpoint ${id}`;
  const filtered = filters.EndpointId !== "" || filters.State !== "" || filters.Type !== "";
  return (
    <section id="deliveries" aria-labelledby="deliveries-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          {newest ? "Latest deliveries" : "Older deliveries"}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="delivery-count">
          {page.deliveries.length} shown, newest first{newest ? " · refreshed every 5 seconds" : ""}
        </p>
      </div>
      <form
        method="get"
        action="/developers/webhooks#deliveries"
        aria-label="Filter the deliveries"
        className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start"
      >
        <Field label="Endpoint" id="filter-EndpointId" className="col-span-2 sm:w-72">
          <Select name="EndpointId" defaultValue={filters.EndpointId}>
            <option value="">Any</option>
            {endpoints.map((endpoint) => (
              <option key={endpoint.Id} value={String(endpoint.Id)}>
                {endpoint.Url}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="State" id="filter-State" className="sm:w-40">
          <Select name="State" defaultValue={filters.State}>
            <option value="">Any</option>
            {WEBHOOK_DELIVERY_STATES.map((state) => (
              <option key={state} value={state}>
                {state === "pending" ? "Waiting" : state === "delivered" ? "Delivered" : "Failed"}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Event" id="filter-Type" className="sm:w-48">
          <Select name="Type" defaultValue={filters.Type}>
            <option value="">Any</option>
            {[...WEBHOOK_EVENT_TYPES, "webhook.test"].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </Field>
        <div className="col-span-2 flex gap-2 sm:mt-7">
          <Button type="submit" variant="outline">
            Filter
          </Button>
          <Button asChild variant="ghost">
            <Link href={deliveriesHref(NO_DELIVERY_FILTERS)}>Clear</Link>
          </Button>
        </div>
      </form>
      {error ? (
        <p className="text-sm text-warning" data-testid="deliveries-stale">
          Showing the deliveries as last read: {error.message}
        </p>
      ) : null}
      <OpenDelivery value={setOpen}>
        <WebhookDeliveriesTable deliveries={page.deliveries} urlOf={urlOf} filtered={filtered} />
      </OpenDelivery>
      <nav aria-label="Delivery log pages" className="flex flex-wrap gap-2">
        {newest ? null : (
          <Button asChild variant="outline" size="sm">
            <Link href={deliveriesHref(filters, { Cursor: "" })}>Newest</Link>
          </Button>
        )}
        {page.nextCursor ? (
          <Button asChild variant="outline" size="sm">
            <Link href={deliveriesHref(filters, { Cursor: page.nextCursor })}>Older</Link>
          </Button>
        ) : null}
      </nav>
      {open ? (
        <Suspense fallback={null}>
          <WebhookDeliveryDialog
            // The newest read of it, so that retries show while it is open.
            delivery={page.deliveries.find((d) => d.Id === open.Id) ?? open}
            url={urlOf(open.EndpointId)}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
