import type { Product } from "@/lib/contract/catalogue";
import { compareDecimals } from "@/lib/contract/decimal";
import { compareText, type ServerTable } from "@/lib/pages/table-page";
import { type ShownText, shownText } from "./texts";

/** A product as the products table shows it, its texts resolved to one language. */
export interface ProductRow {
  guid: string;
  imageUrl: string;
  title: ShownText | null;
  description: ShownText | null;
  /** The type's value ("2") and its name from `Data.Types` ("Item"). */
  type: string;
  typeName: string;
  unlimited: boolean;
  amount: string;
}

export function productRows(
  products: readonly Product[],
  types: readonly { value: string; name: string }[],
  language: string,
): ProductRow[] {
  const typeNames = new Map(types.map((type) => [type.value, type.name]));
  return products.map((product) => ({
    guid: product.Guid,
    imageUrl: product.ImageUrl,
    title: shownText(product.Languages, language, "Title"),
    description: shownText(product.Languages, language, "Description"),
    type: product.Type,
    typeName: typeNames.get(product.Type) ?? `Type ${product.Type}`,
    unlimited: product.IsUnlimited,
    amount: product.Amount,
  }));
}

/**
 * How the server filters and sorts the products table (components/catalogue/products-table.tsx
 * names the same columns): the box searches the title, description and GUID; amounts sort as exact
 * decimals, unlimited above every amount.
 */
export const PRODUCT_TABLE: ServerTable<ProductRow> = {
  text: (row) => [row.title?.value ?? "", row.description?.value ?? "", row.guid],
  sorts: {
    title: (a, b) => compareText(a.title?.value ?? "", b.title?.value ?? ""),
    type: (a, b) => compareText(a.type, b.type),
    amount: (a, b) =>
      a.unlimited || b.unlimited
        ? Number(a.unlimited) - Number(b.unlimited)
        : compareDecimals(a.amount || "0", b.amount || "0"),
  },
  facets: { type: (row) => row.type },
};
