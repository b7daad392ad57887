import * as z from "zod/mini";
import { MAX_TOKEN_LINES } from "@/lib/contract/award-limits";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { uuid, wallet } from "@/lib/contract/fields-mini";
import {
  AWARD_MODES,
  AWARD_RULES,
  amountProblem,
  crossFieldIssues,
  isCrossCheckable,
  REASON_MAX,
} from "./award-rules";

/**
 * The award and funding forms' checks in the browser: award-input.ts's schemas rebuilt in
 * zod/mini from the same rules (award-rules.ts), so a page ships a few kB of validation instead
 * of the full zod (docs/console.md, "Bundle budget"). The server action still checks with
 * award-input.ts; award-input-client.test.ts keeps both answering the same for any input.
 */

export const amountText = z.string().check(
  z.trim(),
  z.check((ctx) => {
    const message = amountProblem(ctx.value);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  }),
);

const customerId = z.pipe(
  z.string({ error: "must be text" }),
  z.transform((raw, ctx) => {
    const checked = checkCustomerId(raw);
    if (checked.ok) return checked.id;
    ctx.issues.push({ code: "custom", message: checked.problem, input: raw });
    return z.NEVER;
  }),
);

const line = z.object({
  token: uuid,
  contract: uuid,
  chain: z._default(z.string().check(z.maxLength(100)), ""),
  amount: amountText,
});

function walletRule(text: string): string | null {
  const checked = wallet.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "is not valid");
}

export const AwardInput = z
  .object({
    requestId: uuid,
    customerId,
    mode: z.enum(AWARD_MODES, { error: AWARD_RULES.mode }),
    wallet: z._default(z.string().check(z.trim()), ""),
    mintable: z._default(z.boolean(), false),
    lines: z
      .array(line)
      .check(
        z.minLength(1, { error: AWARD_RULES.noLines }),
        z.maxLength(MAX_TOKEN_LINES, { error: AWARD_RULES.tooManyLines }),
      ),
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: AWARD_RULES.noReason }),
        z.maxLength(REASON_MAX, { error: AWARD_RULES.longReason }),
      ),
    confirmNewPlayer: z._default(z.boolean(), false),
  })
  .check(
    z.superRefine(
      (award, ctx) => {
        for (const issue of crossFieldIssues(award, walletRule)) ctx.addIssue({ code: "custom", ...issue });
      },
      { when: (payload) => isCrossCheckable(payload.value) },
    ),
  );
