/**
 * Amounts and counts as people read them: digits grouped in threes ("9,680", "7,498.5"), worked
 * on the text so no digit is ever lost — an amount is a string end to end and never passes
 * through a JavaScript `number` (docs/console.md, "Numbers people can read").
 */

const PLAIN_NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Fraction digits shown before a long fraction is cut ("0.123456…"); the exact value stays on hover and copy. */
export const SHOWN_FRACTION_DIGITS = 6;

/**
 * "1234567.000000000000000001" → "1,234,567.000000000000000001". Only the integer part is grouped;
 * the fraction is left whole. Text that is no plain decimal (a dash, "—", an error) comes back as it is.
 */
export function groupDigits(text: string): string {
  const match = PLAIN_NUMBER.exec(text);
  if (!match) return text;
  const [, sign, integer = "", fraction] = match;
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** The exact decimal back from grouped text: the inverse of `groupDigits`. */
export function ungroupDigits(text: string): string {
  return text.replaceAll(",", "");
}

/**
 * How many characters of the grouped text to draw before an ellipsis, or null when it fits whole:
 * the integer part, the point and `SHOWN_FRACTION_DIGITS` of the fraction. Only drawn — the text
 * stays whole for copy, screen readers and search (components/ui/amount.tsx).
 */
export function shownChars(grouped: string): number | null {
  const point = grouped.indexOf(".");
  if (point < 0 || grouped.length - point - 1 <= SHOWN_FRACTION_DIGITS) return null;
  return point + 1 + SHOWN_FRACTION_DIGITS;
}
