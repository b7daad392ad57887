"use server";
import "server-only";
import { ReversalInput } from "@/lib/awards/reversal-input";
import { reverseFromConsole } from "@/lib/awards/reverse-award";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/**
 * Takes back part or all of an award, or cancels a queued one (docs/console.md, "Reversals"),
 * with the ReversalID the review minted: a retry after a lost answer reverses at most once.
 */
export const reverseAwardAction = defineAction(
  "awards:reverse",
  ReversalInput,
  async (input, user, { actor }) => {
    const sent = await reverseFromConsole(user, input, { actor, project: await chosenProjectName(user.id) });
    return sent.status === "awaiting-approval"
      ? {
          reversalId: sent.reversalId,
          status: sent.status,
          approvalId: sent.approvalId,
          error: "",
          answer: null,
        }
      : {
          reversalId: sent.reversalId,
          status: sent.status,
          approvalId: null,
          error: sent.error,
          answer: sent.answer,
        };
  },
  {
    attempt: async (input, user) => ({
      attempted: `Reversal of award ${input.requestId} (ReversalID ${input.reversalId})`,
      project: await chosenProjectName(user.id),
      detail: { requestId: input.requestId, reversalId: input.reversalId },
    }),
  },
);
