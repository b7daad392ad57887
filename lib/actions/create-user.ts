"use server";
import "server-only";
import { createUser, NewUser, UserError } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/** Settings → Users: an owner creates an account with a role and a first password. */
export const createUserAction = defineAction("users:manage", NewUser, async (input) => {
  try {
    return await createUser(await consoleDb(), input);
  } catch (error) {
    if (error instanceof UserError) throw new ActionError(`This user: ${error.message}`);
    throw error;
  }
});
