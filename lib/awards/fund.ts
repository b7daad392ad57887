import "server-only";
import type { AuditActor } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import { fundWallet } from "@/lib/client/awards";
import { ServiceCallError } from "@/lib/client/call-service";
import { consoleDb } from "@/lib/db/console-db";
import { requireProject } from "@/lib/project/current-project";
import { AwardError } from "./award-error";
import { settleAwards } from "./lifecycle/settlement";

export interface FundResult {
  /** RequestID of each queued award the funding settled, in order. */
  settled: string[];
}

/**
 * FundWallet (our extension): credits the project wallet, the service settles queued awards in
 * order, and the trail records each settled award of this console as completed — in one
 * transaction with the funding's audit row (docs/console.md, "Audit log").
 */
export async function fundProjectWallet(
  user: ConsoleUser,
  input: { requestId: string; token: string; contract: string; amount: string },
  actor: AuditActor,
): Promise<FundResult> {
  const { chosen, connection } = await requireProject(user.id);
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
  await settleAwards(
    db,
    { projectGuid: connection.projectGuid, requestIds: settled },
    `Settled: ${user.email} funded the project wallet (funding ${input.requestId}).`,
    {
      actor,
      event: {
        kind: "wallet.funded",
        project: chosen.name,
        summary: `Funded the project wallet with ${input.amount} of contract ${input.contract}; ${settled.length} queued award(s) settled`,
        detail: { ...input, settled },
      },
    },
  );
  return { settled };
}
