"use server";
import "server-only";
import { z } from "zod";
import { chooseConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { defineAction } from "../define-action";

/** The project switcher: remembers the user's project (every role works on some project). */
export const chooseProjectAction = defineAction(
  "catalogue:read",
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }) }),
  async ({ ref }, user) => {
    await chooseConnection(await consoleDb(), consoleEnv(), user.id, ref);
    return { ref };
  },
);
