"use server";
import "server-only";
import { keyActionScope } from "@/lib/service-keys/key-project";
import { ReplayFailedWebhooksInput } from "@/lib/webhooks/webhook-input";
import { replayFailed } from "@/lib/webhooks/webhooks";
import { defineAction } from "../define-action";

/** Developers → Webhooks: send again every delivery to an endpoint that failed, of a window's events (owners, audited as `webhook.resent`). */
export const replayFailedWebhooksAction = defineAction(
  "webhooks:manage",
  ReplayFailedWebhooksInput,
  async (input, user, { actor }) => {
    const { context, project } = await keyActionScope(user, actor);
    return { queued: await replayFailed(context, project, input.endpointId, input.window, new Date()) };
  },
);
