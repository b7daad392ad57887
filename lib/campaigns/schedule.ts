import { type CampaignSchedule, REPEATS, type Repeat } from "@/lib/model/campaign-schedule";
import { addDays, addMonths, instantOf, isoWeekday, type WallTime } from "./zoned-time";

/**
 * When a campaign's occurrences are (docs/console.md, "Campaigns"): once at a time, or every n
 * days, weeks or months from a first wall-clock time in a time zone, until a time or for a count.
 * Each occurrence is its wall time in the zone, so "every Monday at 18:00 Europe/Berlin" stays
 * 18:00 for the people there across the clock changes, and "monthly on the 31st" is the last day
 * of a shorter month without drifting. Plain functions of the schedule and a given time: the
 * scheduler's clock, and a test's, is passed in.
 */

export { type CampaignSchedule, REPEATS, type Repeat };

export interface Occurrence {
  /** 0 for the first: with the campaign, it names the occurrence for ever (its RequestIDs). */
  index: number;
  at: Date;
  wall: WallTime;
}

/** Occurrence `index`, or null when the schedule has ended before it. */
export function occurrenceAt(schedule: CampaignSchedule, index: number): Occurrence | null {
  if (index < 0 || !Number.isInteger(index)) return null;
  if (schedule.repeat === "once" && index > 0) return null;
  if (schedule.count != null && index >= schedule.count) return null;
  const every = schedule.every ?? 1;
  const wall =
    schedule.repeat === "daily"
      ? addDays(schedule.start, index * every)
      : schedule.repeat === "weekly"
        ? addDays(schedule.start, weeklyDays(schedule, index))
        : schedule.repeat === "monthly"
          ? addMonths(schedule.start, index * every, schedule.start.day)
          : schedule.start;
  const at = instantOf(wall, schedule.timeZone);
  if (schedule.until && at > instantOf(schedule.until, schedule.timeZone)) return null;
  return { index, at: new Date(at), wall };
}

/** The days of the week a weekly schedule falls on (ISO, ascending): BYDAY's, or the start's. */
const weekdaysOf = (schedule: CampaignSchedule): number[] =>
  schedule.weekdays?.length ? schedule.weekdays : [isoWeekday(schedule.start)];

/**
 * Days from the start to a weekly schedule's occurrence `index`. Its weeks run Monday to Sunday
 * (RFC 5545's default): the start's week from the start's day on, then every `every` weeks each
 * of its days. With one day, index × 7 × every.
 */
function weeklyDays(schedule: CampaignSchedule, index: number): number {
  const days = weekdaysOf(schedule);
  const first = isoWeekday(schedule.start);
  const firstWeek = days.filter((day) => day >= first);
  if (index < firstWeek.length) return (firstWeek[index] as number) - first;
  const later = index - firstWeek.length;
  const week = (1 + Math.floor(later / days.length)) * (schedule.every ?? 1);
  return week * 7 + (days[later % days.length] as number) - first;
}

/** Roughly how long one step is: where a search may start instead of at the first occurrence. */
function stepMs(schedule: CampaignSchedule): number {
  const every = schedule.every ?? 1;
  if (schedule.repeat === "daily") return every * 86_400_000;
  if (schedule.repeat === "weekly") return (every * 7 * 86_400_000) / weekdaysOf(schedule).length;
  if (schedule.repeat === "monthly") return every * 28 * 86_400_000;
  return Number.POSITIVE_INFINITY;
}

/** An index at or before the first occurrence after `time` (a day's clock changes aside). */
function indexNear(schedule: CampaignSchedule, time: number): number {
  const first = occurrenceAt(schedule, 0);
  if (!first || time <= first.at.getTime()) return 0;
  const step = stepMs(schedule);
  if (!Number.isFinite(step)) return 0;
  // A month is at least 28 days and a day at least 23 hours: starting two steps early never skips one.
  // A week of several days has uneven steps: starting two weeks early never skips one.
  const early = schedule.repeat === "weekly" ? 2 * weekdaysOf(schedule).length : 2;
  return Math.max(
    0,
    Math.floor((time - first.at.getTime()) / (step * (schedule.repeat === "monthly" ? 31 / 28 : 25 / 24))) -
      early,
  );
}

/** The next `limit` occurrences after `after` (the preview, the calendar). */
export function occurrencesAfter(schedule: CampaignSchedule, after: Date, limit: number): Occurrence[] {
  const found: Occurrence[] = [];
  for (let index = indexNear(schedule, after.getTime()); found.length < limit; index++) {
    const occurrence = occurrenceAt(schedule, index);
    if (!occurrence) break;
    if (occurrence.at > after) found.push(occurrence);
  }
  return found;
}

/**
 * What the scheduler runs now: the newest occurrence due by `now` that has not run (after
 * `lastRun`, the index of the last one that did; null: none yet) — once, late if it must be. The
 * older ones it passed while the console was down are `skipped`, never run: a week of downtime
 * pays a daily reward once, not seven times (docs/console.md, "Campaigns": missed occurrences).
 */
export function dueOccurrence(
  schedule: CampaignSchedule,
  lastRun: number | null,
  now: Date,
): { occurrence: Occurrence; skipped: number; lateMs: number } | null {
  const from = lastRun === null ? 0 : lastRun + 1;
  let start = Math.max(from, indexNear(schedule, now.getTime()) - 1);
  // A schedule that ended (its count, its end time) before `start`: from its last occurrence.
  // Whether an occurrence exists only ever turns from yes to no, so a binary search finds it.
  if (start > from && !occurrenceAt(schedule, start)) {
    let low = from;
    let high = start;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (occurrenceAt(schedule, middle)) low = middle + 1;
      else high = middle;
    }
    start = Math.max(from, low - 1);
  }
  let due: Occurrence | null = null;
  for (let index = start; ; index++) {
    const occurrence = occurrenceAt(schedule, index);
    if (!occurrence || occurrence.at > now) break;
    due = occurrence;
  }
  // indexNear may start past `from`: count from `from` all the same.
  if (!due || due.index < from) return null;
  return { occurrence: due, skipped: due.index - from, lateMs: now.getTime() - due.at.getTime() };
}
