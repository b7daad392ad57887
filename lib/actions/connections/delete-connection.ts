"use server";
import "server-only";
import { z } from "zod";
import { audited } from "@/lib/audit/audit-log";
import { deleteConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { defineAction } from "../define-action";

/** Settings → Connections: removes a stored connection (step-up, audited). */
export const deleteConnectionAction = defineAction(
  "connections:manage",
  z.object({ ref: z.string().max(40, { error: "must be at most 40 characters" }) }),
  async ({ ref }, _user, { actor }) => {
    await audited(
      await consoleDb(),
      actor,
      (tx) => deleteConnection(tx, ref),
      (deleted) => ({
        kind: "connection.deleted",
        project: deleted?.name ?? "",
        summary: deleted
          ? `Deleted connection ${deleted.name}`
          : `Deleted connection ${ref} (it was already gone)`,
        detail: { ref },
      }),
    );
    return { ref };
  },
  { stepUp: true },
);
