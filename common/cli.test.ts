import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CliError, runCli, UsageError } from "./cli";

/** What runCli prints on stderr and the exit code it sets, for a main that throws `error`. */
async function failWith(error: unknown): Promise<{ printed: string[]; exitCode: number | undefined }> {
  const printed: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => printed.push(line));
  await runCli("tool", async () => {
    throw error;
  });
  return { printed, exitCode: process.exitCode === undefined ? undefined : Number(process.exitCode) };
}

describe("runCli", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  // common/cli.ts knows drizzle's error by its shape, without importing drizzle: shown on the real class.
  const failedQuery = new DrizzleQueryError(
    "select secret from service.keys where id = $1",
    ["42"],
    new Error('relation "service.keys" does not exist\nLINE 1: select …'),
  );
  it.each([
    {
      what: "a usage error with a pointer to --help, exit 2",
      error: new UsageError("Unknown option --x."),
      printed: "Unknown option --x. See: npm run tool -- --help",
      exitCode: 2,
    },
    {
      what: "a known error's message alone, exit 1",
      error: new CliError("No project 1."),
      printed: "No project 1.",
      exitCode: 1,
    },
    {
      what: "a failed query by the database's first line, never its SQL or parameters",
      error: failedQuery,
      printed: 'tool failed: relation "service.keys" does not exist',
      exitCode: 1,
    },
    {
      what: "any other error on one line, without a stack",
      error: new Error("disk full\n    at somewhere"),
      printed: "tool failed: disk full",
      exitCode: 1,
    },
  ])("prints $what", async ({ error, printed, exitCode }) => {
    expect(await failWith(error)).toEqual({ printed: [printed], exitCode });
  });
});
