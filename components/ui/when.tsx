"use client";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { exactUtc, formatTime, relativeTime } from "@/lib/time/format-time";

/** The zone the person chose (console.user_settings.time_zone), or null: the browser's. */
const ChosenTimeZone = createContext<string | null>(null);

export interface TimeZoneProviderProps {
  timeZone: string | null;
  children: ReactNode;
}

/** Every time below is shown in `timeZone` when the person chose one (the console's shell sets it). */
export function TimeZoneProvider({ timeZone, children }: TimeZoneProviderProps) {
  return <ChosenTimeZone value={timeZone}>{children}</ChosenTimeZone>;
}

/** The person's choice, null when they left it to the browser (the user menu shows it). */
export function useChosenTimeZone(): string | null {
  return useContext(ChosenTimeZone);
}

let browserZone: string | undefined;
const readBrowserZone = (): string =>
  (browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
const unchanging = () => () => {};

/** The browser's own zone; null on the server and while hydrating, where it is not known. */
export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(unchanging, readBrowserZone, () => null);
}

/**
 * The zone times are shown in: the person's choice, else the browser's. The server cannot know
 * the browser's, so without a choice the server's render (and the hydration that must match it)
 * is in UTC and the browser switches to its own zone right after: no hydration mismatch.
 */
export function useTimeZone(): string {
  const chosen = useChosenTimeZone();
  return useSyncExternalStore(
    unchanging,
    () => chosen ?? readBrowserZone(),
    () => chosen ?? "UTC",
  );
}

export interface WhenProps {
  /** The moment, as ISO 8601 (what the server hands the page). */
  iso: string;
  /** Down to the second (a timeline whose steps fall in one minute). */
  seconds?: boolean;
  className?: string;
  "data-testid"?: string;
}

/**
 * A moment in the person's time zone ("Nov 26, 2026, 00:08 GMT+1"), its exact UTC time on hover
 * ("2026-11-25 23:08:03 UTC"), machine-readable in `dateTime`.
 */
export function When({ iso, seconds, className, ...props }: WhenProps) {
  const timeZone = useTimeZone();
  return (
    // The words come from the ICU and time zone data of Node on the server and of the browser,
    // which may differ in a detail for a zone both know; the attributes never do.
    <time dateTime={iso} title={exactUtc(iso)} className={className} suppressHydrationWarning {...props}>
      {formatTime(iso, timeZone, { seconds })}
    </time>
  );
}

/** How often shown ages move on: they count in minutes. */
const AGE_EVERY_MS = 30_000;

let now: number | null = null;
let ticking: ReturnType<typeof setInterval> | undefined;
const watchers = new Set<() => void>();

function tick() {
  now = Date.now();
  for (const watcher of watchers) watcher();
}

/** One clock for every age on the page, running while one is shown. */
function watchClock(watcher: () => void) {
  watchers.add(watcher);
  if (ticking === undefined) {
    ticking = setInterval(tick, AGE_EVERY_MS);
    tick();
  }
  return () => {
    watchers.delete(watcher);
    if (watchers.size === 0) {
      clearInterval(ticking);
      ticking = undefined;
    }
  };
}

/** The current time, every 30 s; null on the server and while hydrating (their clocks differ). */
function useNow(): number | null {
  return useSyncExternalStore(
    watchClock,
    () => now,
    () => null,
  );
}

/**
 * How long ago (or until) a moment is ("5 minutes ago", "in 2 days"), kept current; the time in
 * the person's zone and in UTC on hover. The server's render shows the time itself: an age
 * computed there would be stale, or differ from the browser's, by the time the page is read.
 */
export function Age({ iso, className, ...props }: Omit<WhenProps, "seconds">) {
  const timeZone = useTimeZone();
  const at = useNow();
  const local = formatTime(iso, timeZone);
  return (
    <time
      dateTime={iso}
      title={`${local} (${exactUtc(iso)})`}
      className={className}
      suppressHydrationWarning
      {...props}
    >
      {at === null ? local : relativeTime(iso, at)}
    </time>
  );
}
