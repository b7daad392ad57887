"use server";
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/audit-log";
import { amountText } from "@/lib/awards/award-input";
import { fundProjectWallet } from "@/lib/awards/fund";
import { guid } from "@/lib/contract/guid";
import { consoleDb } from "@/lib/db/console-db";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "./define-action";

/** Owners fund the project wallet (step-up); queued awards settle in order. */
export const fundWalletAction = defineAction(
  "wallet:fund",
  z.object({ requestId: guid, token: guid, contract: guid, amount: amountText }),
  async (input, user, { actor }) => {
    const result = await fundProjectWallet(user, input);
    await recordAudit(await consoleDb(), actor, {
      kind: "wallet.funded",
      project: await chosenProjectName(user.id),
      summary: `Funded the project wallet with ${input.amount} of contract ${input.contract}; ${result.settled.length} queued award(s) settled`,
      detail: {
        requestId: input.requestId,
        token: input.token,
        contract: input.contract,
        amount: input.amount,
        settled: result.settled,
      },
    });
    return result;
  },
  {
    stepUp: true,
    attempt: async (input, user) => ({
      attempted: `Funding the project wallet with ${input.amount} of contract ${input.contract}`,
      project: await chosenProjectName(user.id),
      detail: {
        requestId: input.requestId,
        token: input.token,
        contract: input.contract,
        amount: input.amount,
      },
    }),
  },
);
