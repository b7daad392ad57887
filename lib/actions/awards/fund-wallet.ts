"use server";
import "server-only";
import { z } from "zod";
import { amountText } from "@/lib/awards/award-input";
import { fundProjectWallet } from "@/lib/awards/fund";
import { guid } from "@/lib/contract/guid";
import { chosenProjectName } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Owners fund the project wallet (step-up); queued awards settle in order. */
export const fundWalletAction = defineAction(
  "wallet:fund",
  z.object({ requestId: guid, token: guid, contract: guid, amount: amountText }),
  // The funding's audit row is written with the settlements it records (lib/awards/fund.ts).
  async (input, user, { actor }) => fundProjectWallet(user, input, actor),
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
