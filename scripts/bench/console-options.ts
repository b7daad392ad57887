/** Command-line flags of `npm run bench:console` (scripts/bench/console.ts). */

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

export class ConsoleUsageError extends Error {}

function positive(flag: string, text: string | undefined, integer: boolean): number {
  const value = Number(text);
  if (!text || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new ConsoleUsageError(
      `${flag} needs a positive ${integer ? "whole " : ""}number, got ${text ?? "nothing"}`,
    );
  return value;
}

function ref(flag: string, text: string | undefined): string {
  if (!text || !/^[\w./^~-]+$/.test(text))
    throw new ConsoleUsageError(`${flag} needs a commit, branch or tag, got ${text ?? "nothing"}`);
  return text;
}

/** Parses the flags; throws ConsoleUsageError with a one-line message on anything it does not know. */
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
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i += 1;
      return argv[i];
    };
    const bare = () => {
      if (inline !== undefined) throw new ConsoleUsageError(`${flag} takes no value`);
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--seconds":
        options.seconds = positive(flag, value(), false);
        break;
      case "--before":
        options.before = ref(flag, value());
        break;
      case "--after":
        options.after = ref(flag, value());
        break;
      case "--users": {
        const text = value();
        if (!text) throw new ConsoleUsageError("--users needs a comma-separated list of whole numbers");
        options.users = text.split(",").map((part) => positive(flag, part.trim(), true));
        break;
      }
      case "--pages": {
        const text = value();
        const paths = (text ?? "").split(",").map((part) => part.trim());
        if (!text || paths.some((path) => !/^\/[\w./-]*$/.test(path)))
          throw new ConsoleUsageError(
            `--pages needs a comma-separated list of page paths, each starting with /, got ${text ?? "nothing"}`,
          );
        options.pages = paths;
        break;
      }
      case "--build-lock": {
        const file = value();
        if (!file) throw new ConsoleUsageError("--build-lock needs a file");
        options.buildLock = file;
        break;
      }
      case "--keep-worktrees":
        bare();
        options.keepWorktrees = true;
        break;
      case "--no-write-doc":
        bare();
        options.writeDoc = false;
        break;
      default:
        throw new ConsoleUsageError(`unknown argument ${arg}`);
    }
  }
  if (options.pages && options.writeDoc)
    throw new ConsoleUsageError(
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
    throw new ConsoleUsageError(
      `--pages: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the console's page list (e2e/console-pages.ts)`,
    );
  return all.filter((page) => page.path === floor || wanted.includes(page.path));
}
