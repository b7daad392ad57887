import "server-only";
import { recordAudit } from "@/lib/audit/audit-log";
import {
  createWebhook,
  deleteWebhook,
  type EndpointFields,
  listWebhooks,
  resendWebhook,
  rollWebhookSecret,
  testWebhook,
  updateWebhook,
} from "@/lib/client/webhooks";
import type { WebhookEndpointView } from "@/lib/contract/webhooks";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { refusedByService } from "@/lib/project/service-refusal";
import type { KeyActContext, KeyProject } from "@/lib/service-keys/service-keys";
import { type EndpointForm, REPLAY_WINDOWS } from "./webhook-rules";
import type { EndpointSecret } from "./webhook-view";

/**
 * Managing the project's webhook endpoints at its service (docs/console.md, "Webhooks"): each act
 * is one call of the webhooks extension and one audit row, never with a secret. A new or rolled
 * secret is answered once, to the owner who asked; the console keeps none.
 */

/** A refusal meant for the owner (the actions pass its message on). */
export class WebhookError extends UserFacingError {}

function refused(error: unknown, nothing: string): never {
  return refusedByService(error, nothing, WebhookError);
}

const fields = (form: EndpointForm): EndpointFields => ({
  Url: form.url.trim(),
  Description: form.description.trim(),
  Events: [...new Set(form.events)],
  LowBalance: form.lowBalance.map((line) => ({ TokenGuid: line.token.trim(), Below: line.below.trim() })),
});

/** The endpoint's non-secret description for the audit log. */
const described = (endpoint: WebhookEndpointView) => ({
  endpointId: endpoint.Id,
  url: endpoint.Url,
  description: endpoint.Description,
  events: endpoint.Events,
  lowBalance: endpoint.LowBalance.map((line) => ({
    tokenGuid: line.TokenGuid,
    symbol: line.TokenSymbol,
    below: line.Below,
  })),
  state: endpoint.State,
});

/** The endpoint of the list with this Id, or a refusal that says the list has moved on. */
async function listedEndpoint(project: KeyProject, endpointId: number): Promise<WebhookEndpointView> {
  let endpoints: WebhookEndpointView[];
  try {
    endpoints = (await listWebhooks(project.connection)).Data.Endpoints;
  } catch (error) {
    refused(error, "Nothing was changed.");
  }
  const endpoint = endpoints.find((e) => e.Id === endpointId);
  if (!endpoint)
    throw new WebhookError(
      `Endpoint ${endpointId} is not one of this project's endpoints: reload the page. Nothing was changed.`,
    );
  return endpoint;
}

const audit = (
  context: KeyActContext,
  project: KeyProject,
  kind: Parameters<typeof recordAudit>[2]["kind"],
  summary: string,
  detail: Record<string, unknown>,
) => recordAudit(context.db, context.actor, { kind, project: project.name, summary, detail });

export async function createEndpoint(
  context: KeyActContext,
  project: KeyProject,
  form: EndpointForm,
): Promise<EndpointSecret> {
  let answer: Awaited<ReturnType<typeof createWebhook>>;
  try {
    answer = await createWebhook(project.connection, fields(form));
  } catch (error) {
    refused(error, "No endpoint was added.");
  }
  const { Endpoint: endpoint, Secret: secret } = answer.Data;
  await audit(
    context,
    project,
    "webhook.created",
    `Added the webhook endpoint ${endpoint.Url}`,
    described(endpoint),
  );
  return { endpoint, secret, oldSecretWorksUntil: "" };
}

export async function changeEndpoint(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
  form: EndpointForm,
): Promise<WebhookEndpointView> {
  const before = await listedEndpoint(project, endpointId);
  let answer: Awaited<ReturnType<typeof updateWebhook>>;
  try {
    answer = await updateWebhook(project.connection, endpointId, fields(form));
  } catch (error) {
    refused(error, "The endpoint was not changed.");
  }
  const endpoint = answer.Data.Endpoint;
  await audit(context, project, "webhook.changed", `Changed the webhook endpoint ${endpoint.Url}`, {
    ...described(endpoint),
    before: described(before),
  });
  return endpoint;
}

export async function setEndpointEnabled(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
  enabled: boolean,
): Promise<WebhookEndpointView> {
  await listedEndpoint(project, endpointId);
  let answer: Awaited<ReturnType<typeof updateWebhook>>;
  try {
    answer = await updateWebhook(project.connection, endpointId, { Enabled: enabled });
  } catch (error) {
    refused(error, enabled ? "The endpoint was not enabled." : "The endpoint was not disabled.");
  }
  const endpoint = answer.Data.Endpoint;
  await audit(
    context,
    project,
    enabled ? "webhook.enabled" : "webhook.disabled",
    `${enabled ? "Enabled" : "Disabled"} the webhook endpoint ${endpoint.Url}`,
    described(endpoint),
  );
  return endpoint;
}

export async function removeEndpoint(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
): Promise<void> {
  const endpoint = await listedEndpoint(project, endpointId);
  try {
    await deleteWebhook(project.connection, endpointId);
  } catch (error) {
    refused(error, "The endpoint was not deleted.");
  }
  await audit(
    context,
    project,
    "webhook.deleted",
    `Deleted the webhook endpoint ${endpoint.Url}`,
    described(endpoint),
  );
}

export async function rollEndpointSecret(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
  graceSeconds: number,
): Promise<EndpointSecret> {
  await listedEndpoint(project, endpointId);
  let answer: Awaited<ReturnType<typeof rollWebhookSecret>>;
  try {
    answer = await rollWebhookSecret(project.connection, endpointId, graceSeconds);
  } catch (error) {
    refused(error, "The secret was not rolled.");
  }
  const { Endpoint: endpoint, Secret: secret, OldSecretWorksUntil: until } = answer.Data;
  await audit(
    context,
    project,
    "webhook.secret-rolled",
    `Rolled the signing secret of ${endpoint.Url}${until ? `: the old one signs too until ${until}` : ": the old one stopped at once"}`,
    { ...described(endpoint), graceSeconds, oldSecretWorksUntil: until },
  );
  return { endpoint, secret, oldSecretWorksUntil: until };
}

export async function sendTestEvent(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
): Promise<string> {
  const endpoint = await listedEndpoint(project, endpointId);
  let answer: Awaited<ReturnType<typeof testWebhook>>;
  try {
    answer = await testWebhook(project.connection, endpointId);
  } catch (error) {
    refused(error, "No test event was sent.");
  }
  const [eventId = ""] = answer.Data.EventIds;
  await audit(context, project, "webhook.tested", `Sent a test event to ${endpoint.Url}`, {
    endpointId,
    url: endpoint.Url,
    eventId,
  });
  return eventId;
}

export async function resendEvent(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
  eventId: string,
): Promise<number> {
  const endpoint = await listedEndpoint(project, endpointId);
  try {
    await resendWebhook(project.connection, endpointId, { EventId: eventId });
  } catch (error) {
    refused(error, "Nothing was sent again.");
  }
  await audit(context, project, "webhook.resent", `Sent the event ${eventId} to ${endpoint.Url} again`, {
    endpointId,
    url: endpoint.Url,
    eventIds: [eventId],
  });
  return 1;
}

/** Every failed delivery to the endpoint of the window's events, sent again; how many. */
export async function replayFailed(
  context: KeyActContext,
  project: KeyProject,
  endpointId: number,
  window: string,
  now: Date,
): Promise<number> {
  const endpoint = await listedEndpoint(project, endpointId);
  const span = REPLAY_WINDOWS.find((w) => w.value === window) ?? REPLAY_WINDOWS[1];
  const since = `${new Date(now.getTime() - span.ms).toISOString().slice(0, 19)}Z`;
  let answer: Awaited<ReturnType<typeof resendWebhook>>;
  try {
    answer = await resendWebhook(project.connection, endpointId, { FailedSince: since });
  } catch (error) {
    refused(error, "Nothing was sent again.");
  }
  const ids = answer.Data.EventIds;
  await audit(
    context,
    project,
    "webhook.resent",
    `Sent again the ${ids.length} failed ${ids.length === 1 ? "delivery" : "deliveries"} of ${span.label} to ${endpoint.Url}`,
    { endpointId, url: endpoint.Url, since, eventIds: ids },
  );
  return ids.length;
}
