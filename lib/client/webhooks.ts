import "server-only";
import { NumberLiteral } from "@/lib/contract/number-literal";
import type { WebhookDeliveriesQuery } from "@/lib/contract/webhooks";
import { callService, queryString, type ServiceConnection, servicePath } from "./call-service";

/** Our webhooks extension (docs/service.md, "Webhooks"): every call needs the `keys` scope. */

export interface EndpointFields {
  Url: string;
  Description: string;
  Events: string[];
  /** `Below` is exact decimal text, sent as a JSON number literal with every digit. */
  LowBalance: { TokenGuid: string; Below: string }[];
}

const keyed = (connection: ServiceConnection) => ({
  ApiKey: connection.apiKey,
  ProjectGuid: connection.projectGuid,
});
const whole = (n: number) => new NumberLiteral(String(n));
const thresholds = (lines: EndpointFields["LowBalance"]) =>
  lines.map((line) => ({ TokenGuid: line.TokenGuid, Below: new NumberLiteral(line.Below) }));

/** `GET /Webhooks/{key}/{project}`: the endpoints and their health, never a secret. */
export function listWebhooks(connection: ServiceConnection) {
  return callService(
    connection,
    servicePath("Webhooks", connection.apiKey, connection.projectGuid),
    "webhooksList",
  );
}

/** `POST /Webhooks`: a new endpoint; its `Secret` is in this answer only. */
export function createWebhook(connection: ServiceConnection, fields: EndpointFields) {
  return callService(connection, "/Webhooks", "webhookSecret", {
    method: "POST",
    body: { ...keyed(connection), ...fields, LowBalance: thresholds(fields.LowBalance) },
  });
}

/** `POST /Webhooks/Update`: what is given changes; `Enabled` disables or enables. */
export function updateWebhook(
  connection: ServiceConnection,
  endpointId: number,
  change: Partial<EndpointFields> & { Enabled?: boolean },
) {
  return callService(connection, "/Webhooks/Update", "webhook", {
    method: "POST",
    body: {
      ...keyed(connection),
      EndpointId: whole(endpointId),
      ...change,
      ...(change.LowBalance ? { LowBalance: thresholds(change.LowBalance) } : {}),
    },
  });
}

/** `POST /Webhooks/Delete`: the endpoint and its delivery log. */
export function deleteWebhook(connection: ServiceConnection, endpointId: number) {
  return callService(connection, "/Webhooks/Delete", "webhookDeleted", {
    method: "POST",
    body: { ...keyed(connection), EndpointId: whole(endpointId) },
  });
}

/** `POST /Webhooks/RollSecret`: a new secret; the old one signs too until `OldSecretWorksUntil`. */
export function rollWebhookSecret(connection: ServiceConnection, endpointId: number, graceSeconds: number) {
  return callService(connection, "/Webhooks/RollSecret", "webhookSecret", {
    method: "POST",
    body: { ...keyed(connection), EndpointId: whole(endpointId), GraceSeconds: whole(graceSeconds) },
  });
}

/** `POST /Webhooks/Test`: a webhook.test event to one endpoint. */
export function testWebhook(connection: ServiceConnection, endpointId: number) {
  return callService(connection, "/Webhooks/Test", "webhookQueued", {
    method: "POST",
    body: { ...keyed(connection), EndpointId: whole(endpointId) },
  });
}

/** `POST /Webhooks/Resend`: one event again (`EventId`), or every failed one since a time (`FailedSince`). */
export function resendWebhook(
  connection: ServiceConnection,
  endpointId: number,
  what: { EventId: string } | { FailedSince: string },
) {
  return callService(connection, "/Webhooks/Resend", "webhookQueued", {
    method: "POST",
    body: { ...keyed(connection), EndpointId: whole(endpointId), ...what },
  });
}

/** `GET /Webhooks/Deliveries/{key}/{project}`: a page of deliveries, newest first, with every attempt. */
export function listWebhookDeliveries(connection: ServiceConnection, query: WebhookDeliveriesQuery) {
  return callService(
    connection,
    `${servicePath("Webhooks", "Deliveries", connection.apiKey, connection.projectGuid)}${queryString(query)}`,
    "webhookDeliveries",
  );
}
