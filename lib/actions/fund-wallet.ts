"use server";
import "server-only";
import { z } from "zod";
import { amountText } from "@/lib/awards/award-input";
import { fundProjectWallet } from "@/lib/awards/fund";
import { AwardError } from "@/lib/awards/project-award";
import { uuid } from "@/lib/contract/fields";
import { ActionError, defineAction } from "./define-action";

/** Owners fund the project wallet; queued awards settle in order. */
export const fundWalletAction = defineAction(
  "wallet:fund",
  z.object({ requestId: uuid, token: uuid, contract: uuid, amount: amountText }),
  async (input, user) => {
    try {
      return await fundProjectWallet(user, input);
    } catch (error) {
      if (error instanceof AwardError) throw new ActionError(error.message);
      throw error;
    }
  },
);
