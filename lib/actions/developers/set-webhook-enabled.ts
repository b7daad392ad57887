"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { SetWebhookEnabledInput } from "@/lib/webhooks/webhook-input";
import { setEndpointEnabled } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: disable an endpoint (nothing more is sent to it) or enable it again (owners, step-up, audited). */
export const setWebhookEnabledAction = defineAction(
  "webhooks:manage",
  SetWebhookEnabledInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await setEndpointEnabled(context, project, input.endpointId, input.enabled);
  },
  { stepUp: true },
);
