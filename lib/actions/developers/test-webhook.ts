"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { WebhookEndpointInput } from "@/lib/webhooks/webhook-input";
import { sendTestEvent } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: send a `webhook.test` event to one endpoint now (owners, audited as `webhook.tested`). */
export const testWebhookAction = defineAction(
  "webhooks:manage",
  WebhookEndpointInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return { eventId: await sendTestEvent(context, project, input.endpointId) };
  },
);
