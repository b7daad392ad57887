/**
 * The console's one way to write a moment (docs/console.md, "Dates and times"): in the person's
 * time zone with `Intl.DateTimeFormat`, the exact UTC time for a hover, ages with
 * `Intl.RelativeTimeFormat`. Plain functions with no imports: the browser, the server's render
 * and the tests share them. `components/ui/when.tsx` puts them on the page.
 */

/** The console's language, as for its numbers ("en" everywhere). */
const LOCALE = "en";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * 24-hour clock: no AM/PM, whose spacing (a narrow no-break space or not) differs between the ICU
 * of Node and of browsers, and the zone named, so a screenshot or a pasted line says which it is.
 */
function formatIn(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: seconds ? "2-digit" : undefined,
      hourCycle: "h23",
      timeZone,
      timeZoneName: "short",
    });
    formats.set(key, format);
  }
  return format;
}

const parse = (iso: string): number | null => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

/**
 * "Nov 26, 2026, 00:08 GMT+1" for an ISO time in `timeZone`; with `seconds`, "…, 00:08:03 GMT+1".
 * Text that is not a time comes back as it is (a service's odd value stays visible, not "Invalid Date").
 */
export function formatTime(iso: string, timeZone: string, { seconds = false } = {}): string {
  const at = parse(iso);
  return at === null ? iso : formatIn(timeZone, seconds).format(at);
}

/** "2026-11-25 23:08:03 UTC": the exact moment, for the hover of every time shown. */
export function exactUtc(iso: string): string {
  const at = parse(iso);
  if (at === null) return iso;
  const text = new Date(at).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)} UTC`;
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/**
 * "5 minutes ago", "in 2 days", "yesterday", "this minute" from `now` to an ISO time: the largest
 * whole unit, counted down (2 h 59 min is "2 hours ago"); the exact time is on the hover.
 */
export function relativeTime(iso: string, now: Date | number): string {
  const at = parse(iso);
  if (at === null) return iso;
  const seconds = (at - Number(now)) / 1000;
  for (const [unit, size] of UNITS) {
    const count = Math.trunc(seconds / size);
    if (count !== 0) return relative.format(count, unit);
  }
  return relative.format(0, "minute");
}

const DAY = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 24" for a calendar day `YYYY-MM-DD` (the overview counts UTC days; a day has no zone to convert). */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** What a time zone setting must be: said to the person, after the field's name. */
export const TIME_ZONE_RULE = "must be a time zone of the IANA database, such as Europe/Berlin or UTC";

/**
 * Whether `name` is a time zone of the IANA database this runtime knows ("Europe/Berlin", "UTC"),
 * not an offset ("+01:00", which newer engines accept) or anything else.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zones a person can choose, UTC first (engines list the IANA zones without it). */
export function timeZoneChoices(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}
