"use server";
import "server-only";
import { setPolicy } from "@/lib/approvals/policies";
import { PolicyInput } from "@/lib/approvals/policy-input";
import { ServiceCallError } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { consoleDb } from "@/lib/db/console-db";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { requireProject } from "@/lib/project/current-project";
import { defineAction } from "../define-action";

/**
 * Owners set one token's award policy for the chosen project (docs/console.md, "Award policies"):
 * step-up, audited with old and new values. The token must be one of the project's.
 */
export const setAwardPolicyAction = defineAction(
  "policies:manage",
  PolicyInput,
  async (input, user, { actor }) => {
    const { chosen, connection } = await requireProject(user.id);
    let tokens: Awaited<ReturnType<typeof listProjectTokens>>["Data"]["Tokens"];
    try {
      tokens = (await listProjectTokens(connection)).Data.Tokens;
    } catch (error) {
      if (error instanceof ServiceCallError)
        throw new UserFacingError(
          `The project's tokens could not be read: ${error.message} Nothing was changed.`,
        );
      throw error;
    }
    const token = tokens.find((t) => t.Guid.toLowerCase() === input.token.toLowerCase());
    if (!token) throw new UserFacingError("Token: not one of this project's tokens. Nothing was changed.");
    return setPolicy(
      await consoleDb(),
      { projectGuid: connection.projectGuid, project: chosen.name, symbol: token.Symbol },
      input,
      actor,
    );
  },
  { stepUp: true },
);
