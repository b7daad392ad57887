import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError } from "@playwright/test/reporter";
import { closingLine, type TestCounts, writeCountsFile } from "./test-counts";

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
  for (const test of root?.allTests() ?? []) {
    const last = test.results.at(-1);
    if (!last || last.status === "skipped") {
      if (skippedOnPurpose(test)) counts.skipped += 1;
      else counts.failed += 1;
    } else if (test.outcome() === "unexpected") counts.failed += 1;
    else counts.passed += 1; // expected (test.fail() included) or flaky: it passed on a retry
  }
  if (status !== "passed" && counts.failed === 0) counts.failed += 1;
  return counts;
}

function skippedOnPurpose(test: TestCase): boolean {
  // test.skip()/fixme() declared, or called in the test body (then the result carries the annotation).
  if (test.expectedStatus === "skipped") return true;
  const annotations = [...test.annotations, ...(test.results.at(-1)?.annotations ?? [])];
  return annotations.some((a) => a.type === "skip" || a.type === "fixme");
}

export default class PlaywrightSummaryReporter implements Reporter {
  private root: Suite | undefined;
  private globalErrors = 0;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    this.root = suite;
  }

  onError(_error: TestError): void {
    this.globalErrors += 1;
  }

  onEnd(result: FullResult): void {
    const counts = countPlaywrightTests(this.root, this.globalErrors, result.status);
    writeCountsFile(counts);
    console.log(`\n${closingLine(counts, "playwright")}`);
  }
}
