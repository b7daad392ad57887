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

function positiveNumber(flag: string, text: string | undefined, integer: boolean): number {
  const value = Number(text);
  if (
    text === undefined ||
    text === "" ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value))
  )
    throw new UsageError(
      `${flag} needs a positive ${integer ? "whole " : ""}number, got ${text ?? "nothing"}`,
    );
  return value;
}

function integerList(flag: string, text: string | undefined): number[] {
  if (!text) throw new UsageError(`${flag} needs a comma-separated list of whole numbers`);
  return text.split(",").map((part) => positiveNumber(flag, part.trim(), true));
}

function backendList(text: string | undefined): Backend[] {
  const names = (text ?? "").split(",").map((name) => name.trim());
  const bad = names.find((name) => name !== "pglite" && name !== "postgres");
  if (bad !== undefined || names.length === 0)
    throw new UsageError(`--backends takes pglite and/or postgres, got ${text ?? "nothing"}`);
  return [...new Set(names as Backend[])];
}

/** Parses the flags; throws UsageError with a one-line message on anything it does not know. */
export function parseOptions(argv: readonly string[]): BenchOptions | "help" {
  const given: Partial<BenchOptions> = {};
  let quick = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i += 1;
      return argv[i];
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--quick":
        quick = true;
        break;
      case "--backends":
        given.backends = backendList(value());
        break;
      case "--scale":
      case "--small":
      case "--large":
      case "--sustained-concurrency":
      case "--pool-size": {
        const key = {
          "--scale": "scale",
          "--small": "small",
          "--large": "large",
          "--sustained-concurrency": "sustainedConcurrency",
          "--pool-size": "poolSize",
        }[flag] as "scale" | "small" | "large" | "sustainedConcurrency" | "poolSize";
        given[key] = positiveNumber(flag, value(), true);
        break;
      }
      case "--duration":
      case "--warmup":
      case "--sustained": {
        const key = flag.slice(2) as "duration" | "warmup" | "sustained";
        given[key] = positiveNumber(flag, value(), false);
        break;
      }
      case "--queue": {
        const text = value();
        given.queue = text === "0" ? 0 : positiveNumber(flag, text, true);
        break;
      }
      case "--concurrency":
        given.concurrency = integerList(flag, value());
        break;
      case "--pglite-large":
      case "--no-pglite-large":
        given.pgliteLarge = flag === "--pglite-large";
        break;
      case "--write-doc":
      case "--no-write-doc":
        given.writeDoc = flag === "--write-doc";
        break;
      default:
        throw new UsageError(`unknown argument ${arg}`);
    }
    if (
      inline !== undefined &&
      ["--quick", "--pglite-large", "--no-pglite-large", "--write-doc", "--no-write-doc"].includes(
        flag as string,
      )
    )
      throw new UsageError(`${flag} takes no value`);
  }
  return {
    ...DEFAULTS,
    ...(quick ? QUICK : {}),
    writeDoc: !quick,
    ...given,
    quick,
  };
}
