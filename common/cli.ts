import { type ParseArgsConfig, parseArgs } from "node:util";
import type { DatabaseTarget } from "./database";
import { FolderLockedError } from "./folder-lock";

/**
 * What the command-line tools of both programs share: argument parsing and one error line per
 * failure with a fixed exit code. It loads no database code, so that a tool answers `--help` and
 * a wrong command line before it loads its database driver (docs/testing.md, "Vitest: where the
 * test time goes").
 */

/** The command line itself is wrong (unknown flag, missing or conflicting option): exit 2. */
export class UsageError extends Error {}

/** A known failure whose message is shown as is: exit 1. */
export class CliError extends Error {}

/** node:util's parseArgs (strict), its errors turned into one-sentence UsageErrors. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs({ ...config, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code?.startsWith("ERR_PARSE_ARGS_")) throw error;
    const message = (error as Error).message;
    const option = /'(-[^' ]*)/.exec(message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`Unknown option ${option}.`);
    if (/argument missing|ambiguous/.test(message)) throw new UsageError(`${option} needs a value.`);
    if (/does not take an argument/.test(message)) throw new UsageError(`${option} takes no value.`);
    // Node's own first sentence (e.g. "Unexpected argument 'x'"), without its advice lines.
    throw new UsageError(`${(message.split(/\.\s|\n/)[0] ?? message).replace(/\.$/, "")}.`);
  }
}

/**
 * drizzle's DrizzleQueryError ("Failed query: <SQL>"), known by its shape: importing drizzle here
 * would load it for every `--help`.
 */
const isFailedQuery = (error: unknown): error is Error =>
  error instanceof Error && "query" in error && "params" in error;

/** The error's message on one line; a failed query shows the database's message, not the SQL. */
function oneLine(error: unknown): string {
  const cause = isFailedQuery(error) ? error.cause : undefined;
  const source = cause instanceof Error ? cause : error;
  const text = source instanceof Error ? source.message : String(source);
  return text.split("\n")[0]?.trim() || "unknown error";
}

/**
 * Runs a tool's main function: known errors print their message alone on stderr (exit 1, or 2
 * for a usage error, with a pointer to --help); anything else prints "<tool> failed: <message>".
 * Never a stack trace: the tools are for people, and a stack says nothing they can act on.
 */
export async function runCli(
  tool: string,
  main: () => Promise<void>,
  /** Error types whose message is meant for people and is printed alone. */
  known: readonly (abstract new (...args: never[]) => Error)[] = [],
): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message} See: npm run ${tool} -- --help`);
      process.exitCode = 2;
    } else if ([CliError, FolderLockedError, ...known].some((type) => error instanceof type)) {
      console.error(oneLine(error));
      process.exitCode = 1;
    } else {
      console.error(`${tool} failed: ${oneLine(error)}`);
      process.exitCode = 1;
    }
  }
}

/** Where the data goes, for messages; a PostgreSQL URL loses its credentials. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.driver === "pglite") return `PGlite ${target.folder ?? "(in memory)"}`;
  try {
    const url = new URL(target.url);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** ISO 8601 UTC to the second. */
export function isoSecond(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** "1 migration", "2 migrations". */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}
