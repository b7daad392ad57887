import { z } from "zod";
import { guid } from "@/lib/contract/guid";
import { policyAmountProblem } from "./policy-rules";

export { POLICY_LABELS } from "./policy-rules";

/**
 * The policy form's input for one token (docs/console.md, "Award policies"), shared by the server
 * action and the form. Each amount is exact decimal text; empty means "no rule".
 */
const optionalAmount = z
  .string({ error: "must be text" })
  .trim()
  .check((ctx) => {
    const message = policyAmountProblem(ctx.value);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  })
  .transform((text) => (text === "" ? null : text));

export const PolicyInput = z.object({
  token: guid,
  /** Needs approval above this (an award line, or a batch's total for the token). */
  approvalThreshold: optionalAmount,
  /** The most one manager may award in a rolling 24 hours. */
  managerDailyLimit: optionalAmount,
  /** The most one owner may award in a rolling 24 hours. */
  ownerDailyLimit: optionalAmount,
});
export type PolicyInput = z.input<typeof PolicyInput>;
export type ParsedPolicy = z.output<typeof PolicyInput>;
