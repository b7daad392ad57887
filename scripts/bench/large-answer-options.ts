/** Command-line flags of `npm run bench:large-answer` (scripts/bench/large-answer.ts). */

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

export class LargeAnswerUsageError extends Error {}

function positive(flag: string, text: string | undefined, integer: boolean): number {
  const value = Number(text);
  if (!text || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new LargeAnswerUsageError(
      `${flag} needs a positive ${integer ? "whole " : ""}number, got ${text ?? "nothing"}`,
    );
  return value;
}

/** Parses the flags; throws LargeAnswerUsageError with a one-line message naming the flag. */
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
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i += 1;
      return argv[i];
    };
    const bare = () => {
      if (inline !== undefined) throw new LargeAnswerUsageError(`${flag} takes no value`);
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--runs":
        options.runs = positive(flag, value(), true);
        break;
      case "--baseline-seconds":
        options.baselineSeconds = positive(flag, value(), false);
        break;
      case "--reads":
        options.reads = positive(flag, value(), true);
        break;
      case "--every-ms":
        options.everyMs = positive(flag, value(), true);
        break;
      case "--ref": {
        const text = value();
        if (!text || !/^[\w./^~-]+$/.test(text))
          throw new LargeAnswerUsageError(`--ref needs a commit, branch or tag, got ${text ?? "nothing"}`);
        options.ref = text;
        break;
      }
      case "--build-lock": {
        const file = value();
        if (!file) throw new LargeAnswerUsageError("--build-lock needs a file");
        options.buildLock = file;
        break;
      }
      case "--keep-worktree":
        bare();
        options.keepWorktree = true;
        break;
      case "--no-write-doc":
        bare();
        options.writeDoc = false;
        break;
      default:
        throw new LargeAnswerUsageError(`unknown argument ${arg}`);
    }
  }
  return options;
}
