import { typedAmountProblem } from "@/lib/contract/decimal";

/**
 * The award policy's rules with no zod (docs/console.md, "Award policies"): the server's schema
 * (policy-input.ts) and the browser's form both read them, so their words are the same.
 */

export const POLICY_LABELS = {
  approvalThreshold: "Approval above",
  managerDailyLimit: "Manager daily limit",
  ownerDailyLimit: "Owner daily limit",
} as const;

/** A policy amount: empty (no rule) or an exact decimal of 0 or more; null when it is fine. */
export function policyAmountProblem(typed: string): string | null {
  const text = typed.trim();
  if (text === "") return null;
  return typedAmountProblem(text, "must be empty (no rule) or a number like 1000 or 0.5");
}
