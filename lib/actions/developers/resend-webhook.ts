"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { ResendWebhookInput } from "@/lib/webhooks/webhook-input";
import { resendEvent } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: send one event to an endpoint again, under its own id (owners, audited as `webhook.resent`). */
export const resendWebhookAction = defineAction(
  "webhooks:manage",
  ResendWebhookInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return { queued: await resendEvent(context, project, input.endpointId, input.eventId) };
  },
);
