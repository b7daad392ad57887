import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TokenSeries } from "@/lib/overview/aggregate";
import { TokensAwarded } from "./tokens-awarded";

// Two tokens over 30 days, one award a day: what the overview's chart card gets.
const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const series = (token: string, symbol: string): TokenSeries => ({
  token,
  symbol,
  days: days.map((day, i) => ({ day, amount: String(i + 1) })),
  total: "465",
  previous: "12",
});
const tokens = [series("g-1", "GOLD"), series("g-2", "GEM")];

describe("tokens awarded per day, as the server renders them", () => {
  const html = renderToString(
    createElement(TokensAwarded, {
      tokens,
      range: { label: "Last 30 days", previousLabel: "the 30 days before" },
    }),
  );

  it("has each chart's frame and its summary for assistive technology", () => {
    expect(html).toContain('data-testid="chart-GOLD"');
    expect(html).toContain('aria-label="GEM awarded per day over 30 days (UTC): 465 in all.');
    expect(html).toMatch(/<svg width="100%" height="168"/);
  });

  it("leaves the bars to the browser, which draws them at the chart's measured width", () => {
    expect(html).not.toContain("<rect");
    expect(html).not.toContain("<title>");
  });

  it("leaves the closed table of exact figures out until it is opened", () => {
    expect(html).toContain("The figures as a table");
    expect(html).not.toContain('data-testid="tokens-table"');
    expect(html).not.toContain("tokens-day-2026-11-30");
  });
});
