"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { UpdateWebhookInput } from "@/lib/webhooks/webhook-input";
import { changeEndpoint } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: change an endpoint's URL, description, event types or thresholds (owners, step-up, audited as `webhook.changed`). */
export const updateWebhookAction = defineAction(
  "webhooks:manage",
  UpdateWebhookInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    const { endpointId, ...form } = input;
    return await changeEndpoint(context, project, endpointId, form);
  },
  { stepUp: true },
);
