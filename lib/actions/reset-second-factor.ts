"use server";
import "server-only";
import { z } from "zod";
import { resetSecondFactor } from "@/lib/auth/account";
import { findUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/** Settings → Users: an owner resets someone's second factor (a lost phone); step-up, audited. */
export const resetSecondFactorAction = defineAction(
  "users:manage",
  z.object({ userId: z.number().int().positive() }),
  async ({ userId }, _user, { actor }) => {
    const db = await consoleDb();
    const target = await findUser(db, userId);
    if (!target) throw new ActionError("This user does not exist.");
    await resetSecondFactor(db, target, actor);
    return { userId };
  },
  { stepUp: true },
);
