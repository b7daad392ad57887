import "server-only";
import type { ConsoleUser } from "@/lib/auth/users";
import { fundWallet } from "@/lib/client/awards";
import { ServiceCallError } from "@/lib/client/call-service";
import { consoleDb } from "@/lib/db/console-db";
import { requireProject } from "@/lib/project/current-project";
import { AwardError } from "./project-award";
import { awardsByRequestId, recordOutcome } from "./trail";

export interface FundResult {
  /** RequestID of each queued award the funding settled, in order. */
  settled: string[];
}

/**
 * FundWallet (our extension): credits the project wallet, the service settles queued awards in
 * order, and the trail records each settled award of this console as completed.
 */
export async function fundProjectWallet(
  user: ConsoleUser,
  input: { requestId: string; token: string; contract: string; amount: string },
): Promise<FundResult> {
  const { connection } = await requireProject(user.id);
  let settled: string[];
  try {
    const answer = await fundWallet(connection, {
      RequestID: input.requestId,
      Tokens: [{ Guid: input.token, ContractGuid: input.contract, Amount: input.amount }],
    });
    settled = answer.Settled;
  } catch (error) {
    if (error instanceof ServiceCallError) throw new AwardError(error.message);
    throw error;
  }
  const db = await consoleDb();
  for (const award of await awardsByRequestId(db, connection.projectGuid, settled)) {
    if (award.status !== "completed") {
      await recordOutcome(db, award.id, {
        status: "completed",
        kind: "status",
        detail: `Settled: ${user.email} funded the project wallet (funding ${input.requestId}).`,
      });
    }
  }
  return { settled };
}
