"use server";
import "server-only";
import { z } from "zod";
import { resetSecondFactor } from "@/lib/auth/account";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";
import { targetUser } from "../target-user";

/** Settings → Users: an owner resets someone's second factor (a lost phone); step-up, audited. */
export const resetSecondFactorAction = defineAction(
  "users:manage",
  z.object({ userId: z.number().int().positive() }),
  async ({ userId }, _user, { actor }) => {
    const db = await consoleDb();
    const target = await targetUser(db, userId);
    await resetSecondFactor(db, target, actor);
    return { userId };
  },
  { stepUp: true },
);
