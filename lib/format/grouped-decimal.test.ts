import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupDigits, SHOWN_FRACTION_DIGITS, shownChars, ungroupDigits } from "./grouped-decimal";

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

/** Any plain decimal the service can send: up to 60 integer digits, up to 18 decimals, a sign. */
const decimalText = fc
  .tuple(fc.boolean(), digits(1, 60), fc.option(digits(1, 18), { nil: undefined }))
  .map(
    ([negative, integer, fraction]) => `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`,
  );

describe("digit grouping", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1,000"],
    ["9680", "9,680"],
    ["7498.5", "7,498.5"],
    ["-1234567", "-1,234,567"],
    ["22.500000000000000001", "22.500000000000000001"],
    ["1234567.000000000000000001", "1,234,567.000000000000000001"],
    ["0.12345678", "0.12345678"],
    ["123456789012345678901234567890", "123,456,789,012,345,678,901,234,567,890"],
    ["—", "—"],
    ["", ""],
    ["1e21", "1e21"],
  ])("%s reads %s", (text, grouped) => {
    expect(groupDigits(text)).toBe(grouped);
  });

  it("gives back the exact decimal text for any amount", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const grouped = groupDigits(text);
        expect(ungroupDigits(grouped)).toBe(text);
        // Commas only between groups of three in the integer part, never in the fraction.
        const [integer = "", fraction = ""] = grouped.replace("-", "").split(".");
        expect(integer).toMatch(/^\d{1,3}(,\d{3})*$/);
        expect(fraction).not.toContain(",");
      }),
      { numRuns: 2000 },
    );
  });

  it("cuts only a fraction longer than the shown digits, and keeps every integer digit", () => {
    expect(shownChars("7,498.5")).toBeNull();
    expect(shownChars("9,680")).toBeNull();
    expect(shownChars("0.123456")).toBeNull();
    expect(shownChars("22.500000000000000001")).toBe(3 + SHOWN_FRACTION_DIGITS);
    expect(shownChars("1,234,567.000000000000000001")).toBe(10 + SHOWN_FRACTION_DIGITS);
  });
});
