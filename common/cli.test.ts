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

  it("prints a usage error with a pointer to --help, and exits 2", async () => {
    expect(await failWith(new UsageError("Unknown option --x."))).toEqual({
      printed: ["Unknown option --x. See: npm run tool -- --help"],
      exitCode: 2,
    });
  });

  it("prints a known error's message alone, and exits 1", async () => {
    expect(await failWith(new CliError("No project 1."))).toEqual({
      printed: ["No project 1."],
      exitCode: 1,
    });
  });

  // common/cli.ts knows drizzle's error by its shape, without importing drizzle: shown on the real class.
  it("shows a failed query by the database's first line, never its SQL or parameters", async () => {
    const cause = new Error('relation "service.keys" does not exist\nLINE 1: select …');
    const failed = new DrizzleQueryError("select secret from service.keys where id = $1", ["42"], cause);
    expect(await failWith(failed)).toEqual({
      printed: ['tool failed: relation "service.keys" does not exist'],
      exitCode: 1,
    });
  });

  it("shows any other error on one line, without a stack", async () => {
    expect(await failWith(new Error("disk full\n    at somewhere"))).toEqual({
      printed: ["tool failed: disk full"],
      exitCode: 1,
    });
  });
});
