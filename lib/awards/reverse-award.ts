import "server-only";
import { approvalName, approvalOf } from "@/lib/approvals/approvals";
import { readPolicies } from "@/lib/approvals/policies";
import { totalsByToken } from "@/lib/approvals/policy-model";
import { approvalExpiry, approvalTotals } from "@/lib/approvals/request-terms";
import { readReversalPolicy, reversalNeedsApproval } from "@/lib/approvals/reversal-policy";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { sameConnection } from "@/lib/connections/connections";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import type { ApprovalTokenTotal } from "@/lib/model/approval-summary";
import { consoleSecrets } from "@/lib/secrets";
import { requestApproval } from "./approval-decisions";
import { AwardError } from "./award-error";
import { writeReversal } from "./lifecycle/reversals";
import type { ParsedReversal } from "./reversal-input";
import { readReversalView } from "./reversal-view";
import { reversalAudit, type SentReversal, sendReversal } from "./send-reversal";
import { tokenSymbols } from "./token-symbols";
import { type AwardRecord, findAward } from "./trail";

/**
 * "Reverse" on an award's page (docs/console.md, "Reversals"): the reversal is written to the
 * trail with the ReversalID the person's review minted, then sent, and its outcome recorded with
 * its audit line. Sending the same ReversalID again is the same reversal: a done one answers
 * what it did, an unknown or refused one is sent again — the service reverses at most once.
 */

export type ReversalResult =
  | (SentReversal & { customerId: string })
  | { reversalId: string; status: "awaiting-approval"; approvalId: number; customerId: string };

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

/**
 * What the reversal would take back per token, with each token's approval threshold: the lines
 * asked for, or — for "everything still reversible" — what the service says remains of the lines
 * a reversal can reach.
 */
async function reversalTotals(
  db: ConsoleDb,
  award: AwardRecord,
  lines: ParsedReversal["lines"],
  symbolOf: (guid: string) => string,
): Promise<ApprovalTokenTotal[]> {
  let amounts: { tokenGuid: string; amount: string }[];
  if (lines) amounts = lines.map((line) => ({ tokenGuid: canonicalGuid(line.token), amount: line.amount }));
  else {
    const view = await readReversalView(db, award);
    if (view.kind !== "ready") throw new AwardError(`Nothing was reversed: ${view.why}`);
    amounts = view.lines
      .filter((line) => line.blocked === null)
      .map((line) => ({ tokenGuid: line.token, amount: line.remaining }));
  }
  return approvalTotals(totalsByToken(amounts), await readPolicies(db, award.projectGuid), symbolOf);
}

export async function reverseFromConsole(
  user: ConsoleUser,
  input: ParsedReversal,
  audit: { actor: AuditActor; project: string },
): Promise<ReversalResult> {
  const db = await consoleDb();
  const { award, connection } = await reversalTarget(db, input.requestId);
  const symbols = await tokenSymbols(connection);
  const symbolOf = (guid: string) => symbols.get(guid) ?? guid;
  // The owners' reversal policy: above a threshold (or always), another person approves first.
  const policy = await readReversalPolicy(db, award.projectGuid);
  const totals = policy === "none" ? [] : await reversalTotals(db, award, input.lines, symbolOf);
  const waits = reversalNeedsApproval(policy, totals);
  const expiresAt = waits ? await approvalExpiry(db) : null;
  const { record, approvalId } = await db.transaction(async (handle) => {
    const tx = handle as unknown as ConsoleDb;
    const written = await writeReversal(
      tx,
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
      waits ? "awaiting-approval" : "sending",
      award.requestId,
    );
    if (!written.created || !expiresAt) return { record: written.record, approvalId: null };
    const approval = await requestApproval(
      tx,
      { reversalId: written.record.id },
      {
        projectGuid: award.projectGuid,
        connection: award.connection,
        requesterId: user.id,
        requesterEmail: user.email,
        summary: { totals },
        expiresAt,
      },
    );
    await recordAudit(tx, audit.actor, {
      kind: "reversal.requested",
      project: audit.project,
      summary: `Reversal of award ${award.requestId} to ${award.customerId} waiting for approval (${await approvalName(tx, approval)}): ${input.reason}`,
      detail: {
        requestId: award.requestId,
        reversalId: written.record.reversalId,
        approval: approval.id,
        totals,
      },
    });
    return { record: written.record, approvalId: approval.id };
  });
  if (record.status === "awaiting-approval")
    return {
      reversalId: record.reversalId,
      status: "awaiting-approval",
      approvalId: approvalId ?? (await approvalOf(db, { reversalId: record.id }))?.id ?? 0,
      customerId: award.customerId,
    };
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
