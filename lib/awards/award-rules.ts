import { MAX_TOKEN_LINES } from "@/lib/contract/award-limits";
import { decimalProblem, MAX_DECIMALS, MAX_INTEGER_DIGITS, toUnits } from "@/lib/contract/decimal";
import { type AddressFormat, addressProblem, chainAddressFormat } from "@/lib/contract/wallet-address";

/**
 * The award form's own rules (docs/console.md, "The form and the RequestID rule") as plain functions and sentences, with no schema
 * library: the server action's schema (award-input.ts, zod) and the browser's checks
 * (award-input-client.ts, no zod) are both built from them, so each rule has one home while the
 * browser ships no zod (docs/console.md, "Bundle budget").
 */

export const AWARD_MODES = ["allowance", "direct"] as const;
export type AwardMode = (typeof AWARD_MODES)[number];

export const REASON_MAX = 500;

/** The sentences of the rules a schema states by its shape (enum, lengths). */
export const AWARD_RULES = {
  mode: "must be Allowance or Direct distribution",
  noLines: "must have at least one token line",
  tooManyLines: `must have at most ${MAX_TOKEN_LINES} token lines`,
  noReason: "is required: say why (kept in the award trail)",
  longReason: `must be at most ${REASON_MAX} characters`,
} as const;

/**
 * The address rule of a chain (lib/contract/wallet-address.ts): the format the service gives for
 * the contract's chain (`GET /Tokens`' `AddressFormat`, null: any text), or, from a service that
 * does not say (`undefined`), the guess from the chain's name.
 */
export function walletProblem(
  chainName: string,
  address: string,
  format?: AddressFormat | null,
): string | null {
  return addressProblem(chainAddressFormat(chainName, format), address, chainName);
}

/** What is wrong with an amount as a person typed it (already trimmed), or null. */
export function amountProblem(text: string): string | null {
  // "-5" is a number, just not one an award can send: say so, not that it is no number.
  if (text.startsWith("-") && decimalProblem(text.slice(1)) === null)
    return "must be positive: an award only adds tokens";
  const problem = decimalProblem(text);
  if (problem === "format" || text.startsWith("-"))
    return text.includes(",")
      ? "must use a point for decimals, not a comma"
      : "must be a number like 25 or 0.5";
  if (problem === "integerDigits") return `must have at most ${MAX_INTEGER_DIGITS} digits before the point`;
  if (problem === "decimals") return `must have at most ${MAX_DECIMALS} decimal places`;
  return toUnits(text) <= 0n ? "must be greater than 0" : null;
}

/** The parts of an award the cross-field rules read. */
export interface CrossChecked {
  mode: AwardMode;
  wallet: string;
  lines: { token: string; contract: string; chain: string; addressFormat?: AddressFormat | null }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether the cross-field rules can read the award: they run whenever these parts are well
 * formed, even while other fields are wrong, so the form shows every problem at once.
 */
export function isCrossCheckable(value: unknown): value is CrossChecked {
  if (!isRecord(value)) return false;
  const { mode, wallet, lines } = value;
  return (
    AWARD_MODES.includes(mode as AwardMode) &&
    typeof wallet === "string" &&
    Array.isArray(lines) &&
    lines.every(
      (line) =>
        isRecord(line) &&
        typeof line.token === "string" &&
        typeof line.contract === "string" &&
        typeof line.chain === "string",
    )
  );
}

export interface AwardIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules across fields: a token and contract once per award; a direct distribution needs a
 * wallet that passes the contract's wallet rule (`walletRule`, the schema's own) and the address
 * rule of every chain it pays on.
 */
export function crossFieldIssues(
  award: CrossChecked,
  walletRule: (text: string) => string | null,
): AwardIssue[] {
  const issues: AwardIssue[] = [];
  const seen = new Set<string>();
  award.lines.forEach((line, index) => {
    const key = `${line.token.toLowerCase()} ${line.contract.toLowerCase()}`;
    if (seen.has(key))
      issues.push({
        path: ["lines", index, "contract"],
        message: "repeats the token and contract of an earlier line: put the total on one line",
      });
    seen.add(key);
  });
  if (award.mode !== "direct") return issues;
  const problem = walletRule(award.wallet);
  if (problem !== null) {
    issues.push({
      path: ["wallet"],
      message: award.wallet === "" ? "is required for a direct distribution" : problem,
    });
    return issues;
  }
  for (const line of award.lines) {
    if (!line.chain) continue;
    const chainProblem = walletProblem(line.chain, award.wallet, line.addressFormat);
    if (chainProblem) {
      issues.push({ path: ["wallet"], message: chainProblem });
      return issues;
    }
  }
  return issues;
}
