/** Command-line flags of `npm run bench`. */

export type Backend = "pglite" | "postgres";

export interface BenchOptions {
  backends: Backend[];
  /** Customers in the main data set. */
  scale: number;
  /** The two data sets of the customer-Tokens flat-cost check. */
  small: number;
  large: number;
  /** Also load the large set on PGlite (minutes; PostgreSQL always loads it). */
  pgliteLarge: boolean;
  concurrency: number[];
  /** Seconds per measured cell. */
  duration: number;
  /** Seconds of warm-up per server and endpoint. */
  warmup: number;
  /** Seconds of the sustained direct-award run on PostgreSQL. */
  sustained: number;
  sustainedConcurrency: number;
  /** Direct awards queued on one contract and then settled by one funding, per backend (0: none). */
  queue: number;
  poolSize: number;
  writeDoc: boolean;
  quick: boolean;
}

export const USAGE = `usage: npm run bench -- [flags]
  --backends LIST          pglite,postgres (default both)
  --scale N                customers in the main data set (default 10000)
  --small N, --large N     data sets of the customer-Tokens flat-cost check (default 1000, 100000)
  --pglite-large / --no-pglite-large
                           also load the large set on PGlite (default off: ~6 min, ~5 GB;
                           without it PGlite compares --small with --scale customers)
  --concurrency LIST       connections per cell (default 1,10,50)
  --duration S             seconds per cell (default 5)
  --warmup S               warm-up seconds per server and endpoint (default 1)
  --sustained S            sustained direct awards on PostgreSQL, seconds (default 20)
  --sustained-concurrency N                          (default 20)
  --queue N                awards queued on one contract, then settled by one funding,
                           per backend (default 10000; 0 skips it)
  --pool-size N            PostgreSQL pool size (default 20)
  --write-doc / --no-write-doc
                           write docs/benchmarks.md (default on, off with --quick)
  --quick                  a smoke run: scale 2000, large 20000, 1,10 connections, 2 s cells,
                           no PGlite large set; explicit flags still win`;

export class UsageError extends Error {}

const DEFAULTS: Omit<BenchOptions, "writeDoc" | "quick"> = {
  backends: ["pglite", "postgres"],
  scale: 10_000,
  small: 1_000,
  large: 100_000,
  pgliteLarge: false,
  concurrency: [1, 10, 50],
  duration: 5,
  warmup: 1,
  sustained: 20,
  sustainedConcurrency: 20,
  queue: 10_000,
  poolSize: 20,
};

const QUICK: Partial<BenchOptions> = {
  scale: 2_000,
  large: 20_000,
  pgliteLarge: false,
  concurrency: [1, 10],
  duration: 2,
  warmup: 0.5,
  sustained: 5,
  queue: 1_000,
};

/**
 * What a flag of a bench command does: `value` reads the text after it (`--flag text` or
 * `--flag=text`; undefined when nothing follows), `bare` takes no text.
 */
export type Flag =
  | { value: (text: string | undefined, flag: string) => void; bare?: undefined }
  | { bare: () => void; value?: undefined };

/** Reads a flag's text by its rule, or throws a UsageError naming the flag and the rule. */
export type ReadText<T> = (flag: string, text: string | undefined) => T;

/** A flag whose text `read` checks and puts in `target[key]`. */
export const into = <T, K extends keyof T>(target: T, key: K, read: ReadText<T[K]>): Flag => ({
  value: (text, flag) => {
    target[key] = read(flag, text);
  },
});

/** A flag without text that puts `to` in `target[key]`. */
export const setTo = <T, K extends keyof T>(target: T, key: K, to: T[K]): Flag => ({
  bare: () => {
    target[key] = to;
  },
});

/**
 * The flag loop of every bench command (`npm run bench`, `bench:console`, `bench:large-answer`):
 * runs each flag's handler in order and answers "help" for --help or -h. Anything else is refused
 * with a one-line UsageError that names the argument: "unknown argument --fast",
 * "--no-write-doc takes no value".
 */
export function readFlags(
  argv: readonly string[],
  flags: Readonly<Record<string, Flag>>,
): "help" | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg, undefined];
    if (flag === "--help" || flag === "-h") return "help";
    const handler = Object.hasOwn(flags, flag as string) ? flags[flag as string] : undefined;
    if (!handler) throw new UsageError(`unknown argument ${arg}`);
    if (handler.bare) {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
      handler.bare();
    } else if (inline !== undefined) handler.value(inline, flag as string);
    else {
      i += 1;
      handler.value(argv[i], flag as string);
    }
  }
  return undefined;
}

function positiveNumber(flag: string, text: string | undefined, integer: boolean): number {
  const value = Number(text);
  if (!text || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new UsageError(
      `${flag} needs a positive ${integer ? "whole " : ""}number, got ${text ?? "nothing"}`,
    );
  return value;
}

/** "--seconds needs a positive number, got 0". */
export const positive: ReadText<number> = (flag, text) => positiveNumber(flag, text, false);

/** "--runs needs a positive whole number, got 2.5". */
export const positiveWhole: ReadText<number> = (flag, text) => positiveNumber(flag, text, true);

/** Comma-separated positive whole numbers ("1,10,50"). */
export const integerList: ReadText<number[]> = (flag, text) => {
  if (!text) throw new UsageError(`${flag} needs a comma-separated list of whole numbers`);
  return text.split(",").map((part) => positiveWhole(flag, part.trim()));
};

/** A commit, branch or tag, as git takes it (no shell characters: it reaches `git worktree`). */
export const gitRef: ReadText<string> = (flag, text) => {
  if (!text || !/^[\w./^~-]+$/.test(text))
    throw new UsageError(`${flag} needs a commit, branch or tag, got ${text ?? "nothing"}`);
  return text;
};

/** A file name (--build-lock's). */
export const fileName: ReadText<string> = (flag, text) => {
  if (!text) throw new UsageError(`${flag} needs a file`);
  return text;
};

const backendList: ReadText<Backend[]> = (_flag, text) => {
  const names = (text ?? "").split(",").map((name) => name.trim());
  const bad = names.find((name) => name !== "pglite" && name !== "postgres");
  if (bad !== undefined || names.length === 0)
    throw new UsageError(`--backends takes pglite and/or postgres, got ${text ?? "nothing"}`);
  return [...new Set(names as Backend[])];
};

/** --queue: 0 skips the queue run. */
const queueSize: ReadText<number> = (flag, text) => (text === "0" ? 0 : positiveWhole(flag, text));

/** Parses the flags; throws UsageError with a one-line message on anything it does not know. */
export function parseOptions(argv: readonly string[]): BenchOptions | "help" {
  const given: Partial<BenchOptions> = {};
  const run = { quick: false };
  const asked = readFlags(argv, {
    "--quick": setTo(run, "quick", true),
    "--backends": into(given, "backends", backendList),
    "--scale": into(given, "scale", positiveWhole),
    "--small": into(given, "small", positiveWhole),
    "--large": into(given, "large", positiveWhole),
    "--sustained-concurrency": into(given, "sustainedConcurrency", positiveWhole),
    "--pool-size": into(given, "poolSize", positiveWhole),
    "--duration": into(given, "duration", positive),
    "--warmup": into(given, "warmup", positive),
    "--sustained": into(given, "sustained", positive),
    "--queue": into(given, "queue", queueSize),
    "--concurrency": into(given, "concurrency", integerList),
    "--pglite-large": setTo(given, "pgliteLarge", true),
    "--no-pglite-large": setTo(given, "pgliteLarge", false),
    "--write-doc": setTo(given, "writeDoc", true),
    "--no-write-doc": setTo(given, "writeDoc", false),
  });
  if (asked === "help") return "help";
  return {
    ...DEFAULTS,
    ...(run.quick ? QUICK : {}),
    writeDoc: !run.quick,
    ...given,
    quick: run.quick,
  };
}
