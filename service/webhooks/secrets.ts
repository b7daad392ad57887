import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * Webhook signing (docs/service.md, "Webhooks"), per the Standard Webhooks specification through
 * its reference library: HMAC-SHA256 over `{id}.{timestamp}.{body}` with the endpoint's secret,
 * sent as `webhook-signature: v1,<base64>`. While a rolled secret's grace period lasts, the old
 * secret signs too and both signatures are sent, space-separated, as the specification allows.
 */

/** A new signing secret: `whsec_` and 24 random bytes in base64 (the specification's form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The three headers of one signed delivery. */
export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export function signedHeaders(
  secrets: readonly string[],
  eventId: string,
  at: Date,
  body: string,
): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
