import { describe, expect, it } from "vitest";
import { checkTotal } from "./holdings";

const details = (...amounts: string[]) => amounts.map((Amount) => ({ Amount }));

describe("a token's total against its details", () => {
  it("matches when the total is the exact sum", () => {
    expect(checkTotal("1234567.000000000000000001", details("1234567", "0.000000000000000001"))).toEqual({
      sum: "1234567.000000000000000001",
      matches: true,
    });
  });

  it("does not flag a total rounded to a double by the service", () => {
    // 1234567.000000000000000001 as a double is 1234567.
    expect(checkTotal("1234567", details("1234567", "0.000000000000000001")).matches).toBe(true);
  });

  it.each([
    ["a total that is off by a visible amount", "10.5", details("10", "0.25")],
    ["a total missing a detail", "10", details("10", "5")],
    ["a detail that is not a decimal", "10", details("10", "abc")],
  ])("flags %s", (_name, total, lines) => {
    expect(checkTotal(total, lines).matches).toBe(false);
  });
});
