import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/contract/catalogue";
import { catalogueLanguages, chosenLanguage, lookupTags, missingTexts, shownText } from "./texts";

type Texts = Product["Languages"][number][string];
const t = (Title?: string, Description?: string): Texts => [
  ...(Title === undefined ? [] : [{ Type: "Title" as const, Value: Title }]),
  ...(Description === undefined ? [] : [{ Type: "Description" as const, Value: Description }]),
];

describe("product texts in a chosen language", () => {
  const blade: Product["Languages"] = [
    { en: t("Ember Blade", "A sword") },
    { de: t("Glutklinge") },
    { ja: t("残り火の剣", "剣") },
  ];

  it("shows the chosen language's text when it has one", () => {
    expect(shownText(blade, "de", "Title")).toEqual({ value: "Glutklinge", language: "de", fallback: false });
  });

  it.each([
    ["English first", blade, "de", "Description", { value: "A sword", language: "en", fallback: true }],
    [
      "any en-* when there is no en",
      [{ ja: t("剣", "説明") }, { "en-GB": t("Blade", "Colour") }],
      "de",
      "Description",
      { value: "Colour", language: "en-GB", fallback: true },
    ],
    [
      "else the first language the product has it in",
      [{ de: t("VIP") }, { ja: t("VIP会員") }],
      "en",
      "Title",
      { value: "VIP", language: "de", fallback: true },
    ],
    [
      "an empty text counts as missing",
      [{ de: t("   ") }, { ja: t("VIP会員") }],
      "de",
      "Title",
      { value: "VIP会員", language: "ja", fallback: true },
    ],
    [
      "a regional tag to its own language before English (RFC 4647 lookup)",
      blade,
      "de-AT",
      "Title",
      { value: "Glutklinge", language: "de", fallback: true },
    ],
    [
      "along the whole tag, case aside, before English",
      [{ en: t("Blade") }, { "DE-ch": t("Glutklinge CH") }, { de: t("Glutklinge") }],
      "de-CH-1996",
      "Title",
      { value: "Glutklinge CH", language: "DE-ch", fallback: true },
    ],
    [
      "to English when the language's own tags lack the text",
      blade,
      "de-AT",
      "Description",
      { value: "A sword", language: "en", fallback: true },
    ],
    [
      "never to a narrower tag of the language (lookup only shortens)",
      [{ "de-AT": t("Glutklinge AT") }, { en: t("Blade") }],
      "de",
      "Title",
      { value: "Blade", language: "en", fallback: true },
    ],
    [
      "to the product's first language when it has neither its own tags nor English",
      [{ ja: t("剣") }, { fr: t("Lame") }],
      "de-AT",
      "Title",
      { value: "剣", language: "ja", fallback: true },
    ],
  ] as const)("falls back: %s", (_name, languages, language, type, expected) => {
    expect(shownText(languages as never, language, type)).toEqual(expected);
  });

  it("lists the tags RFC 4647 lookup tries, dropping a singleton left at the end", () => {
    expect(lookupTags("de-AT")).toEqual(["de-AT", "de"]);
    expect(lookupTags("zh-Hant-CN-x-private1")).toEqual([
      "zh-Hant-CN-x-private1",
      "zh-Hant-CN",
      "zh-Hant",
      "zh",
    ]);
    expect(lookupTags("en")).toEqual(["en"]);
    expect(lookupTags("")).toEqual([]);
  });

  it("is null when no language has the text", () => {
    expect(shownText([{ de: t("VIP") }], "de", "Description")).toBeNull();
  });

  it("lists every language of the catalogue, English first, then in order of appearance", () => {
    const products: { Languages: Product["Languages"] }[] = [
      { Languages: [{ de: t("A") }, { ja: t("B") }] },
      { Languages: [{ en: t("C") }, { fr: t("D") }] },
    ];
    expect(catalogueLanguages(products)).toEqual(["en", "de", "ja", "fr"]);
  });

  it("names the texts a product lacks in a language", () => {
    expect(missingTexts(blade, "de")).toEqual(["Description"]);
    expect(missingTexts(blade, "fr")).toEqual(["Title", "Description"]);
    expect(missingTexts(blade, "en")).toEqual([]);
  });

  it("uses the asked language only when the catalogue has it", () => {
    expect(chosenLanguage("ja", ["en", "ja"])).toBe("ja");
    expect(chosenLanguage("xx", ["en", "ja"])).toBe("en");
    expect(chosenLanguage(undefined, ["de", "ja"])).toBe("de");
  });
});
