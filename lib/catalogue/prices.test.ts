import { describe, expect, it } from "vitest";
import { displayDecimals, effectivePrice, formatDiscount, formatPrice, validity } from "./prices";

describe("prices", () => {
  it.each([
    ["9.990", "20.000", true, "7.992"],
    ["14.500", "2.500", false, "12"],
    ["19.990", "50.000", true, "9.995"],
    ["0.010", "33.333", true, "0.0066667"],
    ["5.000", "7.000", false, "0"],
    ["5.000", "150.000", true, "0"],
    ["1234567890123.456", "0.001", true, "1234555544444.55476544"],
  ])("%s less %s (percentage %s) is exactly %s", (amount, discount, percentage, expected) => {
    expect(effectivePrice(amount, discount, percentage)).toBe(expected);
  });

  it.each([
    ["EUR", 2],
    ["JPY", 0],
    ["BHD", 3],
    ["GEM", null],
    ["GOLD", null],
  ])("%s is shown with %s decimals", (currency, decimals) => {
    expect(displayDecimals(currency)).toBe(decimals);
  });

  it("rounds half up at the currency's precision", () => {
    expect(formatPrice("9.995", "EUR")).toBe("10.00");
    expect(formatPrice("7.992", "EUR")).toBe("7.99");
    expect(formatPrice("0.0066667", "USD")).toBe("0.01");
    expect(formatPrice("1500.000", "GOLD")).toBe("1500");
    expect(formatPrice("0.125", "GEM")).toBe("0.125");
  });

  it("writes discounts as a percentage or an amount, nothing when there is none", () => {
    expect(formatDiscount("20.000", true, "EUR")).toBe("20 %");
    expect(formatDiscount("2.500", false, "USD")).toBe("2.50 USD");
    expect(formatDiscount("0.000", false, "USD")).toBe("");
  });

  it.each([
    ["", "", "active"],
    ["2026-01-01T00:00:00Z", "2026-12-31T00:00:00Z", "active"],
    ["2026-12-01T00:00:00Z", "", "scheduled"],
    ["", "2026-06-01T00:00:00Z", "expired"],
  ] as const)("from %s to %s is %s in mid-2026", (from, to, expected) => {
    expect(validity(from, to, new Date("2026-07-01T00:00:00Z"))).toBe(expected);
  });
});
