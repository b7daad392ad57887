"use server";
import "server-only";
import { z } from "zod";
import { startSending } from "@/lib/bulk/running";
import { rowId } from "@/lib/campaigns/campaign-input";
import { campaignScope } from "@/lib/campaigns/campaigns";
import { sendHeldOccurrence } from "@/lib/campaigns/send-held";
import { sameConnection } from "@/lib/connections/connections";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

const SendHeldInput = z.object({
  campaignId: rowId("must be a campaign's number"),
  occurrence: rowId("must be an occurrence's number"),
});

/** A campaign's page: sends a held occurrence now, on the sender's own daily limit (audited). */
export const sendHeldOccurrenceAction = defineAction(
  "awards:send",
  SendHeldInput,
  async (input, user, { actor }) => {
    const scope = await campaignScope(user);
    const env = consoleEnv();
    const sent = await sendHeldOccurrence(scope, user, input.campaignId, input.occurrence, actor, {
      connectionOf: (campaign) => sameConnection(scope.db, consoleSecrets(env).encryptionKeys, env, campaign),
    });
    startSending(sent.batchId);
    return sent;
  },
);
