"use server";
import "server-only";
import { z } from "zod";
import { confirmSecondFactor } from "@/lib/auth/account";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

/** Step-up: a code from the authenticator makes this session fresh for 10 minutes (lib/auth/sessions.ts). */
export const confirmSecondFactorAction = defineAction(
  "account:manage",
  z.object({
    code: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(40, { error: "must be at most 40 characters" }),
  }),
  async ({ code }, _user, { signedIn, actor }) => {
    const result = await confirmSecondFactor(
      await consoleDb(),
      consoleSecrets(consoleEnv()).encryptionKeys,
      signedIn,
      code,
      actor,
    );
    if (!result.ok) throw new UserFacingError(result.message);
    return { confirmed: true };
  },
  { changesData: false },
);
