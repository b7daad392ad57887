import { z } from "zod";
import { envelopeShape } from "./envelope";
import {
  amountLiteral,
  dateText,
  decimalText,
  idCursorQuery,
  pageLimitQuery,
  storedText,
  utcTimeText,
  uuid,
  wholeNumber,
} from "./fields";
import { typeRule } from "./issues";
import { type Strictness, strictnessTools } from "./strictness";
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from "./webhook-event-types";

/**
 * Our webhooks extension (docs/service.md, "Webhooks"): endpoints a project's events are sent to,
 * signed per the Standard Webhooks specification, managed with a key that has the `keys` scope.
 * An endpoint's signing secret is answered once, when it is made or rolled, and never listed.
 */

export { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES };

/** Endpoints per project at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Deliveries per page at most, and by default. */
export const WEBHOOK_DELIVERY_PAGE_MAX = 100;
export const WEBHOOK_DELIVERY_PAGE_DEFAULT = 25;

const endpointId = wholeNumber(1, 2_147_483_647, "an endpoint's Id from the list");

/** Where events go: an absolute http(s) URL without credentials (the address rules apply when sending). */
const endpointUrl = z
  .string(typeRule("must be a string"))
  .trim()
  .max(2000, { error: "must be at most 2000 characters" })
  .check((ctx) => {
    let url: URL;
    try {
      url = new URL(ctx.value);
    } catch {
      ctx.issues.push({ code: "custom", message: "must be an absolute URL (https://…)", input: ctx.value });
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      ctx.issues.push({ code: "custom", message: "must be an http or https URL", input: ctx.value });
    else if (url.username || url.password)
      ctx.issues.push({
        code: "custom",
        message: "must not hold a user name or password: the signature tells the receiver who sent it",
        input: ctx.value,
      });
    else if (url.hash)
      ctx.issues.push({ code: "custom", message: "must not have a #fragment", input: ctx.value });
  })
  .meta({ description: "An absolute http(s) URL; https is strongly advised" });

const eventTypes = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, { error: `must each be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }),
    typeRule("must be an array of event types"),
  )
  .transform((types) => [...new Set(types)])
  .meta({ description: "The event types it takes; [] (the default): every one" });

/** wallet.low for one token: each of its contracts' project wallet falling below `Below`. */
const LowBalanceInput = z.object({ TokenGuid: uuid, Below: amountLiteral });
const lowBalance = z
  .array(LowBalanceInput, typeRule("must be an array of thresholds ({ TokenGuid, Below })"))
  .max(100, { error: "must have at most 100 thresholds" })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((line, index) => {
      const token = line.TokenGuid.toLowerCase();
      if (seen.has(token))
        ctx.issues.push({
          code: "custom",
          path: [index, "TokenGuid"],
          message: "repeats the token of an earlier threshold: give each token one",
          input: line,
        });
      seen.add(token);
    });
  })
  .meta({ description: "wallet.low thresholds: one per token, checked on each of its contracts" });

const description = storedText("must be text").trim().max(500, { error: "must be at most 500 characters" });

const keyed = { ApiKey: z.string(), ProjectGuid: uuid };

/** `POST /Webhooks`: a new endpoint; its signing secret is in the answer once. */
export const CreateWebhookRequest = z.object({
  ...keyed,
  Url: endpointUrl,
  Description: description.default(""),
  Events: eventTypes.default([]),
  LowBalance: lowBalance.default([]),
});
export type CreateWebhookRequest = z.output<typeof CreateWebhookRequest>;

/** `POST /Webhooks/Update`: each field left out stays as it is; `Enabled: false` disables it. */
export const UpdateWebhookRequest = z.object({
  ...keyed,
  EndpointId: endpointId,
  Url: endpointUrl.optional(),
  Description: description.optional(),
  Events: eventTypes.optional(),
  LowBalance: lowBalance.optional(),
  Enabled: z
    .boolean(typeRule("must be true or false"))
    .optional()
    .meta({ description: "false: disable it (nothing more is sent); true: enable it again" }),
});
export type UpdateWebhookRequest = z.output<typeof UpdateWebhookRequest>;

/** `POST /Webhooks/Delete` and `POST /Webhooks/Test`: one endpoint. */
export const WebhookEndpointRequest = z.object({ ...keyed, EndpointId: endpointId });
export type WebhookEndpointRequest = z.output<typeof WebhookEndpointRequest>;

/** `POST /Webhooks/RollSecret`: a new secret; the old one signs too until the grace period ends. */
export const RollWebhookSecretRequest = z.object({
  ...keyed,
  EndpointId: endpointId,
  GraceSeconds: wholeNumber(0, 7 * 24 * 3600, "a whole number of seconds from 0 to 604800 (7 days)").default(
    24 * 3600,
  ),
});
export type RollWebhookSecretRequest = z.output<typeof RollWebhookSecretRequest>;

/** `POST /Webhooks/Resend`: one event again, or every failed delivery since a time. */
export const ResendWebhookRequest = z
  .object({
    ...keyed,
    EndpointId: endpointId,
    EventId: uuid.optional().meta({ description: "One event to send again (any state)" }),
    FailedSince: utcTimeText
      .optional()
      .meta({ description: "Every delivery to the endpoint that failed, of events since this time" }),
  })
  .check((ctx) => {
    if ((ctx.value.EventId === undefined) === (ctx.value.FailedSince === undefined))
      ctx.issues.push({
        code: "custom",
        path: ["EventId"],
        message: "give exactly one of EventId (one event) and FailedSince (every failed one since then)",
        input: ctx.value,
      });
  });
export type ResendWebhookRequest = z.output<typeof ResendWebhookRequest>;

/** The filters of `GET /Webhooks/Deliveries/{key}/{project}`: each optional, combined with "and". */
export const WebhookDeliveriesQuery = z.object({
  EndpointId: z
    .string()
    .regex(/^\d{1,9}$/, { error: "must be an endpoint's Id" })
    .optional(),
  State: z
    .enum(WEBHOOK_DELIVERY_STATES, { error: `must be one of ${WEBHOOK_DELIVERY_STATES.join(", ")}` })
    .optional(),
  Type: z.enum([...WEBHOOK_EVENT_TYPES, "webhook.test"], { error: "must be an event type" }).optional(),
  EventId: uuid.optional(),
  Cursor: idCursorQuery,
  Limit: pageLimitQuery(WEBHOOK_DELIVERY_PAGE_MAX),
});
export type WebhookDeliveriesQuery = z.output<typeof WebhookDeliveriesQuery>;

function webhookSchemas<L extends Strictness>(level: L) {
  const { object, whole } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const date = level === "emit" ? dateText : z.string();
  const Endpoint = object({
    Id: whole(),
    Url: z.string(),
    Description: z.string(),
    Events: z.array(z.string()).meta({ description: "[]: every event type" }),
    LowBalance: z.array(object({ TokenGuid: z.string(), TokenSymbol: z.string(), Below: decimalText })),
    State: z.string().meta({
      description:
        "enabled; failing (a delivery gave up after 3 days, none succeeded since); disabled (by a call, or failing for 5 days)",
    }),
    DisabledReason: z.string(),
    FailingSince: date,
    CreatedAt: date,
    PreviousSecretUntil: date.meta({
      description: 'While a rolled secret still signs too: until when; "" otherwise',
    }),
    Health: object({
      Attempts24h: whole().meta({ description: "Attempts in the last 24 hours" }),
      Succeeded24h: whole(),
      Pending: whole().meta({ description: "Deliveries waiting to be sent or retried" }),
      LastSuccessAt: date,
      LastFailureAt: date,
      LastFailure: z.string().meta({ description: "What the last failed attempt got, in words" }),
    }),
  });
  const Attempt = object({
    At: date,
    StatusCode: whole().meta({ description: "0 when no answer came" }),
    LatencyMs: whole(),
    Ok: z.boolean(),
    Error: z.string(),
    Excerpt: z.string().meta({ description: "The first 500 characters of the answer" }),
  });
  const Delivery = object({
    Id: z.string(),
    EndpointId: whole(),
    EventId: z.string(),
    Type: z.string(),
    OccurredAt: date,
    State: z.string().meta({ description: WEBHOOK_DELIVERY_STATES.join(", ") }),
    AttemptCount: whole(),
    NextAttemptAt: date.meta({ description: 'When it is tried next; "" once delivered or failed' }),
    Payload: z.string().meta({ description: "The body sent, as sent" }),
    Attempts: z.array(Attempt).meta({ description: "Every attempt, oldest first" }),
  });
  const EndpointSecret = object({
    Endpoint,
    Secret: z.string().meta({ description: "The signing secret (whsec_…): shown this once" }),
    OldSecretWorksUntil: date.meta({
      description: 'Roll: until when the old secret signs too; "" otherwise',
    }),
  });
  return {
    WebhooksResponse: object({ ...envelope, Data: object({ Endpoints: z.array(Endpoint) }) }),
    WebhookSecretResponse: object({ ...envelope, Data: EndpointSecret }),
    WebhookResponse: object({ ...envelope, Data: object({ Endpoint }) }),
    WebhookDeletedResponse: object({ ...envelope, Data: object({ EndpointId: whole() }) }),
    WebhookQueuedResponse: object({
      ...envelope,
      Data: object({
        Queued: whole().meta({ description: "Deliveries queued to be sent now" }),
        EventIds: z.array(z.string()),
      }),
    }),
    WebhookDeliveriesResponse: object({
      ...envelope,
      Data: object({
        Deliveries: z.array(Delivery),
        NextCursor: z
          .string()
          .meta({ description: 'Pass as Cursor for the next (older) page; "" at the end' }),
      }),
    }),
  };
}

export const webhooks = { emit: webhookSchemas("emit"), accept: webhookSchemas("accept") };
export type WebhookEndpointView = z.infer<typeof webhooks.emit.WebhooksResponse>["Data"]["Endpoints"][number];
export type WebhookDeliveryView = z.infer<
  typeof webhooks.emit.WebhookDeliveriesResponse
>["Data"]["Deliveries"][number];
