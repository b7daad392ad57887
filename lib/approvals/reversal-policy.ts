import "server-only";
import { eq } from "drizzle-orm";
import { type AuditActor, audited } from "@/lib/audit/audit-log";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { reversalPolicies } from "@/lib/db/schema";
import type { ApprovalTokenTotal } from "@/lib/model/approval-summary";
import { REVERSAL_APPROVAL_LABELS, type ReversalApproval } from "@/lib/model/reversal-policy";
import { isOverThreshold } from "./approval-view";

/**
 * The owners' reversal policy (docs/console.md, "Reversals"): whether a reversal waits for a
 * second person. Reusing the awards' approvals, a reversal above the threshold asks exactly as an
 * award above it does; the thresholds are the award policies' own.
 */

export async function readReversalPolicy(db: ConsoleDb, projectGuid: string): Promise<ReversalApproval> {
  const [row] = await db
    .select({ approval: reversalPolicies.approval })
    .from(reversalPolicies)
    .where(eq(reversalPolicies.projectGuid, canonicalGuid(projectGuid)));
  return row?.approval ?? "none";
}

/** Whether a reversal of these totals (each with its token's threshold) waits for approval. */
export function reversalNeedsApproval(
  policy: ReversalApproval,
  totals: readonly ApprovalTokenTotal[],
): boolean {
  if (policy === "all") return true;
  if (policy === "none") return false;
  return totals.some(isOverThreshold);
}

/** Sets the project's reversal policy, recording what it was and what it is, in one transaction. */
export async function setReversalPolicy(
  db: ConsoleDb,
  target: { projectGuid: string; project: string },
  approval: ReversalApproval,
  actor: AuditActor,
): Promise<ReversalApproval> {
  const projectGuid = canonicalGuid(target.projectGuid);
  return audited(
    db,
    actor,
    async (tx) => {
      const before = await readReversalPolicy(tx, projectGuid);
      await tx
        .insert(reversalPolicies)
        .values({ projectGuid, approval, changedBy: actor.email })
        .onConflictDoUpdate({
          target: reversalPolicies.projectGuid,
          set: { approval, changedBy: actor.email, changedAt: new Date() },
        });
      return { before, after: approval };
    },
    ({ before, after }) => ({
      kind: "policy.changed",
      project: target.project,
      summary: `Reversal approval: ${REVERSAL_APPROVAL_LABELS[before]} → ${REVERSAL_APPROVAL_LABELS[after]}`,
      detail: { reversalApproval: { before, after } },
    }),
  ).then((result) => result.after);
}
