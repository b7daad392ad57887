/**
 * Wall-clock times in a time zone, with nothing but the platform's time-zone data (Intl): the one
 * place a campaign's "every Monday at 18:00 Europe/Berlin" becomes an instant (docs/console.md,
 * "Campaigns"). Plain functions, no clock of their own.
 */

import type { WallTime } from "@/lib/model/campaign-schedule";

export type { WallTime };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the platform knows the zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time of an instant in a zone. */
export function wallTimeAt(ms: number, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in ms (Berlin in summer: +2 h). */
export function offsetAt(ms: number, timeZone: string): number {
  const wall = wallTimeAt(ms, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instant a wall time names in a zone. Twice a year it is not one instant:
 * - when the clocks go back, a wall time happens twice: the first is taken;
 * - when they go forward, a wall time does not happen: the instant the gap's length later is
 *   taken (02:30 on a spring-forward night in Berlin is 03:30 summer time), as calendars do
 *   (RFC 5545, 3.3.5).
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force half a day either side: one of them is the wall time's.
  const candidates = [
    ...new Set([offsetAt(naive - 12 * 3600_000, timeZone), offsetAt(naive + 12 * 3600_000, timeZone)]),
  ]
    .map((offset) => naive - offset)
    .filter((ms) => sameWall(wallTimeAt(ms, timeZone), wall))
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return candidates[0];
  // In the gap: read with the offset from before it, which lands after it.
  return naive - offsetAt(naive - 12 * 3600_000, timeZone);
}

/** The number of days in a month (1–12) of a year. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A calendar day `days` after another (wall dates, no zone). */
export function addDays(wall: WallTime, days: number): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The same day `months` later; a day the month does not have is its last (the 31st in a 30-day
 * month is the 30th, in February the 28th or 29th) — and the month after has its 31st again.
 */
export function addMonths(wall: WallTime, months: number, dayOfMonth = wall.day): WallTime {
  const index = wall.year * 12 + (wall.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...wall, year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) };
}

/** The ISO day of the week of a wall date: 1 (Monday) to 7 (Sunday). */
export function isoWeekday(wall: WallTime): number {
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return day === 0 ? 7 : day;
}
