/**
 * Exact decimal arithmetic for token amounts and prices, on BigInt with a fixed scale of 18
 * decimal places (the NUMERIC(78,18) of the service's database). Amounts travel as strings;
 * nothing here ever goes through a JavaScript `number`.
 */

export const MAX_INTEGER_DIGITS = 60;
export const MAX_DECIMALS = 18;

const SCALE = 10n ** BigInt(MAX_DECIMALS);
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal kept as an integer count of 10^-18 units. */
export type Units = bigint;

export type DecimalProblem = "format" | "integerDigits" | "decimals";

/**
 * Checks a plain decimal text (optional minus, digits, optional fraction; no exponent) against
 * the amount limits. Returns the problem, or null when the text is a valid amount.
 */
export function decimalProblem(text: string): DecimalProblem | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return "format";
  const integer = (match[2] ?? "").replace(/^0+(?=\d)/, "");
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (integer.length > MAX_INTEGER_DIGITS) return "integerDigits";
  if (fraction.length > MAX_DECIMALS) return "decimals";
  return null;
}

/**
 * What is wrong with an amount a person typed (not empty, not negative), in words for under its
 * field, or null: one wording for every form that takes an amount. `format` is what a text that
 * is no number at all must be ("a number like 1000 or 0.5").
 */
export function typedAmountProblem(text: string, format: string): string | null {
  const problem = decimalProblem(text);
  if (problem === "format" || text.startsWith("-"))
    return text.includes(",") ? "must use a point for decimals, not a comma" : format;
  if (problem === "integerDigits") return `must have at most ${MAX_INTEGER_DIGITS} digits before the point`;
  if (problem === "decimals") return `must have at most ${MAX_DECIMALS} decimal places`;
  return null;
}

/**
 * Parses plain decimal text into units. Throws on anything `decimalProblem` rejects, so callers
 * validate first where the input comes from outside.
 */
export function toUnits(text: string): Units {
  const problem = decimalProblem(text);
  const match = PLAIN_DECIMAL.exec(text);
  if (problem || !match) throw new RangeError(`Not an exact decimal amount: ${JSON.stringify(text)}`);
  const negative = match[1] === "-";
  const fraction = (match[3] ?? "").replace(/0+$/, "").padEnd(MAX_DECIMALS, "0");
  const units = BigInt(match[2] ?? "0") * SCALE + BigInt(fraction);
  return negative ? -units : units;
}

/** Canonical text: no exponent, no trailing zeros, no trailing point ("10", "0.5", "-3.25"). */
export function fromUnits(units: Units): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const integer = (abs / SCALE).toString();
  const fraction = (abs % SCALE).toString().padStart(MAX_DECIMALS, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`;
}

/** Canonical form of a decimal text ("1.50" → "1.5", "007" → "7", "-0" → "0"). */
export function canonicalDecimal(text: string): string {
  return fromUnits(toUnits(text));
}

/** Exact sum of decimal texts, in canonical form. */
export function sumDecimals(values: readonly string[]): string {
  let total = 0n;
  for (const value of values) total += toUnits(value);
  return fromUnits(total);
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a);
  const y = toUnits(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Fixed-point text with exactly `places` decimals, rounded half away from zero — prices are
 * shown with three decimals on the wire (docs/service.md, "Values", rule 7) and at a currency's precision in
 * the console.
 */
export function toFixedDecimals(text: string, places: number): string {
  const units = toUnits(text);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const drop = 10n ** BigInt(MAX_DECIMALS - places);
  let scaled = abs / drop;
  if ((abs % drop) * 2n >= drop) scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, "0");
  const integer = places === 0 ? digits : digits.slice(0, -places);
  const fraction = places === 0 ? "" : `.${digits.slice(-places)}`;
  const sign = negative && scaled !== 0n ? "-" : "";
  return `${sign}${integer}${fraction}`;
}
