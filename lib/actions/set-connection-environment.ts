"use server";
import "server-only";
import { z } from "zod";
import {
  ConnectionEnvironmentInput,
  ConnectionError,
  setConnectionEnvironment,
} from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

/** Settings → Connections: the owner marks a stored connection "test" or "live". */
export const setConnectionEnvironmentAction = defineAction(
  "connections:manage",
  z.object({
    ref: z.string().max(40, { error: "must be at most 40 characters" }),
    environment: ConnectionEnvironmentInput,
  }),
  async ({ ref, environment }) => {
    try {
      await setConnectionEnvironment(await consoleDb(), ref, environment);
    } catch (error) {
      if (error instanceof ConnectionError) throw new ActionError(`This connection: ${error.message}`);
      throw error;
    }
    return { ref, environment };
  },
);
