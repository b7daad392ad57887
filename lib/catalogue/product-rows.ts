import type { Product } from "@/lib/contract/catalogue";
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
