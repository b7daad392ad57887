/**
 * The overview's period as address parameters (overview-range.ts reads them): for the period
 * picker's links and the live query. Apart, so the browser's overview code carries no more.
 */

export type RangeKey = "today" | "7d" | "30d" | "custom";

/** `range=7d`, or `range=custom&from=2026-11-01&to=2026-11-30`. */
export function rangeQuery(range: { key: RangeKey; from: string; to: string }): string {
  return range.key === "custom"
    ? new URLSearchParams({ range: "custom", from: range.from, to: range.to }).toString()
    : new URLSearchParams({ range: range.key }).toString();
}
