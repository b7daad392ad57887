"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { CreateWebhookInput } from "@/lib/webhooks/webhook-input";
import { createEndpoint } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: add an endpoint (owners, step-up, audited as `webhook.created`); its signing secret is answered once. */
export const createWebhookAction = defineAction(
  "webhooks:manage",
  CreateWebhookInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await createEndpoint(context, project, input);
  },
  { stepUp: true },
);
