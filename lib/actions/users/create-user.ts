"use server";
import "server-only";
import { audited } from "@/lib/audit/audit-log";
import { createUser, NewUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";

/** Settings → Users: an owner creates an account with a role and a first password (step-up). */
export const createUserAction = defineAction(
  "users:manage",
  NewUser,
  async (input, _user, { actor }) => {
    return audited(
      await consoleDb(),
      actor,
      (tx) => createUser(tx, input),
      (created) => ({
        kind: "user.created",
        summary: `Created ${created.email} as ${created.role}`,
        detail: { userId: created.id, email: created.email, role: created.role },
      }),
    );
  },
  { stepUp: true },
);
