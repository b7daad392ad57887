import "server-only";
import type { AuditActor } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { sameConnection } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { AwardError } from "./award-error";
import { type ReversalRecord, writeReversal } from "./lifecycle/reversals";
import type { ParsedReversal } from "./reversal-input";
import { linesText, type SentReversal, sendReversal } from "./send-reversal";
import { tokenSymbols } from "./token-symbols";
import { type AwardRecord, findAward } from "./trail";

/**
 * "Reverse" on an award's page (docs/console.md, "Reversals"): the reversal is written to the
 * trail with the ReversalID the person's review minted, then sent, and its outcome recorded with
 * its audit line. Sending the same ReversalID again is the same reversal: a done one answers
 * what it did, an unknown or refused one is sent again — the service reverses at most once.
 */

export interface ReversalResult extends SentReversal {
  customerId: string;
}

/** The award and the connection it went through; a reversal goes the same way. */
export async function reversalTarget(
  db: ConsoleDb,
  requestId: string,
): Promise<{ award: AwardRecord; connection: ServiceConnection }> {
  const award = await findAward(db, requestId);
  if (!award) throw new AwardError(`No award with RequestID ${requestId} in the trail.`);
  const env = consoleEnv();
  const connection = await sameConnection(db, consoleSecrets(env).encryptionKeys, env, award);
  if (!connection)
    throw new AwardError(
      "The connection this award went through is gone or now points elsewhere: it cannot be reversed from here.",
    );
  return { award, connection };
}

/** The audit line of a reversal's outcome. */
export function reversalAudit(
  actor: AuditActor,
  project: string,
  award: Pick<AwardRecord, "requestId" | "customerId">,
  reversal: Pick<ReversalRecord, "reason">,
  symbolOf: (guid: string) => string,
) {
  return (sent: SentReversal) => ({
    actor,
    event: {
      kind: sent.status === "done" ? ("award.reversed" as const) : ("award.reversal-failed" as const),
      project,
      summary:
        sent.status === "done" && sent.answer
          ? `${sent.answer.state === "Cancelled" ? "Cancelled" : "Reversed"} ${linesText(sent.answer.taken, symbolOf)} of award ${award.requestId} to ${award.customerId}: ${reversal.reason}`
          : `Reversal of award ${award.requestId} to ${award.customerId} ${sent.status === "unknown" ? "has an unknown outcome" : "was refused"}: ${sent.error}`,
      detail: {
        requestId: award.requestId,
        customerId: award.customerId,
        reversalId: sent.reversalId,
        attempt: sent.attempt,
        status: sent.status,
        reason: reversal.reason,
        ...(sent.answer
          ? { state: sent.answer.state, taken: sent.answer.taken, settled: sent.answer.settled }
          : {}),
      },
    },
  });
}

export async function reverseFromConsole(
  user: ConsoleUser,
  input: ParsedReversal,
  audit: { actor: AuditActor; project: string },
): Promise<ReversalResult> {
  const db = await consoleDb();
  const { award, connection } = await reversalTarget(db, input.requestId);
  const { record } = await db.transaction((tx) =>
    writeReversal(
      tx as unknown as ConsoleDb,
      {
        reversalId: input.reversalId,
        awardId: award.id,
        connection: award.connection,
        baseUrl: award.baseUrl,
        projectGuid: award.projectGuid,
        actorId: user.id,
        actorEmail: user.email,
        reason: input.reason,
        lines:
          input.lines?.map((line) => ({
            Guid: line.token,
            ContractGuid: line.contract,
            Amount: line.amount,
          })) ?? null,
      },
      "sending",
      award.requestId,
    ),
  );
  if (record.status === "done")
    return {
      reversalId: record.reversalId,
      status: "done",
      error: "",
      answer: record.outcome,
      attempt: record.attempts,
      customerId: award.customerId,
    };
  if (record.status !== "sending" && record.status !== "failed" && record.status !== "unknown")
    throw new AwardError(`This reversal is ${record.status}: it is not sent from here.`);
  const symbols = await tokenSymbols(connection);
  const symbolOf = (guid: string) => symbols.get(guid) ?? guid;
  const sent = await sendReversal(
    db,
    connection,
    record,
    award,
    user.email,
    symbolOf,
    reversalAudit(audit.actor, audit.project, award, record, symbolOf),
  );
  // A refusal changed nothing: the person reads the service's reason (the trail keeps it too).
  if (sent.status === "failed") throw new AwardError(`Nothing was reversed: ${sent.error}`);
  return { ...sent, customerId: award.customerId };
}
