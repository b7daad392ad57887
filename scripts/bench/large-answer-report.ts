import type { LargeAnswerOptions } from "./large-answer-options";
import { quantile } from "./load-job";

/** What `npm run bench:large-answer` measured, issue 25 item 4's target against it, and its section. */

/** Issue 25, item 4: while a 29 MiB answer is read, another client's sign-in page has a p95 under 1 s. */
export const TARGET_P95_MS = 1_000;

/** One sign-in page asked for: its whole answer's time, and whether it was a 200 at all. */
export interface Sample {
  ms: number;
  ok: boolean;
}

export interface Figures {
  count: number;
  /** Answers that were not 200, or never came (their time still counts in the percentiles). */
  failed: number;
  /** Milliseconds, nearest rank over every sample (NaN without any). */
  p50: number;
  p95: number;
  max: number;
}

export function figuresOf(samples: readonly Sample[]): Figures {
  const times = samples.map((sample) => sample.ms);
  return {
    count: samples.length,
    failed: samples.filter((sample) => !sample.ok).length,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times.length === 0 ? Number.NaN : Math.max(...times),
  };
}

export interface MeasuredRun {
  /** The sign-in client alone. */
  baseline: { seconds: number; signIns: Figures };
  /** The sign-in client while the products page was opened, one opening after the other. */
  during: { seconds: number; signIns: Figures; reads: number[] };
  /** 1-minute load averages: as the baseline began, and as each opening ended. */
  loads: { baseline: number; reads: number[] };
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

export interface LargeAnswerReport {
  runs: MeasuredRun[];
  startedAt: Date;
  minutes: number;
  /** The commit as given and as resolved. */
  ref: string;
  commit: string;
  machine: Machine;
  /** 1-minute load averages before the servers started and after the last run. */
  loads: { start: number; end: number };
  /** Bytes of the Products answer the console read. */
  answerBytes: number;
  options: Pick<LargeAnswerOptions, "baselineSeconds" | "reads" | "everyMs">;
}

export interface Verdict {
  met: boolean;
  detail: string;
}

const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : "–");
const seconds = (n: number) => (Number.isFinite(n) ? (n / 1000).toFixed(1) : "–");
const load = (n: number) => n.toFixed(1);
const range = (values: readonly number[]) =>
  values.length === 0
    ? "–"
    : `${load(Math.min(...values))}–${load(Math.max(...values))}`.replace(/^(.+)–\1$/, "$1");

/** A run meets the target when the sign-in pages asked during the reads have p95 < 1 s and none failed. */
export function verdict(run: MeasuredRun, cores: number): Verdict {
  const { signIns } = run.during;
  const met = signIns.count > 0 && signIns.p95 < TARGET_P95_MS && signIns.failed === 0;
  const failed = signIns.failed > 0 ? `, ${signIns.failed} of ${signIns.count} failed` : "";
  return {
    met,
    detail: `${met ? "met" : "missed"}: p95 ${ms(signIns.p95)} ms during the reads${failed} (baseline ${ms(run.baseline.signIns.p95)} ms), 1-minute load average ${range(run.loads.reads)} on ${cores} cores`,
  };
}

function signInRow(run: number, period: string, secs: number, figures: Figures, loads: string): string {
  return `| ${run} | ${period} | ${secs.toFixed(1)} | ${figures.count} | ${figures.failed} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.max)} | ${loads} |`;
}

/** The benchmark's section of docs/benchmarks.md (scripts/bench/doc-sections.ts). */
export const LARGE_ANSWER_SECTION = "large-answer";
/** Records the section keeps, newest first: each run replaces the tables, not the earlier figures. */
export const KEPT_RECORDS = 10;
const RECORD = /^- \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ at `[0-9a-f]{7}`: /;

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d+Z$/, "Z");

/** A whole run of the benchmark in one line, for the section's list of records. */
export function recordLine(report: LargeAnswerReport): string {
  const met = report.runs.filter((run) => verdict(run, report.machine.cores).met).length;
  const failed = report.runs.reduce((n, run) => n + run.during.signIns.failed, 0);
  const p95s = (period: "baseline" | "during") =>
    report.runs.map((run) => ms(run[period].signIns.p95)).join(", ");
  return `- ${isoSeconds(report.startedAt)} at \`${report.commit.slice(0, 7)}\`: sign-in p95 ${p95s("during")} ms during the reads (${p95s("baseline")} ms alone)${failed > 0 ? `, ${failed} failed` : ""}, 1-minute load average ${range(report.runs.flatMap((run) => run.loads.reads))} on ${report.machine.cores} cores; met in ${met} of ${report.runs.length} runs.`;
}

/** The record lines of the benchmark's section in `document`, newest first (none without one). */
export function earlierRecords(document: string): string[] {
  const section = new RegExp(
    `<!-- section:${LARGE_ANSWER_SECTION} -->([\\s\\S]*?)<!-- /section:${LARGE_ANSWER_SECTION} -->`,
  ).exec(document)?.[1];
  return (section ?? "").split("\n").filter((line) => RECORD.test(line));
}

/** The `large-answer` section of docs/benchmarks.md: this run in full, and the earlier records. */
export function renderLargeAnswerSection(report: LargeAnswerReport, earlier: readonly string[] = []): string {
  const { machine, options } = report;
  const checked = report.runs.map((run) => verdict(run, machine.cores));
  const metCount = checked.filter((v) => v.met).length;
  const during = report.runs.flatMap((run) => run.loads.reads);
  const mib = (report.answerBytes / 1024 / 1024).toFixed(1);
  const signIns = report.runs.flatMap((run, i) => [
    signInRow(i + 1, "baseline", run.baseline.seconds, run.baseline.signIns, load(run.loads.baseline)),
    signInRow(i + 1, "during the reads", run.during.seconds, run.during.signIns, range(run.loads.reads)),
  ]);
  const reads = report.runs.map(
    (run, i) =>
      `| ${i + 1} | ${run.during.reads.length} | ${run.during.reads.map(seconds).join(", ")} | ${seconds(quantile(run.during.reads, 0.5))} | ${seconds(Math.max(...run.during.reads))} |`,
  );
  const records = [recordLine(report), ...earlier].slice(0, KEPT_RECORDS);
  return `## Console: sign-in while a 29 MiB answer is read (issue 25)

Recorded by \`npm run bench:large-answer\` (scripts/bench/large-answer.ts) on ${isoSeconds(report.startedAt)}
in ${report.minutes.toFixed(1)} minutes, at ${report.ref === report.commit ? "" : `${report.ref}, `}\`${report.commit.slice(0, 7)}\`.
Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}.

The commit is built in a git worktree of its own (\`next build\`) and started as \`npm run demo\`
starts it — the console with \`next start\`, the reference service on fresh demo data — with
scripts/e2e/test-proxy.ts in front of the service: under \`/large/…\` its GET Products answers
${mib} MiB (under the 32 MB cap; thousands of products in ten languages), everything else is
forwarded. The owner adds a connection to the demo project at the proxy's \`/large/\` base URL and
chooses it in the project switcher (in Chromium, as e2e/large-catalogue.spec.ts does); then, signed
in over plain HTTP, opens \`/catalogue/products\` ${options.reads} times one after the other, each
opening reading the whole answer. Meanwhile another client asks for the signed-out \`/sign-in\`
page every ${options.everyMs} ms whether the last one was answered or not (a stalled console makes
them pile up, as people would). The baseline is the same client for ${options.baselineSeconds} s
with nothing else asked, just before each run's reads. A time is the whole answer's; a sign-in
page that is not a 200 or has no answer within 30 s counts as failed, its time as measured. The
proxy builds its answer before the first run, so that work is not counted.

**Target (issue 25, item 4): the sign-in page's p95 stays under 1 s while the answer is read, and
none fails. Met in ${metCount} of ${report.runs.length} runs.**
${checked.map((v, i) => `- Run ${i + 1}: ${v.detail}.`).join("\n")}

The machine is shared with other engineers' tests and builds: the 1-minute load average was
${load(report.loads.start)} before the servers started, ${range(during)} as the openings ended and
${load(report.loads.end)} at the end (${machine.cores} cores). During the reads the benchmark itself
keeps about one core busy (the console's worker parsing the answer, the proxy sending it); more
than that is other work on the same cores, which slows the sign-in page with or without the read —
the baseline's p95 shows what the machine gave it without one.

Sign-in page (\`/sign-in\`, signed out), in ms:

| run | period | seconds | pages | failed | p50 | p95 | max | load average |
|---:|---|---:|---:|---:|---:|---:|---:|---:|
${signIns.join("\n")}

The products page (\`/catalogue/products\`, the owner, ${mib} MiB read per opening), in s:

| run | openings | each | p50 | max |
|---:|---:|---|---:|---:|
${reads.join("\n")}

Every record so far, newest first (the tables above are the first one's):

${records.join("\n")}`;
}
