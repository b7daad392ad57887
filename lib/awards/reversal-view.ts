import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { getAward } from "@/lib/client/awards";
import { ServiceCallError } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { listProjectTokens } from "@/lib/client/catalogue";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { approvalRequests, awards, reversals } from "@/lib/db/schema";
import { NEVER_SENT } from "@/lib/model/award-status";
import type { ReversalLine, ReversalView, ReversibleLine } from "@/lib/model/reversal-status";

export type { ReversalView, ReversibleLine };

import type { ReversalRecord } from "./lifecycle/reversals";
import { reversalTarget } from "./reverse-award";
import type { AwardRecord } from "./trail";

/**
 * What the Reverse panel of an award's page shows (docs/console.md, "Reversals"): the award as the
 * service reads it now — its state and what of each line is still in effect — and, per line,
 * whether a reversal can reach it or why not. The service decides; this only spares a person a
 * request it would refuse. Reads only.
 */

/** A database chain's name (the spec's chain value DB): its transfers are the service's own records. */
const isDatabaseChain = (chain: string) => chain.toUpperCase() === "DB";

export async function readReversalView(db: ConsoleDb, award: AwardRecord): Promise<ReversalView> {
  if (award.status === "awaiting-approval" || award.status === "pending")
    return {
      kind: "unavailable",
      why: "This award has not been sent: there is nothing to reverse (withdraw or reject it instead).",
    };
  if (NEVER_SENT.includes(award.status))
    return { kind: "unavailable", why: "This award was never sent: there is nothing to reverse." };
  if (award.status === "failed")
    return {
      kind: "unavailable",
      why: "The service refused this award: nothing was paid, there is nothing to reverse.",
    };
  let target: Awaited<ReturnType<typeof reversalTarget>>;
  try {
    target = await reversalTarget(db, award.requestId);
  } catch (error) {
    return { kind: "unavailable", why: (error as Error).message };
  }
  let record: Awaited<ReturnType<typeof getAward>>["Data"];
  let chains: Map<string, string>;
  try {
    const [answer, tokens] = await Promise.all([
      getAward(target.connection, award.requestId),
      listProjectTokens(target.connection),
    ]);
    record = answer.Data;
    chains = new Map(
      tokens.Data.Tokens.flatMap((token) =>
        token.Contracts.map((c) => [canonicalGuid(c.ContractGuid), c.ChainName] as const),
      ),
    );
  } catch (error) {
    if (isExtensionMissing(error) && award.status !== "unknown")
      return {
        kind: "unavailable",
        why: "This service implements only the spec: it has no ReverseAward, so the console cannot reverse awards through it.",
      };
    if (error instanceof ServiceCallError && error.status === 404)
      return {
        kind: "unavailable",
        why: "The service has no record of this award: nothing was paid, there is nothing to reverse.",
      };
    if (error instanceof ServiceCallError)
      return {
        kind: "unavailable",
        why: `The service could not be asked about this award now: ${error.message}`,
      };
    throw error;
  }
  if (!record.Remaining)
    return {
      kind: "unavailable",
      why: "This service does not offer reversals (its award records have no Remaining): the console cannot reverse awards through it.",
    };
  const remaining = new Map(record.Remaining.map((l) => [key(l), l.Amount]));
  const queued = record.Status === "Queued";
  const lines = record.Tokens.map((line): ReversibleLine => {
    const chain = chains.get(canonicalGuid(line.ContractGuid)) ?? "";
    const left = remaining.get(key(line)) ?? "0";
    return {
      token: canonicalGuid(line.Guid),
      contract: canonicalGuid(line.ContractGuid),
      symbol: "",
      chain,
      awarded: line.Amount,
      remaining: left,
      blocked:
        left === "0"
          ? "Nothing of it is left to reverse."
          : !record.IsAllowance && !queued && !isDatabaseChain(chain)
            ? `Distributed on ${chain || "a blockchain"}: an on-chain transfer is final.`
            : null,
    };
  });
  const nothing =
    record.Status === "Cancelled"
      ? "It was cancelled: it will never be paid, there is nothing left to reverse."
      : record.Status === "Reversed"
        ? "It was reversed whole already: there is nothing left to reverse."
        : lines.every((l) => l.blocked)
          ? (lines.find((l) => l.blocked && l.remaining !== "0")?.blocked ??
            "Nothing of it is left to reverse.")
          : null;
  return {
    kind: "ready",
    state: record.Status,
    isAllowance: record.IsAllowance,
    wallet: record.Wallet,
    lines,
    nothing,
  };
}

const key = (line: ReversalLine) => `${canonicalGuid(line.Guid)}|${canonicalGuid(line.ContractGuid)}`;

/** The reversals the trail holds of an award, oldest first, each with its approval request if it needed one. */
export async function trailReversals(
  db: ConsoleDb,
  awardId: number,
): Promise<(ReversalRecord & { approvalId: number | null })[]> {
  const rows = await db
    .select({ reversal: reversals, approvalId: approvalRequests.id })
    .from(reversals)
    .leftJoin(approvalRequests, eq(approvalRequests.reversalId, reversals.id))
    .where(eq(reversals.awardId, awardId))
    .orderBy(asc(reversals.id));
  return rows.map(({ reversal, approvalId }) => ({ ...reversal, approvalId }));
}

/** The latest reversals of a player's awards in one project, newest first. */
export async function playerReversals(
  db: ConsoleDb,
  customerId: string,
  projectGuid: string,
  limit: number,
): Promise<(ReversalRecord & { approvalId: number | null; requestId: string })[]> {
  const rows = await db
    .select({ reversal: reversals, approvalId: approvalRequests.id, requestId: awards.requestId })
    .from(reversals)
    .innerJoin(awards, eq(awards.id, reversals.awardId))
    .leftJoin(approvalRequests, eq(approvalRequests.reversalId, reversals.id))
    .where(and(eq(awards.customerId, customerId), eq(awards.projectGuid, canonicalGuid(projectGuid))))
    .orderBy(desc(reversals.id))
    .limit(limit);
  return rows.map(({ reversal, approvalId, requestId }) => ({ ...reversal, approvalId, requestId }));
}
