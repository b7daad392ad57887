"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { WebhookEndpointInput } from "@/lib/webhooks/webhook-input";
import { removeEndpoint } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: delete an endpoint with its delivery log (owners, step-up, audited as `webhook.deleted`). */
export const deleteWebhookAction = defineAction(
  "webhooks:manage",
  WebhookEndpointInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    await removeEndpoint(context, project, input.endpointId);
    return { endpointId: input.endpointId };
  },
  { stepUp: true },
);
