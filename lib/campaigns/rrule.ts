import type { CampaignSchedule } from "./schedule";
import type { WallTime } from "./zoned-time";

/**
 * A recurrence rule (RFC 5545 RRULE) as a campaign schedule (docs/console.md, "Campaigns"): the
 * parts the schedule can keep exactly — FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, COUNT, UNTIL.
 * The first occurrence is the campaign's start (DTSTART), as in a calendar; UNTIL is a wall time
 * in the campaign's zone, or a UTC time when it ends in Z. Any other part (BYDAY, BYMONTHDAY…)
 * is refused by name rather than half-followed.
 */

const FREQS = { DAILY: "daily", WEEKLY: "weekly", MONTHLY: "monthly" } as const;
const KNOWN = ["FREQ", "INTERVAL", "COUNT", "UNTIL"];

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
  return { ok: true, schedule: { repeat, every: every ?? 1, count, until }, untilUtc };
}
