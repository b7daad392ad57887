import { describe, expect, it } from "vitest";
import { parseLargeAnswerOptions } from "./large-answer-options";
import {
  earlierRecords,
  figuresOf,
  KEPT_RECORDS,
  type LargeAnswerReport,
  type MeasuredRun,
  recordLine,
  renderLargeAnswerSection,
  type Sample,
  verdict,
} from "./large-answer-report";
import { UsageError } from "./options";

const answered = (...ms: number[]): Sample[] => ms.map((n) => ({ ms: n, ok: true }));

/** A run whose sign-in pages took `during` ms while the catalogue was read, 20 to 40 ms before. */
function run(during: Sample[], loads = [3.2, 5.8]): MeasuredRun {
  return {
    baseline: { seconds: 10, signIns: figuresOf(answered(20, 30, 40)) },
    during: { seconds: 12.5, signIns: figuresOf(during), reads: [2_400, 2_600] },
    loads: { baseline: 2.5, reads: loads },
  };
}

describe("bench:large-answer options", () => {
  it("defaults to 2 runs of a 10 s baseline and 5 openings, the sign-in page every 100 ms, at HEAD", () => {
    expect(parseLargeAnswerOptions([])).toEqual({
      runs: 2,
      baselineSeconds: 10,
      reads: 5,
      everyMs: 100,
      ref: "HEAD",
      buildLock: null,
      keepWorktree: false,
      writeDoc: true,
    });
    expect(
      parseLargeAnswerOptions(["--runs=3", "--baseline-seconds", "2.5", "--build-lock", "/tmp/e2e.lock"]),
    ).toMatchObject({ runs: 3, baselineSeconds: 2.5, buildLock: "/tmp/e2e.lock" });
    expect(parseLargeAnswerOptions(["--keep-worktree", "--no-write-doc", "--ref", "b0e9c91"])).toMatchObject({
      keepWorktree: true,
      writeDoc: false,
      ref: "b0e9c91",
    });
  });

  it("names the flag and the rule on bad input, in one line", () => {
    expect(() => parseLargeAnswerOptions(["--reads", "2.5"])).toThrow(
      new UsageError("--reads needs a positive whole number, got 2.5"),
    );
    expect(() => parseLargeAnswerOptions(["--baseline-seconds"])).toThrow(
      "--baseline-seconds needs a positive number, got nothing",
    );
    expect(() => parseLargeAnswerOptions(["--ref", "a;b"])).toThrow(
      "--ref needs a commit, branch or tag, got a;b",
    );
    expect(() => parseLargeAnswerOptions(["--no-write-doc=yes"])).toThrow("--no-write-doc takes no value");
    expect(() => parseLargeAnswerOptions(["--fast"])).toThrow("unknown argument --fast");
    expect(() => parseLargeAnswerOptions(["--every-ms", "0"])).toThrow(
      new UsageError("--every-ms needs a positive whole number, got 0"),
    );
    expect(() => parseLargeAnswerOptions(["--build-lock"])).toThrow(
      new UsageError("--build-lock needs a file"),
    );
    expect(parseLargeAnswerOptions(["--runs", "1", "-h"])).toBe("help");
  });
});

describe("bench:large-answer figures and target", () => {
  it("takes nearest-rank p50 and p95, the slowest and the failures over every page asked for", () => {
    // 1…100 ms: nearest rank p50 is the 50th, p95 the 95th.
    const samples = answered(...Array.from({ length: 100 }, (_, i) => 100 - i));
    samples[3] = { ms: 97, ok: false };
    expect(figuresOf(samples)).toEqual({ count: 100, failed: 1, p50: 50, p95: 95, max: 100 });
    expect(figuresOf([])).toMatchObject({ count: 0, failed: 0, p50: Number.NaN, max: Number.NaN });
  });

  it("meets the target below 1 s with none failed, and misses it at 1 s or with a failure", () => {
    expect(verdict(run(answered(100, 200, 999)), 2)).toEqual({
      met: true,
      detail: "met: p95 999 ms during the reads (baseline 40 ms), 1-minute load average 3.2–5.8 on 2 cores",
    });
    expect(verdict(run(answered(100, 200, 1_000)), 2).met).toBe(false);
    const failed = verdict(run([...answered(100, 200), { ms: 30_000, ok: false }, ...answered(300)]), 2);
    expect(failed.met).toBe(false);
    expect(failed.detail).toMatch(/^missed: p95 30000 ms during the reads, 1 of 4 failed \(baseline 40 ms\)/);
    expect(verdict(run([]), 2).met).toBe(false);
  });
});

describe("bench:large-answer section", () => {
  const report: LargeAnswerReport = {
    runs: [run(answered(100, 150, 400)), run(answered(300, 900, 1_490), [7.1, 7.1])],
    startedAt: new Date("2026-11-27T15:00:00.123Z"),
    minutes: 6.25,
    ref: "HEAD",
    commit: "b0e9c91a347065f41578ef4e7d8ef4a453844f79",
    machine: { cpu: "AMD EPYC", cores: 2, memoryGiB: 24, node: "v20.20.2", os: "Linux 6.18 x64" },
    loads: { start: 2.1, end: 6.4 },
    answerBytes: 29 * 1024 * 1024 - 3_000,
    options: { baselineSeconds: 10, reads: 2, everyMs: 100 },
  };
  // Rendered in each test, so that a failure of the renderer fails the tests, not the file.
  const section = () => renderLargeAnswerSection(report);

  it("says the target, how many runs met it and each run's verdict with its load", () => {
    expect(section()).toMatch(/^## Console: sign-in while a 29 MiB answer is read \(issue 25\)\n/);
    expect(section()).toContain("none fails. Met in 1 of 2 runs.**");
    expect(section()).toContain("- Run 1: met: p95 400 ms during the reads (baseline 40 ms)");
    expect(section()).toContain(
      "- Run 2: missed: p95 1490 ms during the reads (baseline 40 ms), 1-minute load average 7.1 on 2 cores.",
    );
  });

  it("records when, where and on what machine, with the load at the start, during and at the end", () => {
    expect(section()).toContain("on 2026-11-27T15:00:00Z\nin 6.3 minutes, at HEAD, `b0e9c91`.");
    expect(section()).toContain("Machine: AMD EPYC, 2 cores, 24 GiB; Linux 6.18 x64; Node v20.20.2.");
    expect(section()).toContain(
      "2.1 before the servers started, 3.2–7.1 as the openings ended and\n6.4 at the end",
    );
    expect(section()).toContain("GET Products answers\n29.0 MiB");
  });

  it("has a sign-in row per period and run, and the products page's openings in seconds", () => {
    expect(section()).toContain("| 1 | baseline | 10.0 | 3 | 0 | 30 | 40 | 40 | 2.5 |");
    expect(section()).toContain("| 2 | during the reads | 12.5 | 3 | 0 | 900 | 1490 | 1490 | 7.1 |");
    expect(section()).toContain("| 1 | 2 | 2.4, 2.6 | 2.4 | 2.6 |");
  });

  it("keeps one line per run of the benchmark, this one first, and the earlier ones it is given", () => {
    const line = recordLine(report);
    expect(line).toBe(
      "- 2026-11-27T15:00:00Z at `b0e9c91`: sign-in p95 400, 1490 ms during the reads (40, 40 ms alone), 1-minute load average 3.2–7.1 on 2 cores; met in 1 of 2 runs.",
    );
    const earlier = Array.from(
      { length: KEPT_RECORDS },
      (_, i) => `- 2026-11-2${i % 10}T10:00:00Z at \`abcdef${i % 10}\`: earlier.`,
    );
    const rendered = renderLargeAnswerSection(report, earlier);
    expect(rendered).toContain(
      `newest first (the tables above are the first one's):\n\n${line}\n${earlier[0]}\n`,
    );
    // At most KEPT_RECORDS: the oldest goes.
    expect(rendered).not.toContain(earlier[KEPT_RECORDS - 1] as string);
  });
});

describe("bench:large-answer records in docs/benchmarks.md", () => {
  it("reads back the record lines of its own section only, newest first", () => {
    const section = renderLargeAnswerSection(
      {
        runs: [run(answered(100, 200, 300))],
        startedAt: new Date("2026-11-27T16:00:00Z"),
        minutes: 2,
        ref: "HEAD",
        commit: "ff5727e2aff0a9a468d3d313dd9d10475fcab5c2",
        machine: { cpu: "AMD EPYC", cores: 2, memoryGiB: 24, node: "v20.20.2", os: "Linux" },
        loads: { start: 1, end: 1 },
        answerBytes: 29 * 1024 * 1024,
        options: { baselineSeconds: 10, reads: 2, everyMs: 100 },
      },
      ["- 2026-11-27T14:55:54Z at `ff5727e`: sign-in p95 958, 630 ms during the reads."],
    );
    const document = [
      "# Benchmarks",
      "<!-- section:console-pages -->\n- 2026-11-01T00:00:00Z at `1234567`: another benchmark's line.\n<!-- /section:console-pages -->",
      `<!-- section:large-answer -->\n${section}\n<!-- /section:large-answer -->`,
    ].join("\n\n");
    expect(earlierRecords(document)).toEqual([
      "- 2026-11-27T16:00:00Z at `ff5727e`: sign-in p95 300 ms during the reads (40 ms alone), 1-minute load average 3.2–5.8 on 2 cores; met in 1 of 1 runs.",
      "- 2026-11-27T14:55:54Z at `ff5727e`: sign-in p95 958, 630 ms during the reads.",
    ]);
    expect(earlierRecords("# Benchmarks\n")).toEqual([]);
  });
});
