"use server";
import "server-only";
import { z } from "zod";
import { signOutEverywhere } from "@/lib/auth/account";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";
import { targetUser } from "../target-user";

/** The Account page: ends every session of one's own, this one included. */
export const signOutEverywhereAction = defineAction(
  "account:manage",
  z.object({}),
  async (_input, user, { actor }) => ({ ended: await signOutEverywhere(await consoleDb(), user, actor) }),
  { beforeMfaSetup: true },
);

/** Settings → Users: an owner ends every session of anyone (step-up, audited). */
export const signOutUserEverywhereAction = defineAction(
  "users:manage",
  z.object({ userId: z.number().int().positive() }),
  async ({ userId }, _user, { actor }) => {
    const db = await consoleDb();
    const target = await targetUser(db, userId);
    return { ended: await signOutEverywhere(db, target, actor) };
  },
  { stepUp: true },
);
