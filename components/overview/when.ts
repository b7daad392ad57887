const DAY = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 24" for a UTC day `YYYY-MM-DD` (the same text on the server and in the browser). */
export function shortDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-11-24 09:05 UTC" for an ISO time: UTC, so the server's render and the browser's agree. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
