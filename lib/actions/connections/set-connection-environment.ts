"use server";
import "server-only";
import { z } from "zod";
import { audited } from "@/lib/audit/audit-log";
import { ConnectionEnvironmentInput, setConnectionEnvironment } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";

/** Settings → Connections: the owner marks a stored connection "test" or "live" (step-up, audited). */
export const setConnectionEnvironmentAction = defineAction(
  "connections:manage",
  z.object({
    ref: z.string().max(40, { error: "must be at most 40 characters" }),
    environment: ConnectionEnvironmentInput,
  }),
  async ({ ref, environment }, _user, { actor }) => {
    await audited(
      await consoleDb(),
      actor,
      (tx) => setConnectionEnvironment(tx, ref, environment),
      ({ name }) => ({
        kind: "connection.changed",
        project: name,
        summary: `Marked connection ${name} as ${environment}`,
        detail: { ref, environment },
      }),
    );
    return { ref, environment };
  },
  { stepUp: true },
);
