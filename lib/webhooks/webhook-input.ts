import { z } from "zod";
import { endpointFormProblems, REPLAY_WINDOWS, SECRET_GRACE_CHOICES } from "./webhook-rules";

/**
 * The Webhooks page's action inputs as the server reads them: the browser's own rules
 * (webhook-rules.ts), each problem under its field's name. Whether a threshold's token is one of
 * the project's is the service's to say.
 */

const endpointId = z
  .number({ error: "must be an endpoint's Id" })
  .int({ error: "must be an endpoint's Id" })
  .min(1, { error: "must be an endpoint's Id" })
  .max(2_147_483_647, { error: "must be an endpoint's Id" });

const text = z.string({ error: "must be text" });

const pathOf = (field: string) =>
  field
    .split(/[.[\]]+/)
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const formFields = {
  url: text,
  description: text.default(""),
  events: z.array(text, { error: "must be a list of event types" }).default([]),
  lowBalance: z
    .array(z.object({ token: text, below: text }), { error: "must be a list of thresholds" })
    .default([]),
};

function checked<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).check((ctx) => {
    const form = ctx.value as unknown as Parameters<typeof endpointFormProblems>[0];
    for (const problem of endpointFormProblems(form))
      ctx.issues.push({
        code: "custom",
        path: pathOf(problem.field),
        message: problem.message,
        input: ctx.value,
      });
  });
}

export const CreateWebhookInput = checked(formFields);
export type CreateWebhookInput = z.input<typeof CreateWebhookInput>;

export const UpdateWebhookInput = checked({ endpointId, ...formFields });
export type UpdateWebhookInput = z.input<typeof UpdateWebhookInput>;

export const WebhookEndpointInput = z.object({ endpointId });
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const SetWebhookEnabledInput = z.object({
  endpointId,
  enabled: z.boolean({ error: "must be true or false" }),
});
export type SetWebhookEnabledInput = z.input<typeof SetWebhookEnabledInput>;

const GRACE: readonly number[] = SECRET_GRACE_CHOICES.map((choice) => choice.seconds);
export const RollWebhookSecretInput = z.object({
  endpointId,
  graceSeconds: z
    .number({ error: "must be a number of seconds" })
    .refine((seconds) => GRACE.includes(seconds), {
      error: `must be one of ${SECRET_GRACE_CHOICES.map((choice) => choice.label).join(", ")}`,
    }),
});
export type RollWebhookSecretInput = z.input<typeof RollWebhookSecretInput>;

export const ResendWebhookInput = z.object({
  endpointId,
  eventId: z.string({ error: "must be an event id" }).uuid({ error: "must be an event id" }),
});
export type ResendWebhookInput = z.input<typeof ResendWebhookInput>;

export const ReplayFailedWebhooksInput = z.object({
  endpointId,
  window: z.enum(REPLAY_WINDOWS.map((w) => w.value) as [string, ...string[]], {
    error: `must be one of ${REPLAY_WINDOWS.map((w) => w.label).join(", ")}`,
  }),
});
export type ReplayFailedWebhooksInput = z.input<typeof ReplayFailedWebhooksInput>;
