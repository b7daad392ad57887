import {
  canonicalDecimal,
  compareDecimals,
  decimalProblem,
  fromUnits,
  sumDecimals,
  toUnits,
} from "@/lib/contract/decimal";
import type { Role } from "@/lib/model/roles";

/**
 * The award policy's arithmetic (docs/console.md, "Award policies"), exact and with no I/O: which
 * tokens of an award need a second person, what a person's daily limit is and what remains of it.
 * The database applies the limit under a lock (spend.ts); this model says what the numbers mean
 * and is what the form, the dry run and the refusals show. Amounts are exact decimal text.
 */

export interface TokenPolicy {
  /** Lower-cased. */
  tokenGuid: string;
  symbol: string;
  /** An award line, or a batch's total, above this needs approval; null: never. */
  approvalThreshold: string | null;
  managerDailyLimit: string | null;
  ownerDailyLimit: string | null;
}

/** One token's total in an award or a batch. */
export interface TokenAmount {
  tokenGuid: string;
  amount: string;
}

/** Totals per token (lower-cased GUIDs, first appearance first) of lines or rows. */
export function totalsByToken(lines: readonly { tokenGuid: string; amount: string }[]): TokenAmount[] {
  const totals = new Map<string, string[]>();
  for (const line of lines) {
    const key = line.tokenGuid.toLowerCase();
    totals.set(key, [...(totals.get(key) ?? []), line.amount]);
  }
  return [...totals].map(([tokenGuid, amounts]) => ({ tokenGuid, amount: sumDecimals(amounts) }));
}

/** The daily limit that applies to a role; null: none (support never awards). */
export function dailyLimitFor(policy: TokenPolicy | undefined, role: Role): string | null {
  if (!policy) return null;
  if (role === "manager") return policy.managerDailyLimit;
  if (role === "owner") return policy.ownerDailyLimit;
  return null;
}

/** The tokens whose total is above the token's threshold (an amount equal to it does not need approval). */
export function overThreshold(
  totals: readonly TokenAmount[],
  policies: ReadonlyMap<string, TokenPolicy>,
): TokenAmount[] {
  return totals.filter((total) => {
    const threshold = policies.get(total.tokenGuid)?.approvalThreshold;
    return threshold != null && compareDecimals(total.amount, threshold) > 0;
  });
}

/** What is left of a limit after what was used (never below zero). */
export function remainingOf(limit: string, used: string): string {
  const left = toUnits(limit) - toUnits(used);
  return left > 0n ? fromUnits(left) : "0";
}

export interface LimitBreach {
  tokenGuid: string;
  symbol: string;
  role: Role;
  limit: string;
  used: string;
  remaining: string;
  amount: string;
}

/**
 * The first token whose amount would take the person past their daily limit, given what they used
 * in the last 24 hours; null when every token fits.
 */
export function limitBreach(
  totals: readonly TokenAmount[],
  policies: ReadonlyMap<string, TokenPolicy>,
  role: Role,
  usedByToken: ReadonlyMap<string, string>,
): LimitBreach | null {
  for (const total of totals) {
    const policy = policies.get(total.tokenGuid);
    const limit = dailyLimitFor(policy, role);
    if (limit === null) continue;
    const used = usedByToken.get(total.tokenGuid) ?? "0";
    if (toUnits(used) + toUnits(total.amount) > toUnits(limit))
      return {
        tokenGuid: total.tokenGuid,
        symbol: policy?.symbol || total.tokenGuid,
        role,
        limit: canonicalDecimal(limit),
        used: canonicalDecimal(used),
        remaining: remainingOf(limit, used),
        amount: canonicalDecimal(total.amount),
      };
  }
  return null;
}

/** The refusal a person reads: whose limit, the limit, what is used and what remains. */
export function describeBreach(breach: LimitBreach, whose = "your"): string {
  return `Over ${whose} daily limit for ${breach.symbol}: a ${breach.role} may award ${breach.limit} ${breach.symbol} in 24 hours; ${breach.used} is used, ${breach.remaining} remains, and this needs ${breach.amount}. Nothing was sent.`;
}

/** One token of an award or a batch against the policy: for the form, the dry run and the approver. */
export interface TokenCheck {
  tokenGuid: string;
  symbol: string;
  amount: string;
  /** Null: no threshold for the token. */
  threshold: string | null;
  needsApproval: boolean;
  /** The person's daily limit; null: none. */
  limit: string | null;
  /** What the person awarded of it in the last 24 hours. */
  used: string;
  /** Null when there is no limit. */
  remaining: string | null;
  overLimit: boolean;
}

/** Every token of the totals against the policies, for this person (their role and what they used). */
export function checkTokens(
  totals: readonly TokenAmount[],
  policies: ReadonlyMap<string, TokenPolicy>,
  role: Role,
  usedByToken: ReadonlyMap<string, string>,
  symbolOf: (tokenGuid: string) => string,
): TokenCheck[] {
  return totals.map((total) => {
    const policy = policies.get(total.tokenGuid);
    const threshold = policy?.approvalThreshold ?? null;
    const limit = dailyLimitFor(policy, role);
    const used = usedByToken.get(total.tokenGuid) ?? "0";
    return {
      tokenGuid: total.tokenGuid,
      symbol: symbolOf(total.tokenGuid),
      amount: total.amount,
      threshold,
      needsApproval: threshold !== null && compareDecimals(total.amount, threshold) > 0,
      limit,
      used,
      remaining: limit === null ? null : remainingOf(limit, used),
      overLimit: limit !== null && toUnits(used) + toUnits(total.amount) > toUnits(limit),
    };
  });
}

/** One token's rules for one person now: what the award form shows beside each line. */
export interface TokenRules {
  tokenGuid: string;
  threshold: string | null;
  limit: string | null;
  used: string;
  remaining: string | null;
}

/** The rules of every token that has any, for this person. */
export function rulesFor(
  policies: ReadonlyMap<string, TokenPolicy>,
  role: Role,
  usedByToken: ReadonlyMap<string, string>,
): TokenRules[] {
  return [...policies.values()].map((policy) => {
    const limit = dailyLimitFor(policy, role);
    const used = usedByToken.get(policy.tokenGuid) ?? "0";
    return {
      tokenGuid: policy.tokenGuid,
      threshold: policy.approvalThreshold,
      limit,
      used,
      remaining: limit === null ? null : remainingOf(limit, used),
    };
  });
}

/**
 * An award's lines against the person's rules, for the form and its review: each token's total
 * (lines whose amount is not a number yet are left out), whether it will wait for approval and
 * whether it passes what remains of the daily limit (the server decides; this tells beforehand).
 */
export function linesAgainstRules(
  lines: readonly { token: string; amount: string }[],
  rules: readonly TokenRules[],
): (TokenRules & { amount: string; needsApproval: boolean; overLimit: boolean })[] {
  const valid = lines.filter(
    (line) => decimalProblem(line.amount.trim()) === null && !line.amount.trim().startsWith("-"),
  );
  const totals = totalsByToken(valid.map((line) => ({ tokenGuid: line.token, amount: line.amount.trim() })));
  return totals.flatMap((total) => {
    const rule = rules.find((r) => r.tokenGuid === total.tokenGuid);
    if (!rule) return [];
    return [
      {
        ...rule,
        amount: total.amount,
        needsApproval: rule.threshold !== null && compareDecimals(total.amount, rule.threshold) > 0,
        overLimit: rule.remaining !== null && compareDecimals(total.amount, rule.remaining) > 0,
      },
    ];
  });
}
