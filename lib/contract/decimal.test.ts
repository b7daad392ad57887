import { describe, expect, it } from "vitest";
import {
  canonicalDecimal,
  compareDecimals,
  decimalProblem,
  fromUnits,
  sumDecimals,
  toFixedDecimals,
  toUnits,
} from "./decimal";

describe("decimal parsing and formatting", () => {
  it.each([
    ["10", "10"],
    ["10.000", "10"],
    ["0.50", "0.5"],
    ["007.10", "7.1"],
    ["-0", "0"],
    ["-3.250", "-3.25"],
    ["1234567.000000000000000001", "1234567.000000000000000001"],
    [`${"9".repeat(60)}.${"9".repeat(18)}`, `${"9".repeat(60)}.${"9".repeat(18)}`],
  ])("canonical form of %s is %s", (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });

  it.each([
    ["1e5", "format"],
    ["1.", "format"],
    [".5", "format"],
    ["+1", "format"],
    ["1,5", "format"],
    ["", "format"],
    ["0x10", "format"],
    ["1".repeat(61), "integerDigits"],
    ["1.0000000000000000001", "decimals"],
  ])("%s is refused as %s", (input, problem) => {
    expect(decimalProblem(input)).toBe(problem);
    expect(() => toUnits(input)).toThrow(RangeError);
  });

  it("trailing zeros beyond 18 decimals are not a precision problem", () => {
    expect(decimalProblem("1.5000000000000000000000")).toBeNull();
    expect(canonicalDecimal("1.5000000000000000000000")).toBe("1.5");
  });

  it("sums exactly where doubles cannot", () => {
    expect(sumDecimals(["0.1", "0.2"])).toBe("0.3");
    expect(sumDecimals(["1234567.000000000000000001", "0.000000000000000001"])).toBe(
      "1234567.000000000000000002",
    );
    expect(sumDecimals([`${"9".repeat(60)}`, "1"])).toBe(`1${"0".repeat(60)}`);
    expect(sumDecimals([])).toBe("0");
  });

  it("compares exactly", () => {
    expect(compareDecimals("1.000000000000000001", "1")).toBe(1);
    expect(compareDecimals("2", "10")).toBe(-1);
    expect(compareDecimals("1.50", "1.5")).toBe(0);
  });

  it("round-trips units", () => {
    expect(fromUnits(toUnits("42.000000000000000042"))).toBe("42.000000000000000042");
    expect(toUnits("1")).toBe(10n ** 18n);
  });

  it.each([
    ["9.99", 3, "9.990"],
    ["9.9995", 3, "10.000"],
    ["9.9994", 3, "9.999"],
    ["0.005", 2, "0.01"],
    ["-0.005", 2, "-0.01"],
    ["-0.004", 2, "0.00"],
    ["12.5", 0, "13"],
  ])("%s to %i places rounds half away from zero: %s", (input, places, expected) => {
    expect(toFixedDecimals(input, places)).toBe(expected);
  });
});
