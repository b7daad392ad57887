import type { Product } from "@/lib/contract/catalogue";
import { compareText, type ServerTable } from "@/lib/pages/table-page";
import { missingTexts, shownText, type TextType } from "./texts";

/** One product's line of the translations check: what it lacks in each language. */
export interface TranslationRow {
  guid: string;
  /** The title to recognise it by (English, else its first). */
  name: string;
  missing: Record<string, TextType[]>;
  gaps: number;
}

export function translationRows(
  products: readonly Product[],
  languages: readonly string[],
): TranslationRow[] {
  return products.map((product) => {
    const missing = Object.fromEntries(
      languages.map((language) => [language, missingTexts(product.Languages, language)]),
    );
    return {
      guid: product.Guid,
      name: shownText(product.Languages, "en", "Title")?.value ?? product.Guid,
      missing,
      gaps: Object.values(missing).reduce((sum, list) => sum + list.length, 0),
    };
  });
}

/**
 * How the server filters and sorts the translations check (components/catalogue/
 * translations-table.tsx names the same columns): the box searches the product's name.
 */
export const TRANSLATION_TABLE: ServerTable<TranslationRow> = {
  text: (row) => [row.name],
  sorts: {
    name: (a, b) => compareText(a.name, b.name),
    gaps: (a, b) => a.gaps - b.gaps,
  },
};
