"use server";
import "server-only";
import { z } from "zod";
import { audited } from "@/lib/audit/audit-log";
import { replaceConnectionKey } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { defineAction } from "../define-action";

/** Settings → Connections: a new API key for a stored connection (step-up); the log keeps its last four. */
export const replaceConnectionKeyAction = defineAction(
  "connections:manage",
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }), apiKey: z.string() }),
  async ({ ref, apiKey }, _user, { actor }) => {
    return audited(
      await consoleDb(),
      actor,
      (tx) => replaceConnectionKey(tx, consoleSecrets(consoleEnv()).encryptionKeys, ref, apiKey),
      ({ name, keyHint }) => ({
        kind: "connection.key-replaced",
        project: name,
        summary: `Replaced the API key of ${name}; the new key ends ${keyHint}`,
        detail: { ref, keyHint },
      }),
    );
  },
  { stepUp: true },
);
