import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_LIMITS } from "@/testing/test-limits";
import { readCountsFile, readFailures, type TestCounts } from "./test-counts";

/**
 * The reporter in a real vitest run: tiny test files written to a temp folder, run by the vitest
 * CLI with this reporter, and the counts it printed and wrote compared with what happened.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REPORTER = join(ROOT, "scripts/lib/summary-reporter.ts");
const temp = mkdtempSync(join(tmpdir(), "summary-reporter-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "passes.test.mjs": `import { expect, it } from "vitest";
it("adds", () => expect(1 + 1).toBe(2));
it("concatenates", () => expect("a" + "b").toBe("ab"));`,
  "skips.test.mjs": `import { it } from "vitest";
it("runs", () => {});
it.skip("is skipped on purpose", () => { throw new Error("must not run"); });
it.todo("is still to write");
it("skips itself at run time", (context) => context.skip());`,
  "fails.test.mjs": `import { expect, it } from "vitest";
it("is wrong", () => expect(1).toBe(2));`,
  "before-all.test.mjs": `import { beforeAll, describe, it } from "vitest";
it("runs outside the broken suite", () => {});
describe("a suite whose service never starts", () => {
  beforeAll(() => { throw new Error("the service did not start"); });
  it("would read from it", () => {});
  describe("nested", () => { it("would too", () => {}); });
  it.skip("is skipped on purpose all the same", () => {});
});`,
  "before-each.test.mjs": `import { beforeEach, it } from "vitest";
beforeEach(() => { throw new Error("no fixture"); });
it("one", () => {});
it("two", () => {});`,
  "after-all.test.mjs": `import { afterAll, it } from "vitest";
afterAll(() => { throw new Error("could not stop the service"); });
it("passes before the hook fails", () => {});`,
  "unhandled.test.mjs": `import { it } from "vitest";
it("passes but leaves a rejection nobody handles", () => { Promise.reject(new Error("lost")); });`,
  "does-not-load.test.mjs": `import { it } from "vitest";
import "./missing-module.mjs";
it("never collected", () => {});`,
};

interface Run {
  code: number | null;
  /** stdout and stderr together, for the failure message. */
  output: string;
  stdout: string;
  written: TestCounts | null;
  failures: string[];
}

/** Runs the vitest CLI on the named fixture files in a folder of their own. */
function runVitest(name: string, files: string[]): Promise<Run> {
  const dir = join(temp, name);
  mkdirSync(dir);
  // The fixture files import "vitest": resolve it from this repository's node_modules.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  for (const file of files) writeFileSync(join(dir, file), FILES[file] ?? "");
  writeFileSync(
    join(dir, "vitest.config.mjs"),
    // cacheDir: its own, not the shared node_modules/.vite behind the link.
    `export default { cacheDir: ".vite", test: { include: ["*.test.mjs"], reporters: ["default", ${JSON.stringify(REPORTER)}] } };`,
  );
  const countsFile = join(dir, "counts.json");
  // This file runs inside vitest: the child must not think it is one of our workers.
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_COUNTS_FILE: countsFile, NO_COLOR: "1" };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(ROOT, "node_modules/.bin/vitest"),
      ["run", "--root", dir, "--config", join(dir, "vitest.config.mjs")],
      { cwd: dir, env },
    );
    let output = "";
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({
        code,
        output,
        stdout,
        written: readCountsFile(countsFile),
        failures: readFailures(countsFile),
      }),
    );
  });
}

/** Each case's counts, and the start of each failure it names for the summary. */
const cases: { name: string; files: string[]; counts: TestCounts; named?: string[] }[] = [
  {
    name: "passing tests and tests skipped on purpose",
    files: ["passes.test.mjs", "skips.test.mjs"],
    counts: { passed: 3, failed: 0, skipped: 3 },
  },
  {
    name: "a failing test",
    files: ["fails.test.mjs"],
    counts: { passed: 0, failed: 1, skipped: 0 },
    named: ["fails.test.mjs › is wrong: expected 1 to be 2"],
  },
  {
    name: "a beforeAll that throws: its suite's tests failed, not skipped",
    files: ["before-all.test.mjs"],
    counts: { passed: 1, failed: 2, skipped: 1 },
    named: ["before-all.test.mjs › a suite whose service never starts: the service did not start"],
  },
  {
    name: "a beforeEach that throws",
    files: ["before-each.test.mjs"],
    counts: { passed: 0, failed: 2, skipped: 0 },
    named: ["before-each.test.mjs › one: no fixture", "before-each.test.mjs › two: no fixture"],
  },
  {
    name: "an afterAll that throws after every test passed",
    files: ["after-all.test.mjs"],
    counts: { passed: 1, failed: 1, skipped: 0 },
    named: ["after-all.test.mjs: could not stop the service"],
  },
  {
    name: "an unhandled rejection (vitest fails the run for it)",
    files: ["unhandled.test.mjs"],
    counts: { passed: 1, failed: 1, skipped: 0 },
    named: ["unhandled error: lost"],
  },
  {
    name: "a file that fails to load",
    files: ["does-not-load.test.mjs", "passes.test.mjs"],
    counts: { passed: 2, failed: 1, skipped: 0 },
    named: ["does-not-load.test.mjs: "],
  },
];

// Concurrent: each case is its own vitest process, mostly waiting on its own start-up.
describe.concurrent("the closing line of a real vitest run", () => {
  it.each(cases)(
    "$name",
    async ({ name, files, counts, named = [] }) => {
      const run = await runVitest(name.replace(/\W+/g, "-"), files);
      const line = `vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
      // The printed line is stdout's last (stderr's errors arrive through another pipe, in no
      // fixed order); the file is what scripts/test.ts sums.
      expect(
        {
          lastLine: run.stdout.trimEnd().split("\n").at(-1),
          written: run.written,
          exitedNonZero: run.code !== 0,
        },
        run.output,
      ).toEqual({ lastLine: line, written: counts, exitedNonZero: counts.failed > 0 });
      // What failed is named for the summary: each expected name, and nothing for a passing run.
      expect(run.failures.length, run.failures.join("\n")).toBe(named.length);
      for (const [index, start] of named.entries())
        expect(run.failures[index]).toMatch(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    },
    TEST_LIMITS.startMs,
  );
});
