import type { Price } from "@/lib/contract/catalogue";
import { decimalProblem } from "@/lib/contract/decimal";
import { compareText, type ServerTable } from "@/lib/pages/table-page";
import { effectivePrice, formatDiscount, formatPrice, type Validity, validity } from "./prices";
import { type ShownText, shownText } from "./texts";

/** A price as the prices table shows it: exact amounts at the currency's precision. */
export interface PriceRow {
  guid: string;
  currency: string;
  amount: string;
  discount: string;
  effective: string;
  taxIncluded: boolean;
  chain: string;
  fromDate: string;
  toDate: string;
  validity: Validity;
  /** The quantity tier, e.g. "1–9", "10 or more"; "" when any quantity. */
  tier: string;
  products: { guid: string; title: ShownText | null }[];
}

function tier(from: string, to: string): string {
  if (from && to) return `${from}–${to}`;
  if (from) return `${from} or more`;
  if (to) return `up to ${to}`;
  return "";
}

export function priceRows(prices: readonly Price[], language: string, now: Date): PriceRow[] {
  return prices.map((price) => {
    // A service that is not ours may send amounts that are not plain decimals: shown as sent.
    const exact = decimalProblem(price.Amount) === null && decimalProblem(price.DiscountAmount) === null;
    return {
      guid: price.PriceGuid,
      currency: price.Currency,
      amount: exact ? formatPrice(price.Amount, price.Currency) : price.Amount,
      discount: exact ? formatDiscount(price.DiscountAmount, price.DiscountIsPercentage, price.Currency) : "",
      effective: exact
        ? formatPrice(
            effectivePrice(price.Amount, price.DiscountAmount, price.DiscountIsPercentage),
            price.Currency,
          )
        : "",
      taxIncluded: price.TaxIncludedInPrice === "true",
      chain: price.Chain,
      fromDate: price.FromDate,
      toDate: price.ToDate,
      validity: validity(price.FromDate, price.ToDate, now),
      tier: tier(price.FromAmount, price.ToAmount),
      products: price.Products.map((product) => ({
        guid: product.Guid,
        title: shownText(product.Languages, language, "Title"),
      })),
    };
  });
}

const taxText = (row: PriceRow) => (row.taxIncluded ? "Included" : "Not included");

/**
 * How the server filters and sorts the prices table (components/catalogue/prices-table.tsx names
 * the same columns): the box searches every text a row shows, its products' titles included.
 */
export const PRICE_TABLE: ServerTable<PriceRow> = {
  text: (row) => [
    row.currency,
    row.amount,
    row.discount,
    row.effective,
    taxText(row),
    row.chain,
    row.validity,
    row.tier,
    ...row.products.map((product) => product.title?.value ?? ""),
    row.guid,
  ],
  sorts: {
    currency: (a, b) => compareText(a.currency, b.currency),
    tax: (a, b) => compareText(taxText(a), taxText(b)),
    chain: (a, b) => compareText(a.chain, b.chain),
    validity: (a, b) => compareText(a.validity, b.validity),
  },
};
