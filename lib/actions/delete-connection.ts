"use server";
import "server-only";
import { z } from "zod";
import { ConnectionError, deleteConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { ActionError, defineAction } from "./define-action";

export const deleteConnectionAction = defineAction(
  "connections:manage",
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }) }),
  async ({ ref }) => {
    try {
      await deleteConnection(await consoleDb(), ref);
    } catch (error) {
      if (error instanceof ConnectionError) throw new ActionError(`This connection: ${error.message}`);
      throw error;
    }
    return { ref };
  },
);
