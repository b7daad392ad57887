import type { WebhookDeliveryView, WebhookEndpointView } from "@/lib/contract/webhooks";

/** What the Webhooks page shows (browser-safe types: no connection, no key, no secret). */
export interface WebhooksPageData {
  endpoints: WebhookEndpointView[];
  tokens: { guid: string; symbol: string; name: string }[];
  tokensProblem: string | null;
}

export interface DeliveryPage {
  deliveries: WebhookDeliveryView[];
  nextCursor: string;
}

/** A new or rolled endpoint secret, shown once to the owner who asked. */
export interface EndpointSecret {
  endpoint: WebhookEndpointView;
  secret: string;
  oldSecretWorksUntil: string;
}
