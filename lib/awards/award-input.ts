import { z } from "zod";
import { MAX_TOKEN_LINES } from "@/lib/contract/awards";
import { decimalProblem, MAX_DECIMALS, MAX_INTEGER_DIGITS, toUnits } from "@/lib/contract/decimal";
import { uuid, wallet } from "@/lib/contract/fields";
import { operatorCustomerId } from "@/lib/players/customer-id";

/**
 * The award form's input (DESIGN §7), checked with this one schema in the browser and again in
 * the server action. Amounts stay text: exact decimals, never a JavaScript number.
 */

export const AWARD_MODES = ["allowance", "direct"] as const;
export type AwardMode = (typeof AWARD_MODES)[number];

/** Chains whose wallets are EVM addresses (`0x` + 40 hex digits), by name, in any case. */
const EVM_CHAINS = new Set([
  "ethereum",
  "polygon",
  "bsc",
  "bnb",
  "arbitrum",
  "optimism",
  "base",
  "avalanche",
  "sepolia",
  "amoy",
]);
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The address rule of a chain, when the console knows one. */
export function walletProblem(chainName: string, address: string): string | null {
  if (EVM_CHAINS.has(chainName.toLowerCase()) && !EVM_ADDRESS.test(address))
    return `must be a ${chainName} address: 0x followed by 40 hexadecimal digits`;
  return null;
}

export const amountText = z
  .string()
  .trim()
  .check((ctx) => {
    const problem = decimalProblem(ctx.value);
    const message =
      problem === "format" || ctx.value.startsWith("-")
        ? ctx.value.includes(",")
          ? "must use a point for decimals, not a comma"
          : "must be a number like 25 or 0.5"
        : problem === "integerDigits"
          ? `must have at most ${MAX_INTEGER_DIGITS} digits before the point`
          : problem === "decimals"
            ? `must have at most ${MAX_DECIMALS} decimal places`
            : toUnits(ctx.value) <= 0n
              ? "must be greater than 0"
              : null;
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

export const AwardLineInput = z.object({
  token: uuid,
  contract: uuid,
  /** The contract's chain, for the wallet rule (from the project's token list). */
  chain: z.string().max(100).default(""),
  amount: amountText,
});

/** What the cross-field checks read: they run whenever these parts are well formed. */
const CrossChecked = z.object({
  mode: z.enum(AWARD_MODES),
  wallet: z.string(),
  lines: z.array(z.object({ token: z.string(), contract: z.string(), chain: z.string() })),
});

export const AwardInput = z
  .object({
    requestId: uuid,
    /** Trimmed: a Customer ID with spaces around it never reaches the service (docs/console.md). */
    customerId: operatorCustomerId,
    mode: z.enum(AWARD_MODES, { error: "must be Allowance or Direct distribution" }),
    wallet: z.string().trim().default(""),
    mintable: z.boolean().default(false),
    lines: z
      .array(AwardLineInput)
      .min(1, { error: "must have at least one token line" })
      .max(MAX_TOKEN_LINES, { error: `must have at most ${MAX_TOKEN_LINES} token lines` }),
    reason: z
      .string()
      .trim()
      .min(1, { error: "is required: say why (kept in the award trail)" })
      .max(500, { error: "must be at most 500 characters" }),
    /** The person saw "New player: no tokens or items yet" and sends all the same. */
    confirmNewPlayer: z.boolean().default(false),
  })
  .superRefine(
    (award, ctx) => {
      const seen = new Set<string>();
      award.lines.forEach((line, index) => {
        const key = `${line.token.toLowerCase()} ${line.contract.toLowerCase()}`;
        if (seen.has(key))
          ctx.addIssue({
            code: "custom",
            path: ["lines", index, "contract"],
            message: "repeats the token and contract of an earlier line: put the total on one line",
          });
        seen.add(key);
      });
      if (award.mode !== "direct") return;
      const checked = wallet.safeParse(award.wallet);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        ctx.addIssue({
          code: "custom",
          path: ["wallet"],
          message:
            award.wallet === ""
              ? "is required for a direct distribution"
              : (issue?.message ?? "is not valid"),
        });
        return;
      }
      for (const chain of new Set(award.lines.map((line) => line.chain).filter(Boolean))) {
        const problem = walletProblem(chain, award.wallet);
        if (problem) {
          ctx.addIssue({ code: "custom", path: ["wallet"], message: problem });
          return;
        }
      }
    },
    // Checked even while other fields are wrong, so the form shows every problem at once.
    { when: (payload) => CrossChecked.safeParse(payload.value).success },
  );

export type AwardInput = z.input<typeof AwardInput>;
export type ParsedAward = z.output<typeof AwardInput>;
