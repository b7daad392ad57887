import "server-only";
import { sql } from "drizzle-orm";
import type { ApprovalRecord } from "@/lib/approvals/approvals";
import { overThreshold, type TokenPolicy, totalsByToken } from "@/lib/approvals/policy-model";
import { approvalExpiry, approvalTotals, type Sender } from "@/lib/approvals/request-terms";
import { checkLimits, reserveSpend } from "@/lib/approvals/spend";
import type { ConsoleDb } from "@/lib/db/connection";
import { requestApproval } from "./approval-decisions";
import { writeAward } from "./lifecycle/single-award";
import { type AwardRecord, type NewAward, RETRYABLE } from "./trail";

/**
 * Where a single award meets the owners' policy (docs/console.md, "Award policies"): in the
 * transaction that writes it, an award over a threshold becomes a request for approval (nothing
 * is sent), and any other is counted against its sender's daily limit (refused whole when it does
 * not fit).
 */

/**
 * Writes a single award to the trail under the policy. Over a threshold, it waits for approval
 * (refused now if it would not fit the sender's limit even today). Otherwise, and for a retry of
 * an award the trail already has, it is counted against the sender's limit; the caller then sends
 * it when its status says so. `onRequested` runs in the same transaction once a request for
 * approval is written (the audit row of what waits).
 */
export async function placeAward(
  db: ConsoleDb,
  award: NewAward,
  sender: Sender,
  policies: ReadonlyMap<string, TokenPolicy>,
  symbolOf: (tokenGuid: string) => string,
  onRequested?: (tx: ConsoleDb, approval: ApprovalRecord) => Promise<void>,
): Promise<{ record: AwardRecord; approval: ApprovalRecord | null }> {
  const totals = totalsByToken(award.lines.map((line) => ({ tokenGuid: line.Guid, amount: line.Amount })));
  const waits = overThreshold(totals, policies).length > 0;
  const expiresAt = await approvalExpiry(db);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const { record, created } = await writeAward(tx, award, waits ? "awaiting-approval" : "sending");
    if (created && waits) {
      await checkLimits(tx, sender, totals, policies);
      const approval = await requestApproval(
        tx,
        { awardId: record.id },
        {
          projectGuid: sender.projectGuid,
          connection: award.connection,
          requesterId: sender.userId,
          requesterEmail: sender.email,
          summary: { totals: approvalTotals(totals, policies, symbolOf) },
          expiresAt,
        },
      );
      await onRequested?.(tx, approval);
      return { record, approval };
    }
    if (RETRYABLE.includes(record.status)) await reserveSpend(tx, sender, policies, sql`a.id = ${record.id}`);
    return { record, approval: null };
  });
}

/**
 * For a retry of an award the trail has: counts it against its author's limit again if its failure
 * released it (a retry of an award still counted adds nothing), in its own transaction.
 */
export async function recountForRetry(
  db: ConsoleDb,
  author: Omit<Sender, "email">,
  policies: ReadonlyMap<string, TokenPolicy>,
  awardsWhere: ReturnType<typeof sql>,
): Promise<void> {
  await db.transaction(async (tx) => reserveSpend(tx as unknown as ConsoleDb, author, policies, awardsWhere));
}
