import "server-only";
import { eq, sql } from "drizzle-orm";
import { approvalOf } from "@/lib/approvals/approvals";
import { readPolicies } from "@/lib/approvals/policies";
import { approvalExpiry, approvalTotals } from "@/lib/approvals/request-terms";
import { readReversalPolicy, reversalNeedsApproval } from "@/lib/approvals/reversal-policy";
import type { AuditActor } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import { requestApproval } from "@/lib/awards/approval-decisions";
import { AwardError } from "@/lib/awards/award-error";
import { type BatchReversalRecord, writeBatchReversal } from "@/lib/awards/lifecycle/reversal-rows";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { getAward } from "@/lib/client/awards";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { listProjectTokens } from "@/lib/client/catalogue";
import { sameConnection } from "@/lib/connections/connections";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { batchReversals, reversals } from "@/lib/db/schema";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { type BatchRecord, batchRows, findBatch } from "./batch-store";
import { uuidV5 } from "./request-ids";
import { type ReversalPlan, reversalPlan } from "./reversal-plan";
import { startReversing } from "./reversing";

/**
 * Reverse a bulk batch as a batch (docs/console.md, "Reversals"): a dry run first, then one
 * reversal per reversible row, each with a ReversalID made from its award's RequestID — so the
 * same rows reversed again (a restart, a second click, another console) are the same reversals,
 * and the service takes nothing back twice.
 */

/** Our namespace for batch rows' ReversalIDs (a fixed random UUID: changing it would reverse rows again). */
const REVERSAL_NAMESPACE = "b3f7c1d2-8e4a-4f6b-9c0d-2a1e5f7b8c9d";

/** A batch row's ReversalID: the same award, the same ReversalID, on every console. */
export const rowReversalId = (requestId: string) =>
  uuidV5(`reverse:${canonicalGuid(requestId)}`, REVERSAL_NAMESPACE);

async function batchAndConnection(
  db: ConsoleDb,
  batchId: number,
): Promise<{ batch: BatchRecord; connection: ServiceConnection }> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AwardError(`There is no batch ${batchId}.`);
  const env = consoleEnv();
  const connection = await sameConnection(db, consoleSecrets(env).encryptionKeys, env, batch);
  if (!connection)
    throw new AwardError(
      "The connection this batch went through is gone or now points elsewhere: it cannot be reversed from here.",
    );
  return { batch, connection };
}

/** The dry run: every row of the batch, reversible or why not, and what the reversible ones gave per token. */
export async function planBatchReversal(
  db: ConsoleDb,
  batchId: number,
): Promise<{
  batch: BatchRecord;
  connection: ServiceConnection;
  plan: ReversalPlan;
  symbols: Map<string, string>;
}> {
  const { batch, connection } = await batchAndConnection(db, batchId);
  let chains: Map<string, string>;
  try {
    const tokens = (await listProjectTokens(connection)).Data.Tokens;
    chains = new Map(
      tokens.flatMap((t) => t.Contracts.map((c) => [canonicalGuid(c.ContractGuid), c.ChainName] as const)),
    );
  } catch (error) {
    if (error instanceof ServiceCallError)
      throw new AwardError(`The dry run could not read the project's tokens: ${error.message}`);
    throw error;
  }
  const plan = reversalPlan(await batchRows(db, batchId), (contract) => chains.get(contract));
  return { batch, connection, plan, symbols: await tokenSymbols(connection) };
}

/** Refuses a service without ReverseAward before anything is written: asked of one row's record. */
async function requireReversals(connection: ServiceConnection, requestId: string): Promise<void> {
  try {
    const record = await getAward(connection, requestId);
    if (record.Data.Remaining) return;
  } catch (error) {
    if (!isExtensionMissing(error)) {
      if (error instanceof ServiceCallError)
        throw new AwardError(
          `Nothing was reversed: the service could not be asked about the batch: ${error.message}`,
        );
      throw error;
    }
  }
  throw new AwardError(
    "Nothing was reversed: this project's service does not offer reversals (it implements only the spec).",
  );
}

export interface StartedBatchReversal {
  batchReversalId: number;
  rows: number;
  /** False: the batch had been reversed already; that reversal goes on. */
  created: boolean;
  /** The request it waits for under the owners' reversal policy; null: it is being sent. */
  approvalId: number | null;
}

/** "Reverse batch": the plan's reversible rows written and sent in the background. */
export async function reverseBatch(
  db: ConsoleDb,
  user: ConsoleUser,
  batchId: number,
  reason: string,
  audit: { actor: AuditActor; project: string },
): Promise<StartedBatchReversal> {
  const { batch, connection, plan, symbols } = await planBatchReversal(db, batchId);
  const reversible = plan.rows.filter((row) => row.why === null);
  const [already] = await db.select().from(batchReversals).where(eq(batchReversals.batchId, batchId));
  if (already) {
    if (already.status === "sending") startReversing(already.id);
    return {
      batchReversalId: already.id,
      rows: already.rowCount,
      created: false,
      approvalId: (await approvalOf(db, { batchReversalId: already.id }))?.id ?? null,
    };
  }
  if (reversible.length === 0)
    throw new AwardError("Nothing of this batch can be reversed: see the dry run.");
  await requireReversals(connection, (reversible[0] as (typeof reversible)[0]).requestId);
  // The owners' reversal policy: over it, the whole batch reversal waits for another person, as a
  // batch of awards does (docs/console.md, "Reversals"); the batch's totals decide.
  const policy = await readReversalPolicy(db, batch.projectGuid);
  const symbolOf = (guid: string) => symbols.get(guid) ?? guid;
  const totals = approvalTotals(plan.totals, await readPolicies(db, batch.projectGuid), symbolOf);
  const waits = reversalNeedsApproval(policy, totals);
  const expiresAt = waits ? await approvalExpiry(db) : null;
  let approvalId: number | null = null;
  const awardIds = new Map(
    (
      (await db.execute(
        sql`select id, request_id from console.awards where batch_id = ${batchId}`,
      )) as unknown as { rows: { id: number; request_id: string }[] }
    ).rows.map((row) => [row.request_id, Number(row.id)]),
  );
  const { record, created } = await writeBatchReversal(
    db,
    batch,
    { actorId: user.id, actorEmail: user.email, reason },
    reversible.map((row) => ({
      awardId: awardIds.get(row.requestId) as number,
      reversalId: rowReversalId(row.requestId),
      line: row.line,
    })),
    (written: BatchReversalRecord) => ({
      actor: audit.actor,
      event: {
        kind: waits ? "reversal.requested" : "batch.reversed",
        project: audit.project,
        summary: `${waits ? "Waiting for approval: reversal of" : "Reversing"} bulk batch ${batch.id} (${batch.fileName}): ${reversible.length} rows, at most ${totals.map((t) => `${t.amount} ${t.symbol}`).join(" + ")}: ${reason}`,
        detail: { batchId: batch.id, batchReversalId: written.id, rows: reversible.length, totals, reason },
      },
    }),
    expiresAt
      ? {
          alongside: async (tx, written) => {
            const approval = await requestApproval(
              tx,
              { batchReversalId: written.id },
              {
                projectGuid: batch.projectGuid,
                connection: batch.connection,
                requesterId: user.id,
                requesterEmail: user.email,
                summary: { totals },
                expiresAt,
              },
            );
            approvalId = approval.id;
          },
        }
      : undefined,
  );
  if (record.status === "sending") startReversing(record.id);
  return { batchReversalId: record.id, rows: record.rowCount, created, approvalId };
}

/** A batch reversal's rows counted by status (its live progress). */
export async function batchReversalCounts(
  db: ConsoleDb,
  batchReversalId: number,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: reversals.status, n: sql<number>`count(*)::int` })
    .from(reversals)
    .where(eq(reversals.batchReversalId, batchReversalId))
    .groupBy(reversals.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
