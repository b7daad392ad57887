import type { CampaignSchedule } from "./schedule";
import { isoWeekday, type WallTime } from "./zoned-time";

/**
 * A schedule in words, as the campaign pages and the approval request say it: "Every week on
 * Monday at 18:00 (Europe/Berlin), 10 times". Plain, browser-safe (docs/console.md, "Campaigns").
 */

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const two = (n: number) => String(n).padStart(2, "0");

/** "2026-12-14 18:00". */
export const wallText = (wall: WallTime) =>
  `${wall.year}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}`;

/** "Monday", "Monday and Friday", "Monday, Wednesday and Friday". */
const listed = (names: readonly (string | undefined)[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
};

export function describeSchedule(schedule: CampaignSchedule): string {
  const { start } = schedule;
  const time = `${two(start.hour)}:${two(start.minute)}`;
  const zone = `(${schedule.timeZone})`;
  if (schedule.repeat === "once") return `Once, on ${wallText(start)} ${zone}`;
  const every = schedule.every ?? 1;
  const unit = { daily: "day", weekly: "week", monthly: "month" }[schedule.repeat];
  const each = every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;
  const on =
    schedule.repeat === "weekly"
      ? ` on ${listed((schedule.weekdays?.length ? schedule.weekdays : [isoWeekday(start)]).map((day) => WEEKDAYS[day % 7]))}`
      : schedule.repeat === "monthly"
        ? ` on the ${ordinal(start.day)}${start.day > 28 ? " (the last day of a shorter month)" : ""}`
        : "";
  const end =
    schedule.count != null
      ? `, ${schedule.count} time${schedule.count === 1 ? "" : "s"}`
      : schedule.until
        ? `, until ${wallText(schedule.until)}`
        : "";
  return `${each}${on} at ${time} ${zone}, from ${wallText(start).slice(0, 10)}${end}`;
}
