import { canonicalDecimal, fromUnits, MAX_DECIMALS, toFixedDecimals, toUnits } from "@/lib/contract/decimal";

const HUNDRED = 100n * 10n ** BigInt(MAX_DECIMALS);

/**
 * The price after its discount, exact: a percentage takes that share off, an amount is
 * subtracted; never below zero. Prices carry three decimals and percentages too, so the product
 * has at most eight decimals and stays exact at the 18 the arithmetic keeps.
 */
export function effectivePrice(amount: string, discount: string, isPercentage: boolean): string {
  const price = toUnits(amount);
  const off = toUnits(discount);
  const after = isPercentage ? (price * (HUNDRED - off)) / HUNDRED : price - off;
  return fromUnits(after < 0n ? 0n : after);
}

/**
 * How many decimals a currency is shown with: its ISO 4217 minor unit (EUR 2, JPY 0) when it is
 * a currency the runtime knows; null for anything else (a token used as currency), which is
 * shown exactly, without trailing zeros.
 */
export function displayDecimals(currency: string): number | null {
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  try {
    const format = new Intl.NumberFormat("en", { style: "currency", currency });
    // An unknown three-letter code is accepted by Intl and shown with 2 decimals: only
    // codes Intl has a display name for are currencies.
    const named = new Intl.DisplayNames("en", { type: "currency", fallback: "none" }).of(currency);
    return named ? (format.resolvedOptions().maximumFractionDigits ?? 2) : null;
  } catch {
    return null;
  }
}

/** An exact price at its currency's precision, rounded half-up (docs/console.md, "Catalogue prices and player holdings"). */
export function formatPrice(amount: string, currency: string): string {
  const decimals = displayDecimals(currency);
  return decimals === null ? canonicalDecimal(amount) : toFixedDecimals(amount, decimals);
}

/** A discount as written: "20 %" or an amount in the price's currency. */
export function formatDiscount(discount: string, isPercentage: boolean, currency: string): string {
  if (toUnits(discount) === 0n) return "";
  return isPercentage
    ? `${fromUnits(toUnits(discount))} %`
    : `${formatPrice(discount, currency)} ${currency}`;
}

export type Validity = "active" | "scheduled" | "expired";

/** Where `now` falls in a price's validity window ("" bounds are open). */
export function validity(fromDate: string, toDate: string, now: Date): Validity {
  if (fromDate && Date.parse(fromDate) > now.getTime()) return "scheduled";
  if (toDate && Date.parse(toDate) < now.getTime()) return "expired";
  return "active";
}
