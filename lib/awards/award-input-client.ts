import { MAX_TOKEN_LINES } from "@/lib/contract/award-limits";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { fieldPath } from "@/lib/contract/issues";
import { canonicalGuid } from "@/lib/contract/uuid-pattern";
import type { AddressFormat } from "@/lib/contract/wallet-address";
import type { ParsedAward } from "./award-input";
import { AWARD_RULES, type AwardMode, amountProblem, crossFieldIssues, REASON_MAX } from "./award-rules";

/**
 * The award and funding forms' checks in the browser, with no schema library: zod would cost
 * these pages 13–25 kB gzipped of their 200 kB budget (docs/console.md, "Bundle budget"). Built
 * from the same rules as the server action's schema (award-rules.ts, award-input.ts), and
 * award-input-client.test.ts holds the two to the same answer for every award the form can
 * send. The browser checks what a person types or picks; the RequestID (generated) and the
 * token, contract and chain (from the project's own token list) are left to the server's schema.
 */

/** An award as the form holds it: the server's input, typed as the form's controls make it. */
export interface FormAward {
  requestId: string;
  customerId: string;
  mode: AwardMode;
  wallet: string;
  mintable: boolean;
  lines: {
    token: string;
    contract: string;
    chain: string;
    addressFormat?: AddressFormat | null;
    amount: string;
  }[];
  reason: string;
  confirmNewPlayer?: boolean;
}

/** Each field's first problem, by its path (`lines[0].amount`), as the server action reports them. */
export type FieldErrors = Record<string, string>;

/** The contract's wallet rule (lib/contract/fields.ts `wallet`): 1–128 characters. */
function walletRule(text: string): string | null {
  if (text.length < 1) return "must not be empty";
  return text.length > 128 ? "must be at most 128 characters" : null;
}

/** The award to review, as the server will read it (trimmed), or every field's problem at once. */
export function checkAward(
  input: FormAward,
): { ok: true; data: ParsedAward } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const refuse = (path: string, message: string) => {
    fieldErrors[path] ??= message;
  };
  const customer = checkCustomerId(input.customerId);
  if (!customer.ok) refuse("customerId", customer.problem);
  // As the server's schema does, too many lines are refused before any line or cross-field rule is read.
  const tooMany = input.lines.length > MAX_TOKEN_LINES;
  if (tooMany) refuse("lines", AWARD_RULES.tooManyLines);
  if (input.lines.length < 1) refuse("lines", AWARD_RULES.noLines);
  const lines = input.lines.map((line, index) => {
    const amount = line.amount.trim();
    const problem = tooMany ? null : amountProblem(amount);
    if (problem) refuse(`lines[${index}].amount`, problem);
    // GUIDs as the server's schema hands them on: canonical (lib/contract/uuid-pattern.ts).
    return {
      token: canonicalGuid(line.token),
      contract: canonicalGuid(line.contract),
      chain: line.chain,
      ...(line.addressFormat !== undefined ? { addressFormat: line.addressFormat } : {}),
      amount,
    };
  });
  const reason = input.reason.trim();
  if (reason.length < 1) refuse("reason", AWARD_RULES.noReason);
  if (reason.length > REASON_MAX) refuse("reason", AWARD_RULES.longReason);
  const wallet = input.wallet.trim();
  for (const issue of tooMany ? [] : crossFieldIssues({ mode: input.mode, wallet, lines }, walletRule))
    refuse(fieldPath(issue.path), issue.message);
  if (!customer.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    data: {
      requestId: canonicalGuid(input.requestId),
      customerId: customer.id,
      mode: input.mode,
      wallet,
      mintable: input.mintable,
      lines,
      reason,
      confirmNewPlayer: input.confirmNewPlayer ?? false,
    },
  };
}

/** An amount as the fund form sends it (trimmed), or what is wrong with it. */
export function checkAmount(text: string): { ok: true; amount: string } | { ok: false; problem: string } {
  const amount = text.trim();
  const problem = amountProblem(amount);
  return problem ? { ok: false, problem } : { ok: true, amount };
}
