import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * What `npm run demo` prints after its banner (docs/console.md, "A quiet demo"): warnings, errors
 * and at most one line a minute about the service's calls. Every line of the service's request
 * log, of the console's own output and of the build goes to a file under DEMO_LOG_DIR instead,
 * named in the banner; DEMO_VERBOSE=1 prints them all as well.
 */

/** pino's numbers for its levels: 40 is warn. */
const WARN = 40;
const LEVEL_NAMES: Record<number, string> = { 40: "warning", 50: "error", 60: "fatal" };

export interface CallTally {
  calls: number;
  /** Answered 4xx: a caller's mistake the service refused (a wrong key, a bad field). */
  refused: number;
  /** Answered 5xx. */
  failed: number;
}

const noCalls = (): CallTally => ({ calls: 0, refused: 0, failed: 0 });

export interface ServiceLogSink {
  /** What pino writes to (Fastify's `logger.stream`): one JSON line per call. */
  write(chunk: string): void;
  /** The calls since the last take, and a fresh count from here. */
  take(): CallTally;
}

/**
 * The service's log: every line to `file`; a warning or worse also to `warn` as one readable
 * line; each request line counted for the minute's summary.
 */
export function serviceLogSink(file: string, warn: (line: string) => void, echo = false): ServiceLogSink {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "");
  let tally = noCalls();
  return {
    write(chunk) {
      appendFileSync(file, chunk);
      if (echo) process.stdout.write(chunk);
      for (const line of chunk.split("\n")) {
        if (!line) continue;
        let record: { level?: number; msg?: string; status?: number };
        try {
          record = JSON.parse(line);
        } catch {
          continue;
        }
        if (record.msg === "request") {
          tally.calls += 1;
          if ((record.status ?? 0) >= 500) tally.failed += 1;
          else if ((record.status ?? 0) >= 400) tally.refused += 1;
        }
        if ((record.level ?? 0) >= WARN && !echo)
          warn(`service ${LEVEL_NAMES[record.level ?? WARN] ?? "warning"}: ${record.msg ?? line}`);
      }
    },
    take() {
      const taken = tally;
      tally = noCalls();
      return taken;
    },
  };
}

/**
 * The minute's one line, or null when the service had no calls: "[14:05] 62 service calls in
 * the last minute (3 refused, 0 failed); every call is in .data/logs/service.log".
 */
export function minuteSummary(at: Date, tally: CallTally, file: string): string | null {
  if (tally.calls === 0) return null;
  const time = at.toISOString().slice(11, 16);
  const calls = `${tally.calls} service ${tally.calls === 1 ? "call" : "calls"}`;
  return `[${time} UTC] ${calls} in the last minute (${tally.refused} refused, ${tally.failed} failed); every call is in ${file}`;
}

/**
 * `next start`'s own start-up lines, which the banner says better ("▲ Next.js 16", "- Local:",
 * "✓ Ready in 1.2s"); anything else the console prints (a resumed bulk batch, a warning) matters.
 */
export function isConsoleStartNoise(line: string): boolean {
  const text = line.trim();
  return (
    text === "" ||
    text.startsWith("▲ Next.js") ||
    /^- (Local|Network|Environments|Experiments):/.test(text) ||
    /^✓ (Starting|Ready in)/.test(text)
  );
}

/** The console reports it is serving. */
export const isConsoleReady = (line: string) => /✓ Ready in|Ready in \d/.test(line);
