import type { SerializedError } from "vitest";
import type { Reporter, TestModule, TestRunEndReason, TestSuite } from "vitest/node";
import { closingLine, firstLine, type TestCounts, writeCountsFile } from "./test-counts";

/**
 * Prints the plain closing line `vitest: N passed, N failed, N skipped` that CI reads (vitest's
 * own summary is not in that form) and writes the same counts to TEST_COUNTS_FILE for
 * scripts/test.ts.
 *
 * When a `beforeAll` fails, vitest marks the tests of that suite "skipped": left as they are,
 * a suite that could not start its service would read as N skipped, 0 failed. So a test that
 * did not run counts as failed when a suite or file around it has errors (a hook threw, the file
 * did not load); only a test skipped on purpose (`it.skip`, `it.todo`, `ctx.skip()`, filtered out)
 * counts as skipped. A suite with errors none of its tests carry (an `afterAll` that threw after
 * every test passed, a file that failed to load before any test was collected) is one more
 * failure, and so is each unhandled error: vitest fails the run for it.
 */
export function countTests(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError> = [],
): TestCounts {
  const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
  for (const module of testModules) add(counts, countSuite(module, false));
  return counts;
}

/** The counts of one suite or file, nested suites included. */
function countSuite(suite: TestModule | TestSuite, brokenAbove: boolean): TestCounts {
  const hasErrors = suite.errors().length > 0;
  const broken = brokenAbove || hasErrors;
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const child of suite.children) {
    if (child.type === "suite") {
      add(counts, countSuite(child, broken));
      continue;
    }
    const { state } = child.result();
    // `options` is taken when the test is collected, before a failing hook marks it skipped.
    const skippedOnPurpose = child.options.mode === "skip" || child.options.mode === "todo";
    if (state === "passed") counts.passed += 1;
    else if (state === "failed" || (broken && !skippedOnPurpose)) counts.failed += 1;
    else counts.skipped += 1;
  }
  if (hasErrors && counts.failed === 0) counts.failed += 1;
  return counts;
}

function add(total: TestCounts, part: TestCounts): void {
  total.passed += part.passed;
  total.failed += part.failed;
  total.skipped += part.skipped;
}

/** What failed, by file and test name with the first line of its error, for the summary. */
export function failedTests(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError> = [],
): string[] {
  const names: string[] = [];
  const visit = (suite: TestModule | TestSuite, file: string) => {
    const [error] = suite.errors();
    if (error)
      names.push(
        `${file}${suite.type === "suite" ? ` › ${suite.fullName}` : ""}: ${firstLine(error.message)}`,
      );
    for (const child of suite.children) {
      if (child.type === "suite") visit(child, file);
      else if (child.result().state === "failed")
        names.push(`${file} › ${child.fullName}: ${firstLine(child.result().errors?.[0]?.message)}`);
    }
  };
  for (const module of testModules) visit(module, module.relativeModuleId);
  for (const error of unhandledErrors) names.push(`unhandled error: ${firstLine(error.message)}`);
  return names;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    _reason: TestRunEndReason,
  ): void {
    const counts = countTests(testModules, unhandledErrors);
    writeCountsFile(counts, failedTests(testModules, unhandledErrors));
    console.log(`\n${closingLine(counts, "vitest")}`);
  }
}
