import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/testing/free-port";
import { TEST_LIMITS } from "@/testing/test-limits";
import { pageAtFailure } from "./playwright-summary-reporter";
import { readCountsFile, readFailures, type TestCounts } from "./test-counts";

/**
 * The reporter in a real Playwright run: tiny specs (no browser: they use no page) and a config
 * of their own in a temp folder, run by the Playwright CLI with the list reporter and ours, and
 * the counts it printed and wrote compared with what happened. No fixed port, no build.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REPORTER = join(ROOT, "scripts/lib/playwright-summary-reporter.ts");
const temp = mkdtempSync(join(tmpdir(), "playwright-reporter-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const IMPORT = `import { expect, test } from "@playwright/test";\n`;
const SPECS: Record<string, string> = {
  "passes.spec.mjs": `${IMPORT}test("passes", () => expect(1 + 1).toBe(2));`,
  "mixed.spec.mjs": `${IMPORT}
test("passes", () => {});
test("fails", () => expect(1).toBe(2));
test.skip("is skipped on purpose", () => {});
test("skips itself at run time", () => test.skip(true, "not on this machine"));
test.fixme("is known broken", () => {});
test("is expected to fail and does", () => { test.fail(); expect(1).toBe(2); });`,
  "broken.setup.mjs": `${IMPORT}test("signs in", () => { throw new Error("the sign-in page never loaded"); });`,
  "needs-setup.spec.mjs": `${IMPORT}
test("uses the signed-in state", () => {});
test("uses it too", () => {});
test.skip("is skipped on purpose", () => {});`,
  "before-all.spec.mjs": `${IMPORT}
test.beforeAll(() => { throw new Error("no fixture"); });
test("one", () => {});
test("two", () => {});`,
};

interface Scenario {
  name: string;
  specs: string[];
  /** Projects (testMatch by file name) and a web server, as in playwright.config.ts. */
  config: (port: number) => Record<string, unknown>;
  counts: TestCounts;
  /** What each named failure contains, in order. */
  named?: string[];
}

const plain = () => ({ projects: [{ name: "plain", testMatch: "**/*.spec.mjs" }] });

const scenarios: Scenario[] = [
  {
    name: "a passing run",
    specs: ["passes.spec.mjs"],
    config: plain,
    counts: { passed: 1, failed: 0, skipped: 0 },
  },
  {
    name: "passed, failed, skipped on purpose (declared, at run time, fixme), expected to fail",
    specs: ["mixed.spec.mjs"],
    config: plain,
    counts: { passed: 2, failed: 1, skipped: 3 },
    named: ["mixed.spec.mjs:4 › fails: "],
  },
  {
    name: "a failing setup project: the specs that depend on it did not run and failed",
    specs: ["broken.setup.mjs", "needs-setup.spec.mjs", "passes.spec.mjs"],
    config: () => ({
      projects: [
        { name: "setup", testMatch: "**/*.setup.mjs" },
        { name: "chromium", testMatch: "**/needs-setup.spec.mjs", dependencies: ["setup"] },
        { name: "independent", testMatch: "**/passes.spec.mjs" },
      ],
    }),
    counts: { passed: 1, failed: 3, skipped: 1 },
    named: [
      "broken.setup.mjs:2 › signs in: Error: the sign-in page never loaded",
      "needs-setup.spec.mjs:3 › uses the signed-in state: did not run",
      "needs-setup.spec.mjs:4 › uses it too: did not run",
    ],
  },
  {
    name: "a beforeAll that throws",
    specs: ["before-all.spec.mjs"],
    config: plain,
    counts: { passed: 0, failed: 2, skipped: 0 },
  },
  {
    name: "a web server that never comes up: the run failed",
    specs: ["passes.spec.mjs", "mixed.spec.mjs"],
    config: (port) => ({
      ...plain(),
      webServer: {
        command: `node -e "console.error('port taken'); process.exit(3)"`,
        url: `http://127.0.0.1:${port}/`,
        timeout: TEST_LIMITS.startMs,
      },
    }),
    // Playwright stops before it lists the tests (no onBegin): its error is the one failure.
    counts: { passed: 0, failed: 1, skipped: 0 },
    named: ["outside the tests: "],
  },
];

interface Run {
  code: number | null;
  output: string;
  stdout: string;
  written: TestCounts | null;
  failures: string[];
}

async function runPlaywright(scenario: Scenario): Promise<Run> {
  const dir = join(temp, scenario.name.replace(/\W+/g, "-").slice(0, 60));
  mkdirSync(dir);
  // The specs import "@playwright/test": resolve it from this repository's node_modules.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  for (const spec of scenario.specs) writeFileSync(join(dir, spec), SPECS[spec] ?? "");
  const config = {
    testDir: ".",
    outputDir: "results",
    workers: 1,
    retries: 0,
    reporter: [["list"], [REPORTER]],
    ...scenario.config(await freePort()),
  };
  writeFileSync(join(dir, "playwright.config.mjs"), `export default ${JSON.stringify(config)};\n`);
  const countsFile = join(dir, "counts.json");
  // This file runs inside vitest: the child is a Playwright run of its own.
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_COUNTS_FILE: countsFile, CI: "", FORCE_COLOR: "0" };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(ROOT, "node_modules/.bin/playwright"),
      ["test", "--config", join(dir, "playwright.config.mjs")],
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

// Concurrent: each scenario is its own Playwright process, mostly waiting on its own start-up.
describe.concurrent("the closing line of a real Playwright run", () => {
  it.each(scenarios)(
    "$name",
    async (scenario) => {
      const run = await runPlaywright(scenario);
      const { passed, failed, skipped } = scenario.counts;
      expect(
        {
          lastLine: run.stdout.trimEnd().split("\n").at(-1),
          written: run.written,
          exitedNonZero: run.code !== 0,
        },
        run.output,
      ).toEqual({
        lastLine: `playwright: ${passed} passed, ${failed} failed, ${skipped} skipped`,
        written: scenario.counts,
        exitedNonZero: failed > 0,
      });
      // Every failure counted is named for the summary, by spec, line and title.
      expect(run.failures, run.failures.join("\n")).toHaveLength(failed);
      for (const [index, part] of (scenario.named ?? []).entries())
        expect(run.failures[index]).toContain(part);
    },
    TEST_LIMITS.startMs,
  );
});

describe("the page at a failure, for a log that outlives the run's files", () => {
  it("shows the page snapshot's first lines, indented, and says how many it left out", () => {
    const file = join(temp, "error-context.md");
    const snapshot = Array.from({ length: 155 }, (_, i) => `- line ${i + 1}`).join("\n");
    writeFileSync(
      file,
      `# Error details\n\nError: it failed\n\n\`\`\`yaml\n${snapshot}\n\`\`\`\n\n# Test source\n`,
    );
    const shown = pageAtFailure({
      attachments: [{ name: "error-context", contentType: "text/markdown", path: file }],
    });
    expect(shown[0]).toBe("    | - line 1");
    expect(shown).toHaveLength(151);
    expect(shown.at(-1)).toBe("    | … 5 more lines");
  });

  it("shows nothing without the attachment or when its file is gone", () => {
    expect(pageAtFailure({ attachments: [] })).toEqual([]);
    const gone = [{ name: "error-context", contentType: "text/markdown", path: join(temp, "none.md") }];
    expect(pageAtFailure({ attachments: gone })).toEqual([]);
  });
});
