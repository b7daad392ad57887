"use server";
import "server-only";
import { z } from "zod";
import { setReversalPolicy } from "@/lib/approvals/reversal-policy";
import { consoleDb } from "@/lib/db/console-db";
import { REVERSAL_APPROVALS } from "@/lib/model/reversal-policy";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/** Owners choose when a reversal of the chosen project waits for a second person (docs/console.md, "Reversals"). */
export const setReversalPolicyAction = defineAction(
  "policies:manage",
  z.object({
    approval: z.enum(REVERSAL_APPROVALS, {
      error: `Reversal approval: choose one of ${REVERSAL_APPROVALS.join(", ")}`,
    }),
  }),
  async ({ approval }, user, { actor }) => {
    const { chosen, connection } = await requireProject(user.id);
    return {
      approval: await setReversalPolicy(
        await consoleDb(),
        { projectGuid: connection.projectGuid, project: chosen.name },
        approval,
        actor,
      ),
    };
  },
  { stepUp: true },
);
