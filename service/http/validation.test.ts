import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { illFormedText } from "./validation";

/** Any UTF-16 text, lone surrogates included. */
const anyUtf16 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

describe("well-formed Unicode text (docs/service.md, Identifiers and parameters)", () => {
  it("refuses exactly the text String.prototype.isWellFormed refuses", () => {
    fc.assert(
      fc.property(anyUtf16, (text) => {
        expect(illFormedText(text) === null).toBe(isWellFormed(text));
      }),
    );
  });

  it("finds the first ill-formed text anywhere in a request part and names where it is", () => {
    const body = { A: "ok", Tokens: [{ Guid: "g" }, { Guid: "g\udfff" }], B: "\ud800" };
    expect(illFormedText(body)).toMatchObject({
      path: ["Tokens", 1, "Guid"],
      message: "must be well-formed Unicode text (it holds a lone surrogate, U+DFFF)",
    });
    expect(illFormedText({ nested: { "\udc01": 1 } })).toMatchObject({
      path: ["nested"],
      message: "must not have a field name that is not well-formed Unicode text (a lone surrogate, U+DC01)",
    });
    expect(illFormedText({ CustomerID: "spieler 😀", Amount: new NumberLiteral("1.5"), n: null })).toBeNull();
  });
});
