"use server";
import "server-only";
import { z } from "zod";
import { signOutEverywhere } from "@/lib/auth/account";
import { findUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

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
    const target = await findUser(db, userId);
    if (!target) throw new ActionError("This user does not exist.");
    return { ended: await signOutEverywhere(db, target, actor) };
  },
  { stepUp: true },
);
