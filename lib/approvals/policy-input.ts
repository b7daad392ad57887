import { z } from "zod";
import { decimalProblem, MAX_DECIMALS, MAX_INTEGER_DIGITS } from "@/lib/contract/decimal";
import { uuid } from "@/lib/contract/fields";

/**
 * The policy form's input for one token (docs/console.md, "Award policies"), shared by the server
 * action and the form. Each amount is exact decimal text; empty means "no rule".
 */
const optionalAmount = z
  .string({ error: "must be text" })
  .trim()
  .check((ctx) => {
    if (ctx.value === "") return;
    const problem = decimalProblem(ctx.value);
    const message =
      problem === "format" || ctx.value.startsWith("-")
        ? ctx.value.includes(",")
          ? "must use a point for decimals, not a comma"
          : "must be empty (no rule) or a number like 1000 or 0.5"
        : problem === "integerDigits"
          ? `must have at most ${MAX_INTEGER_DIGITS} digits before the point`
          : problem === "decimals"
            ? `must have at most ${MAX_DECIMALS} decimal places`
            : null;
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  })
  .transform((text) => (text === "" ? null : text));

export const PolicyInput = z.object({
  token: uuid,
  /** Needs approval above this (an award line, or a batch's total for the token). */
  approvalThreshold: optionalAmount,
  /** The most one manager may award in a rolling 24 hours. */
  managerDailyLimit: optionalAmount,
  /** The most one owner may award in a rolling 24 hours. */
  ownerDailyLimit: optionalAmount,
});
export type PolicyInput = z.input<typeof PolicyInput>;
export type ParsedPolicy = z.output<typeof PolicyInput>;

export const POLICY_LABELS = {
  approvalThreshold: "Approval above",
  managerDailyLimit: "Manager daily limit",
  ownerDailyLimit: "Owner daily limit",
} as const;
