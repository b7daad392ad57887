/**
 * How fast a sending batch goes and how long it has left, from the answered counts its page read
 * (docs/console.md, "Bulk awards"): the rate over the last window of readings, so a pause (a 429
 * waited out, a busy service) shows within seconds, and the time left at that rate. Browser-safe.
 */

/** One reading of the batch: when, and how many rows were answered by then. */
export interface PaceSample {
  at: number;
  answered: number;
}

/** How far back the rate looks: long enough to smooth one-second readings, short enough to follow a pause. */
export const PACE_WINDOW_MS = 30_000;

export interface Pace {
  /** Rows answered per second over the window. */
  perSecond: number;
  /** Seconds until every row is answered at that rate; null when nothing moves. */
  secondsLeft: number | null;
}

/** The pace from the readings (oldest first), or null until two readings a second apart exist. */
export function batchPace(samples: readonly PaceSample[], total: number): Pace | null {
  const last = samples.at(-1);
  if (!last) return null;
  // From the last reading at or before the window's start (else the first one): the window whole.
  const first = samples.findLast((sample) => last.at - sample.at >= PACE_WINDOW_MS) ?? samples[0] ?? last;
  const seconds = (last.at - first.at) / 1000;
  if (seconds < 1) return null;
  const perSecond = Math.max(0, last.answered - first.answered) / seconds;
  const remaining = Math.max(0, total - last.answered);
  return { perSecond, secondsLeft: perSecond > 0 ? Math.ceil(remaining / perSecond) : null };
}

/** "12 rows/s · about 2 min left", "0.4 rows/s · about 40 s left", "paused". */
export function paceText(pace: Pace): string {
  if (pace.perSecond === 0) return "no row answered in the last 30 s";
  const rate = pace.perSecond >= 10 ? Math.round(pace.perSecond) : Math.round(pace.perSecond * 10) / 10;
  const left = pace.secondsLeft ?? 0;
  const time =
    left < 60
      ? `${left} s`
      : left < 3600
        ? `${Math.round(left / 60)} min`
        : `${Math.round((left / 3600) * 10) / 10} h`;
  return `${rate} rows/s · about ${time} left`;
}

/** The readings to keep: those inside the window and the one just before it. */
export function keptSamples(samples: readonly PaceSample[], now: number): PaceSample[] {
  const inside = samples.filter((sample) => now - sample.at <= PACE_WINDOW_MS);
  const before = samples.filter((sample) => now - sample.at > PACE_WINDOW_MS).at(-1);
  return before ? [before, ...inside] : inside;
}
