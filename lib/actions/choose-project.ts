"use server";
import "server-only";
import { z } from "zod";
import { ConnectionError, chooseConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { ActionError, defineAction } from "./define-action";

/** The project switcher: remembers the user's project (every role works on some project). */
export const chooseProjectAction = defineAction(
  "catalogue:read",
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }) }),
  async ({ ref }, user) => {
    try {
      await chooseConnection(await consoleDb(), consoleEnv(), user.id, ref);
    } catch (error) {
      if (error instanceof ConnectionError) throw new ActionError(`Project ${error.message}`);
      throw error;
    }
    return { ref };
  },
);
