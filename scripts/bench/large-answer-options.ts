/** Command-line flags of `npm run bench:large-answer` (scripts/bench/large-answer.ts). */
import { fileName, gitRef, into, positive, positiveWhole, readFlags, setTo } from "./options";

export interface LargeAnswerOptions {
  /** Measurements in the run, each a baseline period followed by the reads. */
  runs: number;
  /** Seconds of each baseline period (the sign-in client alone). */
  baselineSeconds: number;
  /** Times the products page is opened, one after the other, in each run. */
  reads: number;
  /** How often the other client asks for the sign-in page, in milliseconds. */
  everyMs: number;
  /** The commit measured. */
  ref: string;
  /** Run the `next build` under `flock FILE`, so it never overlaps others' builds and e2e runs. */
  buildLock: string | null;
  /** Keep the worktree (and its build) for the next run. */
  keepWorktree: boolean;
  writeDoc: boolean;
}

export const LARGE_ANSWER_USAGE = `usage: npm run bench:large-answer -- [flags]
  --runs N               measurements, each a baseline then the reads (default 2)
  --baseline-seconds S   seconds of the sign-in client alone before each run's reads (default 10)
  --reads N              times the products page is opened, one after the other, per run (default 5)
  --every-ms N           how often the sign-in page is asked for (default 100)
  --ref REF              the commit measured (default HEAD)
  --build-lock FILE      run the next build under flock FILE (e.g. the e2e lock of a shared machine)
  --keep-worktree        keep the worktree and its build for the next run (default: removed)
  --no-write-doc         print the section only; docs/benchmarks.md is left as it is`;

/** Parses the flags (options.ts' readFlags); throws UsageError with a one-line message naming the flag. */
export function parseLargeAnswerOptions(argv: readonly string[]): LargeAnswerOptions | "help" {
  const options: LargeAnswerOptions = {
    runs: 2,
    baselineSeconds: 10,
    reads: 5,
    everyMs: 100,
    ref: "HEAD",
    buildLock: null,
    keepWorktree: false,
    writeDoc: true,
  };
  const asked = readFlags(argv, {
    "--runs": into(options, "runs", positiveWhole),
    "--baseline-seconds": into(options, "baselineSeconds", positive),
    "--reads": into(options, "reads", positiveWhole),
    "--every-ms": into(options, "everyMs", positiveWhole),
    "--ref": into(options, "ref", gitRef),
    "--build-lock": into(options, "buildLock", fileName),
    "--keep-worktree": setTo(options, "keepWorktree", true),
    "--no-write-doc": setTo(options, "writeDoc", false),
  });
  return asked ?? options;
}
