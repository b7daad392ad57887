import type { Product } from "@/lib/contract/catalogue";

/** The product fields the service sends as per-language texts. */
export type TextType = "Title" | "Description";

/** A product text as shown in one language: the text, where it came from, and whether it is a stand-in. */
export interface ShownText {
  value: string;
  /** The language the text is written in. */
  language: string;
  /** True when the chosen language has no such text and another language's is shown instead. */
  fallback: boolean;
}

type Languages = Product["Languages"];

/** The languages of one product in the order the service sent them, each with its texts. */
function entries(languages: Languages): [string, Languages[number][string]][] {
  return languages.flatMap((object) => Object.entries(object));
}

function textOf(languages: Languages, language: string, type: TextType): string | undefined {
  for (const [code, texts] of entries(languages)) {
    if (code !== language) continue;
    const found = texts?.find((text) => text.Type === type && text.Value.trim() !== "");
    if (found) return found.Value;
  }
  return undefined;
}

/**
 * Every language code found anywhere in the catalogue, English first, then in the order they
 * first appear — the languages the switcher offers.
 */
export function catalogueLanguages(products: readonly { Languages: Languages }[]): string[] {
  const seen = new Set<string>();
  for (const product of products) for (const [code] of entries(product.Languages)) seen.add(code);
  return [...seen].sort((a, b) => Number(b === "en") - Number(a === "en"));
}

/**
 * The tags RFC 4647's lookup (§3.4) tries for `tag`, most specific first: subtags dropped from
 * the end one by one, a singleton (`x`, `u`…) left at the end dropped with them.
 * `de-CH-1996` → `de-CH-1996`, `de-CH`, `de`.
 */
export function lookupTags(tag: string): string[] {
  const subtags = tag.split("-");
  const out: string[] = [];
  while (subtags.length > 0 && subtags[0] !== "") {
    out.push(subtags.join("-"));
    subtags.pop();
    if (subtags.length > 0 && (subtags.at(-1) as string).length === 1) subtags.pop();
  }
  return out;
}

/**
 * A product's text in `language`; when that language lacks it, the fallback (docs/console.md,
 * "Catalogue languages"): the language's own broader tags first (RFC 4647 lookup: `de-AT` →
 * `de`), then `en`, else any `en-*`, then the first language the product has it in — marked as
 * a fallback. Tags compare without regard to case, as RFC 4647 says. Null when no language has
 * the text at all.
 */
export function shownText(languages: Languages, language: string, type: TextType): ShownText | null {
  const exact = textOf(languages, language, type);
  if (exact !== undefined) return { value: exact, language, fallback: false };
  const codes = entries(languages).map(([code]) => code);
  const coded = (tag: string) => codes.filter((code) => code.toLowerCase() === tag.toLowerCase());
  const order = [
    ...lookupTags(language).flatMap(coded),
    ...coded("en"),
    ...codes.filter((code) => code.toLowerCase().startsWith("en-")),
    ...codes,
  ];
  for (const code of order) {
    const value = textOf(languages, code, type);
    if (value !== undefined) return { value, language: code, fallback: true };
  }
  return null;
}

/** Which texts a product lacks in a language: the gap list of the translations check. */
export function missingTexts(languages: Languages, language: string): TextType[] {
  return (["Title", "Description"] as const).filter(
    (type) => textOf(languages, language, type) === undefined,
  );
}

/** The language the pages use when none is chosen: English when the catalogue has it. */
export function defaultLanguage(languages: readonly string[]): string {
  return languages.includes("en") ? "en" : (languages[0] ?? "en");
}

/** The language asked for in the URL when the catalogue has it, else the default. */
export function chosenLanguage(asked: string | undefined, languages: readonly string[]): string {
  return asked && languages.includes(asked) ? asked : defaultLanguage(languages);
}
