"use client";
import { Link } from "@/components/ui/link";
import { useTimeZone } from "@/components/ui/when";
import type { CalendarEntry } from "@/lib/campaigns/campaign-view";

const DAY = 86_400_000;

/** "2026-12-14" and "18:00" of an instant in a zone. */
function partsIn(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The next six weeks of occurrences, Monday first, in the person's time zone (docs/console.md,
 * "Campaigns"): each day lists the campaigns that run then; a paused campaign's are struck through.
 * On a phone it is a list of the days that have any.
 */
export function CampaignCalendar({ entries, today }: { entries: CalendarEntry[]; today: string }) {
  const timeZone = useTimeZone();
  const byDay = new Map<string, (CalendarEntry & { time: string })[]>();
  for (const entry of entries) {
    const { day, time } = partsIn(entry.at, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), { ...entry, time }]);
  }
  const start = new Date(`${partsIn(today, timeZone).day}T00:00:00Z`);
  const monday = new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY);
  const todayDay = start.toISOString().slice(0, 10);
  const days = Array.from({ length: 42 }, (_, n) =>
    new Date(monday.getTime() + n * DAY).toISOString().slice(0, 10),
  );
  const item = (entry: CalendarEntry & { time: string }) => (
    <li
      key={`${entry.campaignId}-${entry.at}`}
      className={entry.status === "paused" ? "line-through opacity-70" : ""}
    >
      <Link href={`/campaigns/${entry.campaignId}`} className="underline-offset-2 hover:underline">
        <span className="font-mono">{entry.time}</span> {entry.name}
      </Link>
      {entry.status === "paused" ? <span className="sr-only"> (paused: does not run)</span> : null}
      {entry.status === "awaiting-approval" ? (
        <span className="text-muted-foreground"> (awaiting approval)</span>
      ) : null}
    </li>
  );
  return (
    <section aria-label="Calendar" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold">Calendar: the next six weeks</h2>
      <div className="hidden grid-cols-7 gap-px overflow-hidden rounded-lg border border-border bg-border text-xs md:grid">
        {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((name) => (
          <div key={name} className="bg-muted px-2 py-1 font-medium">
            {name}
          </div>
        ))}
        {days.map((day) => (
          <div
            key={day}
            className="min-h-20 bg-card px-2 py-1"
            data-day={day}
            aria-current={day === todayDay ? "date" : undefined}
          >
            <div
              className={
                day === todayDay
                  ? "font-semibold text-primary"
                  : day < todayDay
                    ? "text-muted-foreground/50"
                    : "text-muted-foreground"
              }
            >
              {day.slice(8)}
              {day.endsWith("-01") || day === days[0]
                ? ` ${new Date(`${day}T00:00:00Z`).toLocaleString("en", { month: "short", timeZone: "UTC" })}`
                : ""}
            </div>
            <ul className="flex flex-col gap-0.5">{(byDay.get(day) ?? []).map(item)}</ul>
          </div>
        ))}
      </div>
      <ul className="flex flex-col gap-2 text-sm md:hidden">
        {days
          .filter((day) => byDay.has(day))
          .map((day) => (
            <li key={day}>
              <div className="font-medium">{day}</div>
              <ul className="ml-3 flex flex-col gap-0.5">{(byDay.get(day) ?? []).map(item)}</ul>
            </li>
          ))}
        {byDay.size === 0 ? (
          <li className="text-muted-foreground">No occurrence in the next six weeks.</li>
        ) : null}
      </ul>
    </section>
  );
}
