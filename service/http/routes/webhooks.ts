import {
  CreateWebhookRequest,
  ResendWebhookRequest,
  RollWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookDeliveriesQuery,
  WebhookEndpointRequest,
  webhooks as webhookSchemas,
} from "@/lib/contract/webhooks";
import type { AuthorizedProject } from "../../domain/keys";
import { ServiceError } from "../../domain/service-error";
import { wireDate } from "../../domain/sql-rows";
import {
  isProjectEndpoint,
  listDeliveries,
  resendEvent,
  resendFailed,
  writeTestEvent,
} from "../../webhooks/deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointRow,
  listEndpoints,
  rollEndpointSecret,
  updateEndpoint,
} from "../../webhooks/endpoints";
import { answerOtherMethods, getRoute, type ServiceApp, scopedPostOptions } from "../define-route";
import { ok } from "../envelope";
import { projectOf } from "../guard";
import { projectParams } from "./params";

const schemas = webhookSchemas.emit;

/** An endpoint as the extension shows it: never its secret. */
const view = (endpoint: EndpointRow) => ({
  Id: endpoint.id,
  Url: endpoint.url,
  Description: endpoint.description,
  Events: endpoint.events,
  LowBalance: endpoint.lowBalance.map((line) => ({
    TokenGuid: line.tokenGuid,
    TokenSymbol: line.tokenSymbol,
    Below: line.below,
  })),
  State: endpoint.state,
  DisabledReason: endpoint.disabledReason,
  FailingSince: wireDate(endpoint.failingSince),
  CreatedAt: wireDate(endpoint.createdAt),
  PreviousSecretUntil: wireDate(endpoint.previousSecretUntil),
  Health: {
    Attempts24h: endpoint.health.attempts24h,
    Succeeded24h: endpoint.health.succeeded24h,
    Pending: endpoint.health.pending,
    LastSuccessAt: wireDate(endpoint.health.lastSuccessAt),
    LastFailureAt: wireDate(endpoint.health.lastFailureAt),
    LastFailure: endpoint.health.lastFailure,
  },
});

const noSuchEndpoint = (id: number) =>
  new ServiceError("NOT_FOUND", 404, `EndpointId ${id} is not a webhook endpoint of this project.`);

const thresholds = (lines: { TokenGuid: string; Below: string }[]) =>
  lines.map((line) => ({ tokenGuid: line.TokenGuid, below: line.Below }));

/**
 * Our webhooks extension (docs/service.md, "Webhooks"): every endpoint needs the `keys` scope —
 * an endpoint receives the project's events, so making one is as strong as reading them all.
 */
export function webhookRoutes(app: ServiceApp): void {
  const shown = async (project: AuthorizedProject, id: number) => {
    const [endpoint] = await listEndpoints(app.db, project.id, id);
    if (!endpoint) throw noSuchEndpoint(id);
    return view(endpoint);
  };

  const post = (summary: string, body: unknown, response: unknown) =>
    scopedPostOptions("keys", summary, body, response);

  // GET /Webhooks/{key}/{project}
  getRoute(app, {
    url: "/Webhooks/:YourAPIKEY/:ProjectGuid",
    summary: "Extension: the project's webhook endpoints and their health (never their secrets)",
    params: projectParams,
    response: schemas.WebhooksResponse,
    emptyLists: { Data: { Endpoints: [] } },
    scope: "keys",
    handler: async ({ project }) =>
      ok({ Data: { Endpoints: (await listEndpoints(app.db, project.id)).map(view) } }),
  });

  // GET /Webhooks/Deliveries/{key}/{project}
  getRoute(app, {
    url: "/Webhooks/Deliveries/:YourAPIKEY/:ProjectGuid",
    summary: "Extension: the project's webhook deliveries, newest first, each with every attempt",
    params: projectParams,
    querystring: WebhookDeliveriesQuery,
    response: schemas.WebhookDeliveriesResponse,
    emptyLists: { Data: { Deliveries: [], NextCursor: "" } },
    scope: "keys",
    handler: async ({ query, project }) => ok({ Data: await listDeliveries(app.db, project.id, query) }),
  });

  // POST /Webhooks: a new endpoint, its secret answered once.
  app.post(
    "/Webhooks",
    post(
      "Extension: add a webhook endpoint (its signing secret is answered once)",
      CreateWebhookRequest,
      schemas.WebhookSecretResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as CreateWebhookRequest;
      const made = await createEndpoint(app.db, project.id, {
        url: body.Url,
        description: body.Description,
        events: body.Events,
        lowBalance: thresholds(body.LowBalance),
      });
      return ok({
        Data: { Endpoint: await shown(project, made.id), Secret: made.secret, OldSecretWorksUntil: "" },
      });
    },
  );
  answerOtherMethods(app, "/Webhooks", "POST");

  // POST /Webhooks/Update: what is given changes; Enabled false disables.
  app.post(
    "/Webhooks/Update",
    post(
      "Extension: change a webhook endpoint, or disable or enable it",
      UpdateWebhookRequest,
      schemas.WebhookResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as UpdateWebhookRequest;
      const changed = await updateEndpoint(app.db, project.id, body.EndpointId, {
        url: body.Url,
        description: body.Description,
        events: body.Events,
        lowBalance: body.LowBalance === undefined ? undefined : thresholds(body.LowBalance),
        enabled: body.Enabled,
      });
      if (!changed) throw noSuchEndpoint(body.EndpointId);
      return ok({ Data: { Endpoint: await shown(project, body.EndpointId) } });
    },
  );
  answerOtherMethods(app, "/Webhooks/Update", "POST");

  // POST /Webhooks/Delete
  app.post(
    "/Webhooks/Delete",
    post(
      "Extension: delete a webhook endpoint with its delivery log",
      WebhookEndpointRequest,
      schemas.WebhookDeletedResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as WebhookEndpointRequest;
      if (!(await deleteEndpoint(app.db, project.id, body.EndpointId))) throw noSuchEndpoint(body.EndpointId);
      return ok({ Data: { EndpointId: body.EndpointId } });
    },
  );
  answerOtherMethods(app, "/Webhooks/Delete", "POST");

  // POST /Webhooks/RollSecret: a new secret; the old one signs too during the grace period.
  app.post(
    "/Webhooks/RollSecret",
    post(
      "Extension: a new signing secret for an endpoint; both sign until the grace period ends",
      RollWebhookSecretRequest,
      schemas.WebhookSecretResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as RollWebhookSecretRequest;
      const rolled = await rollEndpointSecret(app.db, project.id, body.EndpointId, body.GraceSeconds * 1000);
      if (!rolled) throw noSuchEndpoint(body.EndpointId);
      return ok({
        Data: {
          Endpoint: await shown(project, body.EndpointId),
          Secret: rolled.secret,
          OldSecretWorksUntil: wireDate(rolled.oldSecretWorksUntil),
        },
      });
    },
  );
  answerOtherMethods(app, "/Webhooks/RollSecret", "POST");

  // POST /Webhooks/Resend: one event again, or every failed one since a time.
  app.post(
    "/Webhooks/Resend",
    post(
      "Extension: send one event to an endpoint again, or every delivery to it that failed since a time",
      ResendWebhookRequest,
      schemas.WebhookQueuedResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as ResendWebhookRequest;
      if (!(await isProjectEndpoint(app.db, project.id, body.EndpointId)))
        throw noSuchEndpoint(body.EndpointId);
      let eventIds: string[];
      if (body.EventId !== undefined) {
        const one = await resendEvent(app.db, project.id, body.EndpointId, body.EventId);
        if (!one)
          throw new ServiceError(
            "NOT_FOUND",
            404,
            `EventId ${body.EventId} is not an event of this project.`,
          );
        eventIds = one;
      } else eventIds = await resendFailed(app.db, project.id, body.EndpointId, body.FailedSince ?? "");
      return ok({ Data: { Queued: eventIds.length, EventIds: eventIds } });
    },
  );
  answerOtherMethods(app, "/Webhooks/Resend", "POST");

  // POST /Webhooks/Test: a webhook.test event to one endpoint.
  app.post(
    "/Webhooks/Test",
    post(
      "Extension: send a webhook.test event to one endpoint now",
      WebhookEndpointRequest,
      schemas.WebhookQueuedResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as WebhookEndpointRequest;
      const eventId = await writeTestEvent(app.db, project.id, body.EndpointId);
      if (!eventId) throw noSuchEndpoint(body.EndpointId);
      return ok({ Data: { Queued: 1, EventIds: [eventId] } });
    },
  );
  answerOtherMethods(app, "/Webhooks/Test", "POST");
}
