import { readFileSync } from "node:fs";
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestError,
  TestResult,
} from "@playwright/test/reporter";
import { closingLine, firstLine, type TestCounts, writeCountsFile } from "./test-counts";

/**
 * Prints `playwright: N passed, N failed, N skipped` after the list reporter's output and writes
 * the same counts to TEST_COUNTS_FILE for scripts/test.ts.
 *
 * Playwright's own summary leaves out what did not run: the specs of a project whose setup
 * project failed never start, and when the web server does not come up no test does. Here a
 * test meant to run that did not (or that Playwright marked skipped without anyone asking, as
 * after a failing `beforeAll`) counts as failed; only a test skipped on purpose (`test.skip`,
 * `test.fixme`, declared or at run time) counts as skipped. An error outside every test
 * (global setup, the web server, a worker's teardown) is one more failure, and a run that ended
 * failed with nothing else counted failed is one too.
 */
export function countPlaywrightTests(
  root: Suite | undefined,
  globalErrors: number,
  status: FullResult["status"],
): TestCounts {
  const counts = { passed: 0, failed: globalErrors, skipped: 0 };
  for (const test of root?.allTests() ?? []) counts[verdict(test)] += 1;
  if (status !== "passed" && counts.failed === 0) counts.failed += 1;
  return counts;
}

/** How a test counts: see countPlaywrightTests. */
function verdict(test: TestCase): keyof TestCounts {
  const last = test.results.at(-1);
  if (!last || last.status === "skipped") return skippedOnPurpose(test) ? "skipped" : "failed";
  // Expected (test.fail() included) or flaky: it passed on a retry.
  return test.outcome() === "unexpected" ? "failed" : "passed";
}

function skippedOnPurpose(test: TestCase): boolean {
  // test.skip()/fixme() declared, or called in the test body (then the result carries the annotation).
  if (test.expectedStatus === "skipped") return true;
  const annotations = [...test.annotations, ...(test.results.at(-1)?.annotations ?? [])];
  return annotations.some((a) => a.type === "skip" || a.type === "fixme");
}

/** The tests that failed, by spec, line and title with the first line of their error, for the summary. */
export function failedPlaywrightTests(root: Suite | undefined, globalErrors: readonly string[]): string[] {
  const names = (root?.allTests() ?? [])
    .filter((test) => verdict(test) === "failed")
    .map((test) => {
      const last = test.results.at(-1);
      const why = last ? firstLine(last.error?.message) || last.status : "did not run";
      return `${test.location.file.split("/").slice(-2).join("/")}:${test.location.line} › ${test.title}: ${why}`;
    });
  return [...globalErrors.map((message) => `outside the tests: ${message}`), ...names];
}

/** How many lines of a failed test's page snapshot the log shows. */
const SNAPSHOT_LINES = 150;

/**
 * The page as it was when a test failed (Playwright's "error-context" attachment: an ARIA
 * snapshot of the page), its first lines indented. The list reporter prints only the file's path,
 * which a CI run in a fresh clone does not keep; its log is all that is left of a failure there.
 */
export function pageAtFailure(result: Pick<TestResult, "attachments">): string[] {
  const attachment = result.attachments.find((a) => a.name === "error-context");
  let text: string;
  try {
    text = attachment?.body
      ? attachment.body.toString("utf8")
      : attachment?.path
        ? readFileSync(attachment.path, "utf8")
        : "";
  } catch {
    return [];
  }
  // Only the snapshot (a yaml block) when there is one: the error and source are printed already.
  const snapshot = /```yaml\n([\s\S]*?)\n```/.exec(text)?.[1];
  const lines = (snapshot ?? text).split("\n");
  if (lines.length <= 1 && !lines[0]) return [];
  const shown = lines.slice(0, SNAPSHOT_LINES).map((line) => `    | ${line}`);
  if (lines.length > SNAPSHOT_LINES) shown.push(`    | … ${lines.length - SNAPSHOT_LINES} more lines`);
  return shown;
}

export default class PlaywrightSummaryReporter implements Reporter {
  private root: Suite | undefined;
  private globalErrors = 0;
  private globalMessages: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    this.root = suite;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus || result.status === "skipped") return;
    const page = pageAtFailure(result);
    if (page.length > 0) console.log([`\n  The page when "${test.title}" failed:`, ...page].join("\n"));
  }

  onError(error: TestError): void {
    this.globalErrors += 1;
    this.globalMessages.push(firstLine(error.message));
  }

  onEnd(result: FullResult): void {
    const counts = countPlaywrightTests(this.root, this.globalErrors, result.status);
    writeCountsFile(counts, failedPlaywrightTests(this.root, this.globalMessages));
    console.log(`\n${closingLine(counts, "playwright")}`);
  }
}
