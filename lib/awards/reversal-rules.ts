import { compareDecimals, decimalProblem } from "@/lib/contract/decimal";

/**
 * The Reverse panel's own check of an amount to take back (docs/console.md, "Reversals"), in the
 * browser before anything is sent: a decimal above zero, at most what remains of the line. The
 * service checks again and decides. Plain code: the browser loads it.
 */
export function reversalAmountProblem(text: string, remaining: string): string | null {
  const amount = text.trim();
  if (amount === "") return "must not be empty: enter what to take back, or leave the line out";
  if (decimalProblem(amount) !== null || amount.startsWith("-"))
    return amount.includes(",")
      ? "must use a point for decimals, not a comma"
      : "must be a number like 25 or 0.5";
  if (compareDecimals(amount, "0") <= 0) return "must be more than 0";
  if (compareDecimals(amount, remaining) > 0) return `must be at most ${remaining}, what remains of the line`;
  return null;
}
