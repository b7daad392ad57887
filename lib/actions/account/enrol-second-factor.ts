"use server";
import "server-only";
import { z } from "zod";
import { enrolSecondFactor } from "@/lib/auth/account";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

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
    const codes = await enrolSecondFactor(
      await consoleDb(),
      consoleSecrets(consoleEnv()).encryptionKeys,
      signedIn,
      pending,
      code,
      actor,
    );
    return { recoveryCodes: codes };
  },
  { beforeMfaSetup: true, stepUp: true },
);
