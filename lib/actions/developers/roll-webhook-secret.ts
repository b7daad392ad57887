"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { RollWebhookSecretInput } from "@/lib/webhooks/webhook-input";
import { rollEndpointSecret } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: a new signing secret, the old one signing too for the grace period (owners, step-up, audited); the new secret is answered once. */
export const rollWebhookSecretAction = defineAction(
  "webhooks:manage",
  RollWebhookSecretInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return await rollEndpointSecret(context, project, input.endpointId, input.graceSeconds);
  },
  { stepUp: true },
);
