import { z } from "zod";
import { MAX_TOKEN_LINES } from "@/lib/contract/award-limits";
import { wallet } from "@/lib/contract/fields";
import { guid } from "@/lib/contract/guid";
import { ADDRESS_FORMATS } from "@/lib/contract/wallet-address";
import { operatorCustomerId } from "@/lib/players/customer-id";
import {
  AWARD_MODES,
  AWARD_RULES,
  amountProblem,
  crossFieldIssues,
  isCrossCheckable,
  REASON_MAX,
} from "./award-rules";

/**
 * The award form's input (docs/console.md, "The form and the RequestID rule"), checked by the server action with this schema. The browser
 * checks the same rules (award-rules.ts) without zod, in award-input-client.ts, which
 * award-input-client.test.ts holds to this schema's answers. Amounts stay text: exact decimals, never
 * a JavaScript number.
 */

export { AWARD_MODES, type AwardMode, walletProblem } from "./award-rules";

export const amountText = z
  .string()
  .trim()
  .check((ctx) => {
    const message = amountProblem(ctx.value);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

export const AwardLineInput = z.object({
  token: guid,
  contract: guid,
  /** The contract's chain, for the wallet rule (from the project's token list). */
  chain: z.string().max(100).default(""),
  /** The chain's address format as the service gave it (absent: the service does not say). */
  addressFormat: z
    .enum(ADDRESS_FORMATS, { error: `must be ${ADDRESS_FORMATS.map((f) => `"${f}"`).join(", ")} or null` })
    .nullable()
    .optional(),
  amount: amountText,
});

/** The contract's wallet rule, as the cross-field rules ask it. */
function walletRule(text: string): string | null {
  const checked = wallet.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "is not valid");
}

export const AwardInput = z
  .object({
    requestId: guid,
    /** Trimmed: a Customer ID with spaces around it never reaches the service (docs/console.md). */
    customerId: operatorCustomerId,
    mode: z.enum(AWARD_MODES, { error: AWARD_RULES.mode }),
    wallet: z.string().trim().default(""),
    mintable: z.boolean().default(false),
    lines: z
      .array(AwardLineInput)
      .min(1, { error: AWARD_RULES.noLines })
      .max(MAX_TOKEN_LINES, { error: AWARD_RULES.tooManyLines }),
    reason: z
      .string()
      .trim()
      .min(1, { error: AWARD_RULES.noReason })
      .max(REASON_MAX, { error: AWARD_RULES.longReason }),
    /** The person saw "New player: no tokens or items yet" and sends all the same. */
    confirmNewPlayer: z.boolean().default(false),
  })
  .superRefine(
    (award, ctx) => {
      for (const issue of crossFieldIssues(award, walletRule)) ctx.addIssue({ code: "custom", ...issue });
    },
    { when: (payload) => isCrossCheckable(payload.value) },
  );

export type AwardInput = z.input<typeof AwardInput>;
export type ParsedAward = z.output<typeof AwardInput>;
