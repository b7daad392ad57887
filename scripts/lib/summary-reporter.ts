import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads (vitest's own
 * summary is not in that form).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
      if (module.state() === "failed" && module.children.size === 0) counts.failed += 1; // failed to load
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
