import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from "@/lib/contract/webhook-event-types";

/**
 * The delivery log's filters as the Webhooks page's URL holds them (browser-safe): an endpoint, a
 * state, an event type and the page's cursor. Anything else in the URL is dropped, never sent.
 */
export interface DeliveryFilters {
  EndpointId: string;
  State: string;
  Type: string;
  Cursor: string;
}

export const NO_DELIVERY_FILTERS: DeliveryFilters = { EndpointId: "", State: "", Type: "", Cursor: "" };

const TYPES: readonly string[] = [...WEBHOOK_EVENT_TYPES, "webhook.test"];
const STATES: readonly string[] = WEBHOOK_DELIVERY_STATES;

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function one(params: Params, name: string): string {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export function readDeliveryFilters(params: Params): DeliveryFilters {
  const endpoint = one(params, "EndpointId");
  const state = one(params, "State");
  const type = one(params, "Type");
  const cursor = one(params, "Cursor");
  return {
    EndpointId: /^\d{1,9}$/.test(endpoint) ? endpoint : "",
    State: STATES.includes(state) ? state : "",
    Type: TYPES.includes(type) ? type : "",
    Cursor: /^\d{1,18}$/.test(cursor) ? cursor : "",
  };
}

/** `?EndpointId=…&State=…`: the filters that are set. */
export function deliveryQueryString(filters: DeliveryFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== "") params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function deliveriesHref(filters: DeliveryFilters, change: Partial<DeliveryFilters> = {}): string {
  return `/developers/webhooks${deliveryQueryString({ ...filters, ...change })}#deliveries`;
}
