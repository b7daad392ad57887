import { z } from "zod";
import { MAX_REASON_LENGTH, MAX_TOKEN_LINES } from "@/lib/contract/award-limits";
import { guid } from "@/lib/contract/guid";
import { textProblem } from "@/lib/contract/text-rule";
import { amountText } from "./award-input";

/**
 * What the Reverse dialog sends (docs/console.md, "Reversals"): the award, the ReversalID minted
 * when the person reviewed it (a retry sends the same one), the reason the service keeps, and the
 * lines to take back — or none, for everything still reversible.
 */
/** A reversal's reason, as the service takes it (1–500 characters, no control characters). */
export const reversalReason = z
  .string()
  .trim()
  .min(1, { error: "Reason: say why the award is reversed; the player's record keeps it" })
  .max(MAX_REASON_LENGTH, { error: `Reason: at most ${MAX_REASON_LENGTH} characters` })
  .check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", message: `Reason ${problem}`, input: ctx.value });
  });

export const ReversalInput = z.object({
  requestId: guid,
  reversalId: guid,
  reason: reversalReason,
  lines: z
    .array(z.object({ token: guid, contract: guid, amount: amountText }))
    .min(1, { error: "Choose at least one line to take back, or reverse the whole award" })
    .max(MAX_TOKEN_LINES)
    .nullable(),
});

export type ReversalInput = z.input<typeof ReversalInput>;
export type ParsedReversal = z.output<typeof ReversalInput>;
