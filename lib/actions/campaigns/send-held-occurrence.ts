"use server";
import "server-only";
import { z } from "zod";
import { startSending } from "@/lib/bulk/running";
import { rowId } from "@/lib/campaigns/campaign-input";
import { campaignScope } from "@/lib/campaigns/campaigns";
import { sendHeldOccurrence } from "@/lib/campaigns/send-held";
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
    const sent = await sendHeldOccurrence(
      await campaignScope(user),
      user,
      input.campaignId,
      input.occurrence,
      actor,
    );
    startSending(sent.batchId);
    return sent;
  },
);
