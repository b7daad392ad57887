import { DAY_MS, utcDay, utcDayStart } from "./aggregate";
import type { RangeKey } from "./range-query";

/**
 * The overview's period (docs/console.md, "The overview"): today, the last 7 or 30 UTC days, or
 * chosen days, named in the address (`?range=30d`, `?range=custom&from=2026-11-01&to=2026-11-30`)
 * so that a link shares it, and the period just before it of the same length, which the figures
 * are compared with. Days are UTC calendar days, as everywhere in the overview. Browser-safe.
 */

export type { RangeKey } from "./range-query";

/** The longest period a person may choose: a year and a day, so a leap year fits. */
export const MAX_RANGE_DAYS = 366;

const PRESET_DAYS: Record<Exclude<RangeKey, "custom">, number> = { today: 1, "7d": 7, "30d": 30 };
const DEFAULT = "7d" satisfies RangeKey;

export interface OverviewRange {
  key: RangeKey;
  /** The first and the last day of the period, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** Every day of the period, oldest first. */
  days: string[];
  /** The period of the same length that ends the day before `from`. */
  previous: { from: string; to: string; days: string[] };
  /** "Today", "Last 7 days", "Nov 1 – Nov 30, 2026". */
  label: string;
  /** What the figures are compared with: "yesterday", "the 7 days before". */
  previousLabel: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(text: string): Date | null {
  if (!DAY.test(text)) return null;
  const at = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || utcDay(at) !== text ? null : at;
}

/** The `count` days ending with `last`, oldest first. */
function daysEnding(last: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    utcDay(new Date(last.getTime() - (count - 1 - index) * DAY_MS)),
  );
}

const dayLabel = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function range(key: RangeKey, last: Date, count: number): OverviewRange {
  const days = daysEnding(last, count);
  const previousDays = daysEnding(new Date(last.getTime() - count * DAY_MS), count);
  const from = days[0] as string;
  const to = days.at(-1) as string;
  return {
    key,
    from,
    to,
    days,
    previous: { from: previousDays[0] as string, to: previousDays.at(-1) as string, days: previousDays },
    label:
      key === "today"
        ? "Today"
        : key === "custom"
          ? from === to
            ? dayLabel.format(last)
            : `${dayLabel.format(new Date(`${from}T00:00:00Z`))} – ${dayLabel.format(last)}`
          : `Last ${count} days`,
    previousLabel:
      count === 1 ? (key === "today" ? "yesterday" : "the day before") : `the ${count} days before`,
  };
}

/**
 * The period an address asks for, as of `now`. What is not a period (an unknown key, a day that
 * does not exist, `to` before `from`, longer than MAX_RANGE_DAYS) gives the last 7 days and says
 * why, for the page to show; a custom period ending after today ends today.
 */
export function overviewRange(
  params: URLSearchParams,
  now: Date,
): { range: OverviewRange; problem: string | null } {
  const key = params.get("range") ?? DEFAULT;
  const today = utcDayStart(now);
  const fallback = (problem: string) => ({ range: range(DEFAULT, today, PRESET_DAYS[DEFAULT]), problem });
  if (key === "today" || key === "7d" || key === "30d")
    return { range: range(key, today, PRESET_DAYS[key]), problem: null };
  if (key !== "custom")
    return fallback(`The period "${key}" is none the overview knows: showing the last 7 days.`);
  const from = dayOf(params.get("from") ?? "");
  const chosenTo = dayOf(params.get("to") ?? "");
  if (!from) return fallback("Enter the first day of the period (From) as a date: showing the last 7 days.");
  if (!chosenTo) return fallback("Enter the last day of the period (To) as a date: showing the last 7 days.");
  const to = new Date(Math.min(chosenTo.getTime(), today.getTime()));
  if (to < from) return fallback("The period must end on or after its first day: showing the last 7 days.");
  const count = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (count > MAX_RANGE_DAYS)
    return fallback(`Choose at most ${MAX_RANGE_DAYS} days: showing the last 7 days.`);
  return { range: range("custom", to, count), problem: null };
}
