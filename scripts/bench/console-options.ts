/** Command-line flags of `npm run bench:console` (scripts/bench/console.ts). */
import {
  fileName,
  gitRef,
  integerList,
  into,
  positive,
  type ReadText,
  readFlags,
  setTo,
  UsageError,
} from "./options";

export interface ConsoleBenchOptions {
  /** Seconds per side and cell (each side's share of a cell is measured in two halves). */
  seconds: number;
  /** The commit measured as "before" (issue 26's measurements were taken at 6e3e39a). */
  before: string;
  /** The commit measured as "after". */
  after: string;
  /** Concurrent signed-in users (connections) per cell. */
  users: number[];
  /** Only these page paths (the signed-out sign-in page, the floor, always); null: every page. */
  pages: string[] | null;
  /** Run each `next build` under `flock FILE`, so it never overlaps others' builds and e2e runs. */
  buildLock: string | null;
  /** Keep the worktrees (and their builds) for the next run. */
  keepWorktrees: boolean;
  writeDoc: boolean;
}

export const CONSOLE_USAGE = `usage: npm run bench:console -- [flags]
  --seconds S          seconds per side and cell (default 5)
  --before REF         the commit measured as "before" (default 6e3e39a)
  --after REF          the commit measured as "after" (default HEAD)
  --users LIST         concurrent signed-in users per cell (default 1,10)
  --pages LIST         only these page paths, e.g. /,/awards/new (the sign-in page, the floor, always)
  --build-lock FILE    run each next build under flock FILE (e.g. the e2e lock of a shared machine)
  --keep-worktrees     keep the worktrees and their builds for the next run (default: removed)
  --no-write-doc       print the table only; docs/benchmarks.md is left as it is`;

/** --pages: page paths, each starting with /. */
const pagePaths: ReadText<string[]> = (flag, text) => {
  const paths = (text ?? "").split(",").map((part) => part.trim());
  if (!text || paths.some((path) => !/^\/[\w./-]*$/.test(path)))
    throw new UsageError(
      `${flag} needs a comma-separated list of page paths, each starting with /, got ${text ?? "nothing"}`,
    );
  return paths;
};

/** Parses the flags (options.ts' readFlags); throws UsageError with a one-line message naming the flag. */
export function parseConsoleOptions(argv: readonly string[]): ConsoleBenchOptions | "help" {
  const options: ConsoleBenchOptions = {
    seconds: 5,
    before: "6e3e39a",
    after: "HEAD",
    users: [1, 10],
    pages: null,
    buildLock: null,
    keepWorktrees: false,
    writeDoc: true,
  };
  const asked = readFlags(argv, {
    "--seconds": into(options, "seconds", positive),
    "--before": into(options, "before", gitRef),
    "--after": into(options, "after", gitRef),
    "--users": into(options, "users", integerList),
    "--pages": into(options, "pages", pagePaths),
    "--build-lock": into(options, "buildLock", fileName),
    "--keep-worktrees": setTo(options, "keepWorktrees", true),
    "--no-write-doc": setTo(options, "writeDoc", false),
  });
  if (asked === "help") return "help";
  if (options.pages && options.writeDoc)
    throw new UsageError(
      "--pages measures some pages only: add --no-write-doc (docs/benchmarks.md records the whole list)",
    );
  return options;
}

/**
 * The pages a run measures: all, or those `--pages` names plus the floor (the signed-out sign-in
 * page), in the list's order. A path that is not one of the console's pages is refused by name.
 */
export function pickPages<T extends { path: string }>(
  all: readonly T[],
  wanted: string[] | null,
  floor: string,
): T[] {
  if (!wanted) return [...all];
  const unknown = wanted.filter((path) => !all.some((page) => page.path === path));
  if (unknown.length > 0)
    throw new UsageError(
      `--pages: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the console's page list (e2e/console-pages.ts)`,
    );
  return all.filter((page) => page.path === floor || wanted.includes(page.path));
}
