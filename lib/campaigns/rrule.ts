import type { CampaignSchedule } from "./schedule";
import type { WallTime } from "./zoned-time";

/**
 * A recurrence rule (RFC 5545 RRULE) as a campaign schedule (docs/console.md, "Campaigns"): the
 * parts the schedule can keep exactly — FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, COUNT, UNTIL,
 * and with WEEKLY the days of the week (BYDAY=MO,WE,FR; weeks start on Monday, RFC 5545's
 * default). The first occurrence is the campaign's start (DTSTART), as in a calendar, so its day
 * must be one of BYDAY's (the form checks it, campaign-input.ts); UNTIL is a wall time in the
 * campaign's zone, or a UTC time when it ends in Z. Any other part (BYMONTHDAY, BYSETPOS…) and
 * BYDAY's numbered forms (1MO, -1FR) are refused by name rather than half-followed.
 */

const FREQS = { DAILY: "daily", WEEKLY: "weekly", MONTHLY: "monthly" } as const;
const KNOWN = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY"];
/** RFC 5545's weekday codes in ISO order: MO is 1, SU is 7. */
export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

export type RruleResult =
  | { ok: true; schedule: Omit<CampaignSchedule, "start" | "timeZone">; untilUtc: boolean }
  | { ok: false; error: string };

const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/;

/** Parses `FREQ=WEEKLY;INTERVAL=2;COUNT=10` (an optional leading `RRULE:` is allowed). */
export function parseRrule(text: string): RruleResult {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (body === "") return { ok: false, error: "rrule: is empty; write a rule such as FREQ=WEEKLY;COUNT=10" };
  const parts = new Map<string, string>();
  for (const part of body.split(";")) {
    const [key, value, ...rest] = part.split("=");
    const name = (key ?? "").trim().toUpperCase();
    if (!name || value === undefined || rest.length > 0)
      return { ok: false, error: `rrule: "${part}" is not NAME=VALUE` };
    if (!KNOWN.includes(name))
      return {
        ok: false,
        error: `rrule: ${name} is not supported; a campaign's rule uses ${KNOWN.join(", ")} (the first occurrence is the start time)`,
      };
    if (parts.has(name)) return { ok: false, error: `rrule: ${name} is given twice` };
    parts.set(name, value.trim().toUpperCase());
  }
  const freq = parts.get("FREQ");
  if (!freq) return { ok: false, error: "rrule: FREQ is required (DAILY, WEEKLY or MONTHLY)" };
  const repeat = FREQS[freq as keyof typeof FREQS];
  if (!repeat)
    return { ok: false, error: `rrule: FREQ=${freq} is not supported; use DAILY, WEEKLY or MONTHLY` };
  const whole = (name: string, max: number): number | null | string => {
    const value = parts.get(name);
    if (value === undefined) return null;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
      return `rrule: ${name} must be a whole number from 1 to ${max}`;
    return Number(value);
  };
  const every = whole("INTERVAL", 366);
  if (typeof every === "string") return { ok: false, error: every };
  const count = whole("COUNT", 10_000);
  if (typeof count === "string") return { ok: false, error: count };
  let until: WallTime | null = null;
  let untilUtc = false;
  const untilText = parts.get("UNTIL");
  if (untilText !== undefined) {
    if (count !== null) return { ok: false, error: "rrule: give COUNT or UNTIL, not both (RFC 5545)" };
    const match = UNTIL.exec(untilText);
    if (!match)
      return {
        ok: false,
        error: "rrule: UNTIL must be a date (20261231) or a time (20261231T180000, Z for UTC)",
      };
    const [, year, month, day, hour, minute] = match;
    until = {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: hour === undefined ? 23 : Number(hour),
      minute: minute === undefined ? 59 : Number(minute),
    };
    const daysInMonth = new Date(Date.UTC(until.year, until.month, 0)).getUTCDate();
    if (
      until.month < 1 ||
      until.month > 12 ||
      until.day < 1 ||
      until.day > daysInMonth ||
      until.hour > 23 ||
      until.minute > 59
    )
      return { ok: false, error: `rrule: UNTIL=${untilText} is not a real date and time` };
    untilUtc = match[7] === "Z";
  }
  const byDay = parts.get("BYDAY");
  let weekdays: number[] | null = null;
  if (byDay !== undefined) {
    if (repeat !== "weekly") return { ok: false, error: "rrule: BYDAY is supported with FREQ=WEEKLY only" };
    const days = byDay.split(",").map((code) => code.trim());
    const numbered = days.find((code) => /^[+-]?\d/.test(code));
    if (numbered)
      return {
        ok: false,
        error: `rrule: BYDAY=${numbered} is not supported; name days without a number (MO,WE,FR)`,
      };
    const unknown = days.find((code) => !WEEKDAY_CODES.includes(code));
    if (unknown !== undefined)
      return {
        ok: false,
        error: `rrule: BYDAY's "${unknown}" is not a day; use ${WEEKDAY_CODES.join(", ")}`,
      };
    if (new Set(days).size !== days.length) return { ok: false, error: "rrule: BYDAY names a day twice" };
    weekdays = days.map((code) => WEEKDAY_CODES.indexOf(code) + 1).sort((a, b) => a - b);
  }
  return {
    ok: true,
    schedule: { repeat, every: every ?? 1, count, until, ...(weekdays ? { weekdays } : {}) },
    untilUtc,
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A weekly schedule on several days as a rule the form reads back (`parseRrule` gives the same
 * parts): the edit form has no fields for BYDAY, so a campaign on several days is edited as its rule.
 */
export function weeklyRule(
  schedule: Pick<CampaignSchedule, "every" | "weekdays" | "count" | "until">,
): string {
  const parts = ["FREQ=WEEKLY"];
  if ((schedule.every ?? 1) !== 1) parts.push(`INTERVAL=${schedule.every}`);
  if (schedule.weekdays?.length)
    parts.push(`BYDAY=${schedule.weekdays.map((day) => WEEKDAY_CODES[day - 1]).join(",")}`);
  if (schedule.count != null) parts.push(`COUNT=${schedule.count}`);
  else if (schedule.until) {
    const { year, month, day, hour, minute } = schedule.until;
    parts.push(`UNTIL=${year}${two(month)}${two(day)}T${two(hour)}${two(minute)}00`);
  }
  return parts.join(";");
}
