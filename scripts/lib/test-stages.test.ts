import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { countStage, runStages, type Stage, summaryLines } from "./test-stages";

const temp = testFolders("beside");

/** Stages that are tiny Node programs, run by the orchestrator's own code. */
const node = (script: string): Stage["command"] => [process.execPath, "-e", script];
const writes = (counts: object, exitCode = 0) =>
  node(
    `require("node:fs").writeFileSync(process.env.TEST_COUNTS_FILE, ${JSON.stringify(JSON.stringify(counts))}); process.exit(${exitCode});`,
  );

describe("the closing line of npm test", () => {
  it("runs every stage after a failing one and sums them; a test stage that counted nothing failed", async () => {
    const results = await runStages(
      [
        { name: "lint", command: node("process.exit(1)"), kind: "check" },
        { name: "typecheck", command: node(""), kind: "check" },
        { name: "vitest", command: writes({ passed: 5, failed: 0, skipped: 2 }), kind: "tests" },
        // Exits non-zero although its reporter counted no failure (e.g. vitest's unhandled error).
        { name: "odd", command: writes({ passed: 3, failed: 0, skipped: 0 }, 1), kind: "tests" },
        { name: "crashed", command: node("process.exit(7)"), kind: "tests" },
        { name: "missing", command: ["/nonexistent/playwright", "test"], kind: "tests" },
        { name: "playwright", command: writes({ passed: 4, failed: 2, skipped: 1 }, 1), kind: "tests" },
      ],
      { stdio: "ignore" },
    );
    expect(results.map((r) => [r.name, r.exitCode, r.counts])).toEqual([
      ["lint", 1, { passed: 0, failed: 1, skipped: 0 }],
      ["typecheck", 0, { passed: 1, failed: 0, skipped: 0 }],
      ["vitest", 0, { passed: 5, failed: 0, skipped: 2 }],
      ["odd", 1, { passed: 3, failed: 1, skipped: 0 }],
      ["crashed", 7, { passed: 0, failed: 1, skipped: 0 }],
      ["missing", null, { passed: 0, failed: 1, skipped: 0 }],
      ["playwright", 1, { passed: 4, failed: 2, skipped: 1 }],
    ]);
    expect(summaryLines(results).at(-1)).toBe("total: 13 passed, 6 failed, 3 skipped");
  });

  it("counts the stages an interruption left as failed", async () => {
    let stopped = false;
    const results = await runStages(
      [
        { name: "lint", command: node(""), kind: "check" },
        { name: "vitest", command: writes({ passed: 9, failed: 0, skipped: 0 }), kind: "tests" },
      ],
      {
        stdio: "ignore",
        onChild: (_child, state) => {
          if (state === "ended") stopped = true; // Ctrl-C during the first stage
        },
        interrupted: () => stopped,
      },
    );
    expect(summaryLines(results).at(-1)).toBe("total: 1 passed, 1 failed, 0 skipped");
    expect(results[1]?.note).toMatch(/did not run/);
  });

  it("names what a stage's reporter said failed, under its line and above the closing line", async () => {
    const results = await runStages(
      [
        {
          name: "vitest",
          command: writes(
            { passed: 2, failed: 1, skipped: 0, failures: ["a.test.ts › adds: expected 2"] },
            1,
          ),
          kind: "tests",
        },
        { name: "playwright", command: writes({ passed: 1, failed: 0, skipped: 0 }), kind: "tests" },
      ],
      { stdio: "ignore" },
    );
    const lines = summaryLines(results);
    expect(lines[1]).toBe("      ✗ a.test.ts › adds: expected 2");
    expect(lines[0]).toMatch(/^ {2}vitest +2 passed, 1 failed/);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe("total: 3 passed, 1 failed, 0 skipped");
  });

  it("a stage marked beside runs while the next one does, and keeps its place in the results", async () => {
    const marker = join(temp.next(), "vitest-started");
    // Passes only if the next stage runs meanwhile: it waits for the file the next one writes.
    const waitsForNext = node(
      `const fs = require("node:fs"); const end = Date.now() + 60000;
       (function poll() { if (fs.existsSync(${JSON.stringify(marker)})) process.exit(0);
         if (Date.now() > end) process.exit(1); setTimeout(poll, 20); })();`,
    );
    const results = await runStages(
      [
        { name: "typecheck", command: waitsForNext, kind: "check", beside: true },
        {
          name: "vitest",
          command: node(
            `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "");
             require("node:fs").writeFileSync(process.env.TEST_COUNTS_FILE, '{"passed":1,"failed":0,"skipped":0}');`,
          ),
          kind: "tests",
        },
      ],
      { stdio: "ignore" },
    );
    expect(results.map((r) => [r.name, r.exitCode])).toEqual([
      ["typecheck", 0],
      ["vitest", 0],
    ]);
    expect(summaryLines(results).at(-1)).toBe("total: 2 passed, 0 failed, 0 skipped");
  });

  it("a stage waits for what is made ready beside the stages before it; when that fails it does not run and counts as failed", async () => {
    const folder = temp.next();
    const installed = join(folder, "installed");
    const ranAnyway = join(folder, "ran-anyway");
    // Settles only after a while, as an install beside vitest does: the stage must wait for it.
    const ready = new Promise<null>((resolve) =>
      setTimeout(() => {
        writeFileSync(installed, "");
        resolve(null);
      }, 300),
    );
    const results = await runStages(
      [
        { name: "vitest", command: writes({ passed: 2, failed: 0, skipped: 0 }), kind: "tests" },
        {
          name: "playwright",
          // Fails unless what it needs was ready before it started.
          command: node(
            `const fs = require("node:fs"); if (!fs.existsSync(${JSON.stringify(installed)})) process.exit(1);
             fs.writeFileSync(process.env.TEST_COUNTS_FILE, '{"passed":3,"failed":0,"skipped":0}');`,
          ),
          kind: "tests",
          ready,
        },
        {
          name: "unready",
          command: node(`require("node:fs").writeFileSync(${JSON.stringify(ranAnyway)}, "")`),
          kind: "tests",
          ready: Promise.resolve("apt-get install -y -qq chromium-headless-shell failed (exit 100)."),
        },
      ],
      { stdio: "ignore" },
    );
    expect(results.map((r) => [r.name, r.counts])).toEqual([
      ["vitest", { passed: 2, failed: 0, skipped: 0 }],
      ["playwright", { passed: 3, failed: 0, skipped: 0 }],
      ["unready", { passed: 0, failed: 1, skipped: 0 }],
    ]);
    expect(existsSync(ranAnyway)).toBe(false);
    expect(results[2]?.note).toBe(
      "did not run: apt-get install -y -qq chromium-headless-shell failed (exit 100).",
    );
    expect(summaryLines(results).at(-1)).toBe("total: 5 passed, 1 failed, 0 skipped");
  });

  it("holds a beside stage's output and prints it whole when it ends; its failure is counted", async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const results = await runStages([
        {
          name: "typecheck",
          command: node(
            `console.log("a.ts(1,1): error TS2322"); console.error("one error"); process.exit(2);`,
          ),
          kind: "check",
          beside: true,
        },
      ]);
      expect(summaryLines(results).at(-1)).toBe("total: 0 passed, 1 failed, 0 skipped");
    } finally {
      write.mockRestore();
    }
    expect(written.join("")).toBe(
      "\n── typecheck (ran beside the stages after it): exit 2\na.ts(1,1): error TS2322\none error\n",
    );
  });

  it("a passing run", async () => {
    const results = await runStages(
      [
        { name: "lint", command: node(""), kind: "check" },
        { name: "vitest", command: writes({ passed: 2, failed: 0, skipped: 1 }), kind: "tests" },
      ],
      { stdio: "ignore" },
    );
    expect(summaryLines(results).at(-1)).toBe("total: 3 passed, 0 failed, 1 skipped");
  });

  it.each([
    ["check", 0, null, { passed: 1, failed: 0, skipped: 0 }],
    ["check", 2, null, { passed: 0, failed: 1, skipped: 0 }],
    ["tests", 0, null, { passed: 0, failed: 1, skipped: 0 }],
    ["tests", null, { passed: 1, failed: 0, skipped: 0 }, { passed: 1, failed: 1, skipped: 0 }],
    ["tests", 1, { passed: 1, failed: 2, skipped: 0 }, { passed: 1, failed: 2, skipped: 0 }],
  ] as const)("a %s stage exiting %s with counts %o counts %o", (kind, code, written, counts) => {
    expect(countStage(kind, code, written).counts).toEqual(counts);
  });
});
