import { sumDecimals } from "@/lib/contract/decimal";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * The overview's figures from the award trail (docs/console.md, "The overview"): plain functions
 * over rows the database grouped, so that day boundaries, the status mapping and the exact sums
 * are tested without a database. Days are UTC calendar days, as everywhere in the console.
 */

/** What happened to an award, as the overview counts it. */
export type Outcome =
  | "completed"
  | "accepted"
  | "queued"
  | "failed"
  | "unknown"
  | "in-progress"
  | "awaiting-approval"
  | "not-sent"
  | "reversed";

/**
 * The trail's statuses (lib/db/schema.ts, docs/console.md "The trail") as outcomes. `accepted` is
 * its own outcome: a service without our Status extension took the award without saying whether
 * it paid or queued it, so it is neither "completed" nor "unknown". A bulk row not sent yet
 * (`pending`) and a call without an answer yet (`sending`) are still in progress.
 */
export const OUTCOME_OF: Record<AwardStatus, Outcome> = {
  completed: "completed",
  accepted: "accepted",
  queued: "queued",
  failed: "failed",
  unknown: "unknown",
  pending: "in-progress",
  sending: "in-progress",
  "awaiting-approval": "awaiting-approval",
  rejected: "not-sent",
  withdrawn: "not-sent",
  expired: "not-sent",
  // Taken back (docs/console.md, "Reversals"): a cancelled award never paid, a reversed one paid
  // and was undone; a partly reversed one is counted here too, as an award someone had to correct.
  cancelled: "reversed",
  "partly-reversed": "reversed",
  reversed: "reversed",
};

export const OUTCOMES: readonly Outcome[] = [
  "completed",
  "queued",
  "failed",
  "unknown",
  "accepted",
  "in-progress",
  "awaiting-approval",
  "not-sent",
  "reversed",
];

/**
 * Statuses whose tokens count as awarded in the chart: the service took the award. A queued award
 * waits for funds (it counts once it settles), a failed one paid nothing, and an unknown one may
 * or may not have paid, so it is not claimed as awarded.
 */
export const AWARDED_STATUSES: readonly AwardStatus[] = ["completed", "accepted"];

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day a moment falls in. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first moment of the UTC day `days` days before the one `now` falls in (0: today's midnight). */
export function utcDayStart(now: Date, daysBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack));
}

/** Awards of one UTC day with one trail status (a row of `count(*) … group by day, status`). */
export interface StatusCountRow {
  day: string;
  status: AwardStatus;
  count: number;
}

export type OutcomeCounts = Record<Outcome, number>;

/** The days of the overview's period and of the one before it (overview-range.ts). */
export interface Period {
  days: readonly string[];
  previous: { days: readonly string[] };
}

export interface OutcomeFigures {
  /** Awards of the period, by outcome. */
  current: OutcomeCounts;
  /** Awards of the period before it, of the same length: what the figures are compared with. */
  previous: OutcomeCounts;
}

const noCounts = (): OutcomeCounts => ({
  completed: 0,
  accepted: 0,
  queued: 0,
  failed: 0,
  unknown: 0,
  "in-progress": 0,
  "awaiting-approval": 0,
  "not-sent": 0,
  reversed: 0,
});

/** Awards of the period and of the one before it, by outcome; rows of other days are ignored. */
export function outcomeFigures(rows: readonly StatusCountRow[], period: Period): OutcomeFigures {
  const current = new Set(period.days);
  const previous = new Set(period.previous.days);
  const figures: OutcomeFigures = { current: noCounts(), previous: noCounts() };
  for (const row of rows) {
    const outcome = OUTCOME_OF[row.status];
    if (current.has(row.day)) figures.current[outcome] += row.count;
    else if (previous.has(row.day)) figures.previous[outcome] += row.count;
  }
  return figures;
}

/** The sum of one token's amounts on one UTC day for one status (a row of `sum(…) group by …`). */
export interface TokenDayRow {
  day: string;
  token: string;
  status: AwardStatus;
  /** Exact decimal text as the database summed it (e.g. "12.50"). */
  amount: string;
}

export interface TokenSeries {
  /** Token GUID, lower case. */
  token: string;
  symbol: string;
  /** Every day of the period, oldest first, with its exact canonical total ("0" when none). */
  days: { day: string; amount: string }[];
  total: string;
  /** The exact total of the period before it, of the same length. */
  previous: string;
}

/**
 * Tokens awarded per token per UTC day of the period, exact, and each token's total of the period
 * before: only statuses in AWARDED_STATUSES count; one series per token awarded in either period,
 * in the order of `symbols` (the project's token list) and then by GUID; days without awards are "0".
 */
export function tokenSeries(
  rows: readonly TokenDayRow[],
  symbols: ReadonlyMap<string, string>,
  period: Period,
): TokenSeries[] {
  const inPeriod = new Set(period.days);
  const inPrevious = new Set(period.previous.days);
  const byToken = new Map<string, { perDay: Map<string, string[]>; previous: string[] }>();
  for (const row of rows) {
    if (!AWARDED_STATUSES.includes(row.status)) continue;
    if (!inPeriod.has(row.day) && !inPrevious.has(row.day)) continue;
    const token = row.token.toLowerCase();
    const entry = byToken.get(token) ?? { perDay: new Map<string, string[]>(), previous: [] };
    byToken.set(token, entry);
    if (inPeriod.has(row.day)) entry.perDay.set(row.day, [...(entry.perDay.get(row.day) ?? []), row.amount]);
    else entry.previous.push(row.amount);
  }
  const order = [...symbols.keys()];
  const rank = (token: string) => {
    const at = order.indexOf(token);
    return at === -1 ? order.length : at;
  };
  return [...byToken.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((token) => {
      const entry = byToken.get(token) ?? { perDay: new Map<string, string[]>(), previous: [] };
      const series = period.days.map((day) => ({ day, amount: sumDecimals(entry.perDay.get(day) ?? []) }));
      return {
        token,
        symbol: symbols.get(token) ?? token.slice(0, 8),
        days: series,
        total: sumDecimals(series.map((point) => point.amount)),
        previous: sumDecimals(entry.previous),
      };
    });
}
