/**
 * The events our webhooks extension sends (docs/service.md, "Webhooks"), zod-free so that a
 * browser component may list them. `webhook.test` is sent only on demand, to one endpoint.
 */
export const WEBHOOK_EVENT_TYPES = [
  "award.completed",
  "award.queued",
  "award.settled",
  "award.reversed",
  "wallet.funded",
  "wallet.low",
  "key.rolled",
  "key.revoked",
  "key.expiring",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "webhook.test";

/** What a delivery's state means: waiting (or being sent), delivered, given up after 3 days. */
export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStateName = (typeof WEBHOOK_DELIVERY_STATES)[number];
