"use server";
import "server-only";
import { ConnectionError, ConnectionInput, createConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { ActionError, defineAction } from "./define-action";

/** Settings → Connections: stores a connection; the answer holds the masked key only. */
export const createConnectionAction = defineAction(
  "connections:manage",
  ConnectionInput,
  async (input, user) => {
    const env = consoleEnv();
    try {
      return await createConnection(await consoleDb(), consoleSecrets(env).encryptionKeys, input, user.id);
    } catch (error) {
      if (error instanceof ConnectionError) throw new ActionError(`The connection's ${error.message}`);
      throw error;
    }
  },
);
