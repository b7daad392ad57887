import { readFileSync, writeFileSync } from "node:fs";

/**
 * The counts every test stage reports, and the one closing line CI reads: the last line of the
 * form `N passed, N failed, N skipped` (optionally one word and a colon before it). A test
 * skipped on purpose is skipped; one that was meant to run and did not (its setup failed, its
 * file did not load) is failed.
 */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Where a reporter writes its counts for scripts/test.ts, which sums the stages. */
export const COUNTS_FILE_VARIABLE = "TEST_COUNTS_FILE";

export function closingLine(counts: TestCounts, label?: string): string {
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  return label ? `${label}: ${line}` : line;
}

/** How many failures a stage names in the closing summary; the rest are counted, not named. */
export const NAMED_FAILURES = 15;

/**
 * Writes the counts where TEST_COUNTS_FILE says, when it is set (a stage run by scripts/test.ts),
 * with the names of what failed: the summary repeats them above the closing line, so a CI log
 * that keeps only its end still says which test failed.
 */
export function writeCountsFile(counts: TestCounts, failures: readonly string[] = []): void {
  const path = process.env[COUNTS_FILE_VARIABLE];
  // Named only when something failed: the file of a passing stage holds its counts alone.
  const named = failures.length > 0 ? { failures: failures.slice(0, NAMED_FAILURES) } : {};
  if (path) writeFileSync(path, `${JSON.stringify({ ...counts, ...named })}\n`);
}

/** One line of a failure's message, cut to fit a line of the summary. */
export function firstLine(message: string | undefined): string {
  const line = (message ?? "").split("\n").find((text) => text.trim() !== "") ?? "";
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/** The failures a stage named in its counts file (none when it named none or wrote none). */
export function readFailures(path: string): string[] {
  try {
    const { failures } = JSON.parse(readFileSync(path, "utf8")) as { failures?: unknown };
    return Array.isArray(failures) ? failures.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

/** The counts a stage wrote, or null when it wrote none or something that is not counts. */
export function readCountsFile(path: string): TestCounts | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
  const value = parsed as Partial<Record<keyof TestCounts, unknown>>;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!value || !whole(value.passed) || !whole(value.failed) || !whole(value.skipped)) return null;
  return { passed: value.passed, failed: value.failed, skipped: value.skipped };
}
