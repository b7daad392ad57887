"use server";
import "server-only";
import { z } from "zod";
import { enrolSecondFactor } from "@/lib/auth/account";
import { EnrolmentError } from "@/lib/auth/second-factor";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { ActionError, defineAction } from "./define-action";

/**
 * The Account page: stores the authenticator once a current code proves it works; answers the
 * recovery codes, shown once. Open before a required second factor exists (that is its purpose);
 * replacing an existing one is a step-up.
 */
export const enrolSecondFactorAction = defineAction(
  "account:manage",
  z.object({
    pending: z.string().max(400, { error: "must be at most 400 characters" }),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: "must be the 6 digits your app shows" }),
  }),
  async ({ pending, code }, _user, { signedIn, actor }) => {
    try {
      const codes = await enrolSecondFactor(
        await consoleDb(),
        consoleSecrets(consoleEnv()).encryptionKeys,
        signedIn,
        pending,
        code,
        actor,
      );
      return { recoveryCodes: codes };
    } catch (error) {
      if (error instanceof EnrolmentError) throw new ActionError(`The ${error.message}`);
      throw error;
    }
  },
  { beforeMfaSetup: true, stepUp: true },
);
