import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  COUNTS_FILE_VARIABLE,
  closingLine,
  readCountsFile,
  readFailures,
  type TestCounts,
} from "./test-counts";

/**
 * The stages of `npm test` (scripts/test.ts) and the one closing line that sums them. A stage is
 * a command run with the terminal's output as is, so each tool's own report stays visible.
 */
export interface Stage {
  name: string;
  /** The program and its arguments. */
  command: readonly [string, ...string[]];
  /**
   * `check`: one check, passed when the command exits 0 (lint, typecheck).
   * `tests`: the counts the stage's reporter writes to TEST_COUNTS_FILE (vitest, Playwright).
   */
  kind: "check" | "tests";
  env?: Record<string, string>;
  /** Its tests need PostgreSQL: scripts/test.ts starts one throwaway cluster for all such stages. */
  postgres?: boolean;
  /**
   * Runs beside the stages after it instead of before them, its output held and printed whole
   * when it ends: for a check on one core (typecheck) while Playwright starts its programs and
   * leaves a core idle (docs/testing.md, "Typecheck beside the browser tests").
   */
  beside?: boolean;
  /**
   * What the stage needs that is being made ready beside the stages before it (the browser tests'
   * Chromium, installed while vitest runs: scripts/lib/browser-check.ts). Awaited just before the
   * stage starts; a message instead of null means it cannot run: it counts as one failure, with
   * the message as its note.
   */
  ready?: Promise<string | null>;
}

export interface StageResult {
  name: string;
  /** null when the stage did not run or ended by a signal. */
  exitCode: number | null;
  counts: TestCounts;
  seconds: number;
  /** Why the counts are not simply what the stage reported. */
  note?: string;
  /** What failed, as the stage's reporter named it (at most NAMED_FAILURES). */
  failures?: string[];
}

/**
 * What a stage counts for. A test stage that exits non-zero has failed something even when its
 * reporter says otherwise (vitest's threshold or a crash after the reporter wrote), and one that
 * wrote no counts was not counted at all: both are one more failure, never silence.
 */
export function countStage(
  kind: Stage["kind"],
  exitCode: number | null,
  written: TestCounts | null,
): { counts: TestCounts; note?: string } {
  if (kind === "check")
    return exitCode === 0
      ? { counts: { passed: 1, failed: 0, skipped: 0 } }
      : { counts: { passed: 0, failed: 1, skipped: 0 } };
  if (!written)
    return {
      counts: { passed: 0, failed: 1, skipped: 0 },
      note: "wrote no counts (did not start, crashed, or its reporter is missing)",
    };
  if (exitCode !== 0 && written.failed === 0)
    return {
      counts: { ...written, failed: 1 },
      note: `exited ${exitCode ?? "by a signal"} with nothing counted failed`,
    };
  return { counts: written };
}

/** A stage that never ran (the run was interrupted before it): what it would have checked failed. */
export function notRun(stage: Stage): StageResult {
  return {
    name: stage.name,
    exitCode: null,
    counts: { passed: 0, failed: 1, skipped: 0 },
    seconds: 0,
    note: "did not run (interrupted)",
  };
}

export interface RunOptions {
  /** Called when each child starts and ends, to pass on a signal to those running. */
  onChild?: (child: ReturnType<typeof spawn>, state: "started" | "ended") => void;
  /** Checked before each stage: true stops the run, and the stages left count as failed. */
  interrupted?: () => boolean;
  /** The child's output; the terminal's by default. */
  stdio?: "inherit" | "ignore";
}

/**
 * Runs every stage in order, each even when an earlier one failed: a lint error must not hide
 * a failing test, and the closing line must count everything (README, "Tests"). A stage marked
 * `beside` starts the next at once; every stage has ended when this returns, and the results
 * keep the stages' order.
 */
export async function runStages(stages: readonly Stage[], options: RunOptions = {}): Promise<StageResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "gcc-test-counts-"));
  const results: StageResult[] = [];
  const besides: Promise<void>[] = [];
  try {
    for (const [index, stage] of stages.entries()) {
      if (options.interrupted?.()) {
        results[index] = notRun(stage);
        continue;
      }
      const run = runStage(stage, join(dir, `${index}-${stage.name}.json`), options).then((result) => {
        results[index] = result;
      });
      if (stage.beside) besides.push(run);
      else await run;
    }
    await Promise.all(besides);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

async function runStage(stage: Stage, countsFile: string, options: RunOptions): Promise<StageResult> {
  const started = performance.now();
  const unready = await stage.ready;
  if (unready)
    return {
      name: stage.name,
      exitCode: null,
      counts: { passed: 0, failed: 1, skipped: 0 },
      seconds: (performance.now() - started) / 1000,
      note: `did not run: ${unready}`,
    };
  const [file, ...args] = stage.command;
  const stdio = options.stdio ?? "inherit";
  // A stage beside others writes to a buffer, printed whole at its end, not into their output.
  const held = stage.beside && stdio === "inherit";
  const output: Buffer[] = [];
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(file, args, {
      stdio: held ? ["ignore", "pipe", "pipe"] : stdio,
      env: { ...process.env, ...stage.env, [COUNTS_FILE_VARIABLE]: countsFile },
    });
    options.onChild?.(child, "started");
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => {
      console.error(`${stage.name}: could not run ${file}: ${error.message}`);
      resolve(null);
    });
    // "close", not "exit": the piped output has all arrived by then.
    child.on("close", (code) => {
      options.onChild?.(child, "ended");
      resolve(code);
    });
  });
  if (held) {
    const text = Buffer.concat(output).toString();
    process.stdout.write(
      `\n── ${stage.name} (ran beside the stages after it): exit ${exitCode ?? "by a signal"}\n${text}`,
    );
  }
  const { counts, note } = countStage(stage.kind, exitCode, readCountsFile(countsFile));
  return {
    name: stage.name,
    exitCode,
    counts,
    seconds: (performance.now() - started) / 1000,
    note,
    failures: readFailures(countsFile),
  };
}

export function totalOf(results: readonly StageResult[]): TestCounts {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { counts } of results) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  return total;
}

/** One line per stage, each followed by what it named as failed, then the closing line CI reads, last. */
export function summaryLines(results: readonly StageResult[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length), "stage".length);
  const lines = results.flatMap((r) => {
    const exit = r.exitCode === null ? "–" : String(r.exitCode);
    const time = `${r.seconds.toFixed(0)} s`;
    const note = r.note ? ` — ${r.note}` : "";
    const failed = (r.failures ?? []).map((name) => `      ✗ ${name}`);
    return [`  ${r.name.padEnd(width)}  ${closingLine(r.counts)}  (exit ${exit}, ${time})${note}`, ...failed];
  });
  return [...lines, closingLine(totalOf(results), "total")];
}
