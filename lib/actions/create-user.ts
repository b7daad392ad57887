"use server";
import "server-only";
import { audited } from "@/lib/audit/audit-log";
import { createUser, NewUser, UserError } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/** Settings → Users: an owner creates an account with a role and a first password (step-up). */
export const createUserAction = defineAction(
  "users:manage",
  NewUser,
  async (input, _user, { actor }) => {
    try {
      return await audited(
        await consoleDb(),
        actor,
        (tx) => createUser(tx, input),
        (created) => ({
          kind: "user.created",
          summary: `Created ${created.email} as ${created.role}`,
          detail: { userId: created.id, email: created.email, role: created.role },
        }),
      );
    } catch (error) {
      if (error instanceof UserError) throw new ActionError(`This user: ${error.message}`);
      throw error;
    }
  },
  { stepUp: true },
);
