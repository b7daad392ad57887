/**
 * A campaign's schedule as stored and shown (docs/console.md, "Campaigns"); plain values with no
 * imports, so the database schema, the server and the browser share them. What the schedule means
 * in instants is lib/campaigns/schedule.ts'.
 */

/** A wall-clock time: what a person in the zone reads on the wall. Months 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export const REPEATS = ["once", "daily", "weekly", "monthly"] as const;
export type Repeat = (typeof REPEATS)[number];

export interface CampaignSchedule {
  repeat: Repeat;
  /** The first occurrence's wall time; weekly keeps its weekday, monthly its day of the month. */
  start: WallTime;
  /** An IANA zone, such as Europe/Berlin. */
  timeZone: string;
  /** Every this many days, weeks or months (1: every one). */
  every?: number;
  /**
   * Weekly only: the days of the week it falls on (an RRULE's BYDAY), ISO numbers from 1 (Monday)
   * to 7 (Sunday), ascending, the start's among them; absent or null: the start's day alone.
   */
  weekdays?: number[] | null;
  /** No occurrence after this wall time (in the same zone); null: none. */
  until?: WallTime | null;
  /** At most this many occurrences; null: no limit. */
  count?: number | null;
}
