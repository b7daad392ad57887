import "server-only";
import { and, eq } from "drizzle-orm";
import { type AuditActor, audited } from "@/lib/audit/audit-log";
import { canonicalDecimal } from "@/lib/contract/decimal";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardPolicies } from "@/lib/db/schema";
import { type ParsedPolicy, POLICY_LABELS } from "./policy-input";
import type { TokenPolicy } from "./policy-model";

/** The project's award policies by lower-cased token GUID (docs/console.md, "Award policies"). */
export async function readPolicies(db: ConsoleDb, projectGuid: string): Promise<Map<string, TokenPolicy>> {
  const rows = await db
    .select()
    .from(awardPolicies)
    .where(eq(awardPolicies.projectGuid, canonicalGuid(projectGuid)));
  const amount = (value: string | null) => (value === null ? null : canonicalDecimal(value));
  return new Map(
    rows.map((row) => [
      row.tokenGuid,
      {
        tokenGuid: row.tokenGuid,
        symbol: row.tokenSymbol,
        approvalThreshold: amount(row.approvalThreshold),
        managerDailyLimit: amount(row.managerDailyLimit),
        ownerDailyLimit: amount(row.ownerDailyLimit),
      },
    ]),
  );
}

const shown = (value: string | null) => (value === null ? "none" : value);

/**
 * Sets one token's policy and records what changed from what, in one transaction. A policy with
 * no rule left is removed.
 */
export async function setPolicy(
  db: ConsoleDb,
  target: { projectGuid: string; project: string; symbol: string },
  input: ParsedPolicy,
  actor: AuditActor,
): Promise<TokenPolicy> {
  const tokenGuid = canonicalGuid(input.token);
  const projectGuid = canonicalGuid(target.projectGuid);
  const next = {
    approvalThreshold: input.approvalThreshold === null ? null : canonicalDecimal(input.approvalThreshold),
    managerDailyLimit: input.managerDailyLimit === null ? null : canonicalDecimal(input.managerDailyLimit),
    ownerDailyLimit: input.ownerDailyLimit === null ? null : canonicalDecimal(input.ownerDailyLimit),
  };
  return audited(
    db,
    actor,
    async (tx) => {
      const before = (await readPolicies(tx, projectGuid)).get(tokenGuid);
      const where = and(eq(awardPolicies.projectGuid, projectGuid), eq(awardPolicies.tokenGuid, tokenGuid));
      if (Object.values(next).every((value) => value === null)) await tx.delete(awardPolicies).where(where);
      else
        await tx
          .insert(awardPolicies)
          .values({
            projectGuid,
            tokenGuid,
            tokenSymbol: target.symbol,
            ...next,
            changedBy: actor.email,
          })
          .onConflictDoUpdate({
            target: [awardPolicies.projectGuid, awardPolicies.tokenGuid],
            set: { tokenSymbol: target.symbol, ...next, changedBy: actor.email, changedAt: new Date() },
          });
      return {
        before: before ?? { approvalThreshold: null, managerDailyLimit: null, ownerDailyLimit: null },
        after: { tokenGuid, symbol: target.symbol, ...next },
      };
    },
    ({ before, after }) => {
      const keys = Object.keys(POLICY_LABELS) as (keyof typeof POLICY_LABELS)[];
      const changes = keys
        .filter((key) => before[key] !== after[key])
        .map((key) => `${POLICY_LABELS[key]} ${shown(before[key])} → ${shown(after[key])}`);
      return {
        kind: "policy.changed",
        project: target.project,
        summary: `Award policy for ${target.symbol}: ${changes.length > 0 ? changes.join(", ") : "unchanged"}`,
        detail: {
          token: tokenGuid,
          symbol: target.symbol,
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: Object.fromEntries(keys.map((key) => [key, after[key]])),
        },
      };
    },
  ).then((result) => result.after);
}
