"use server";
import "server-only";
import { audited } from "@/lib/audit/audit-log";
import { ConnectionInput, createConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

/** Settings → Connections: stores a connection (step-up); the answer holds the masked key only. */
export const createConnectionAction = defineAction(
  "connections:manage",
  ConnectionInput,
  async (input, user, { actor }) => {
    const env = consoleEnv();
    return audited(
      await consoleDb(),
      actor,
      (tx) => createConnection(tx, consoleSecrets(env).encryptionKeys, input, user.id),
      (created) => ({
        kind: "connection.created",
        project: created.name,
        summary: `Created connection ${created.name} (${created.environment}) to ${created.baseUrl}, key ${created.keyHint}`,
        detail: {
          ref: created.ref,
          baseUrl: created.baseUrl,
          projectGuid: created.projectGuid,
          environment: created.environment,
        },
      }),
    );
  },
  { stepUp: true },
);
