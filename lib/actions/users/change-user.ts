"use server";
import "server-only";
import { z } from "zod";
import { changeRole, setActive } from "@/lib/auth/user-admin";
import { consoleDb } from "@/lib/db/console-db";
import { ROLES } from "@/lib/model/roles";
import { defineAction } from "../define-action";

const Change = z.object({
  userId: z.number().int().positive(),
  change: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("role"),
      role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }),
    }),
    z.object({ kind: z.literal("active"), active: z.boolean() }),
  ]),
});

/**
 * Settings → Users: a role change or (de)activation (step-up), effective on the user's next
 * request; either ends the user's sessions and is audited with it (lib/auth/user-admin.ts).
 */
export const changeUserAction = defineAction(
  "users:manage",
  Change,
  async ({ userId, change }, _user, { actor }) => {
    const db = await consoleDb();
    return change.kind === "role"
      ? await changeRole(db, userId, change.role, actor)
      : await setActive(db, userId, change.active, actor);
  },
  { stepUp: true },
);
