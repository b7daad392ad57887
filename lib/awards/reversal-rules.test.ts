import { describe, expect, it } from "vitest";
import { reversalAmountProblem } from "./reversal-rules";

describe("the Reverse panel's amount check (docs/console.md, Reversals)", () => {
  it.each([
    ["", "10", /must not be empty/],
    ["abc", "10", /must be a number/],
    ["1,5", "10", /point for decimals/],
    ["-1", "10", /must be a number/],
    ["0", "10", /more than 0/],
    ["0.000", "10", /more than 0/],
    ["10.000000000000000001", "10", /at most 10, what remains/],
  ])("%s of %s: %s", (amount, remaining, rule) => {
    expect(reversalAmountProblem(amount, remaining)).toMatch(rule);
  });

  it("takes anything from the smallest unit to exactly what remains", () => {
    expect(reversalAmountProblem("0.000000000000000001", "10")).toBeNull();
    expect(reversalAmountProblem(" 10.0 ", "10")).toBeNull();
  });
});
