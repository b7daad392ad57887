"use server";
import "server-only";
import { z } from "zod";
import { setPassword } from "@/lib/auth/user-admin";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";
import { targetUser } from "../target-user";

/** Settings → Users: an owner sets a new password for someone who forgot theirs (step-up); their sessions end. */
export const resetPasswordAction = defineAction(
  "users:manage",
  z.object({ userId: z.number().int().positive(), password: z.string().max(1000) }),
  async ({ userId, password }, _user, { actor }) => {
    const db = await consoleDb();
    const target = await targetUser(db, userId);
    await setPassword(db, target.id, password, actor);
    return { userId };
  },
  { stepUp: true },
);

/** The Account page: one's own new password, after the current one; other sessions end. */
export const changePasswordAction = defineAction(
  "account:manage",
  z.object({ currentPassword: z.string().max(1000), password: z.string().max(1000) }),
  async ({ currentPassword, password }, user, { signedIn, actor }) => {
    await setPassword(await consoleDb(), user.id, password, actor, {
      currentPassword,
      keepSession: signedIn.session.id,
    });
    return { changed: true };
  },
  { beforeMfaSetup: true },
);
