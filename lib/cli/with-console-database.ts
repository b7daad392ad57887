import "server-only";
import { CliError, describeTarget } from "@/common/cli";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { consoleDatabaseTarget, consoleEnv } from "@/lib/env";

/**
 * Opens the console's configured database for a tool, runs `use`, and closes it on every path
 * (releasing the PGlite lock). Unless `migrate` is the tool's job, an unmigrated database is
 * refused: migrations never run silently (docs/architecture.md, "Between the programs"). The
 * database code is loaded here, once a tool's command line is checked: `--help` and a wrong
 * argument answer without it (docs/testing.md, "Vitest: where the test time goes").
 */
export async function withConsoleDatabase<T>(
  use: (database: ConsoleDatabase, where: string) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const target = consoleDatabaseTarget(consoleEnv());
  const where = describeTarget(target);
  const [{ unmigratedProblem }, { openConsoleDatabase }, { CONSOLE_MIGRATIONS, migrateConsoleDatabase }] =
    await Promise.all([
      import("@/common/migration-state"),
      import("@/lib/db/connection"),
      import("@/lib/db/migrate"),
    ]);
  const database = await openConsoleDatabase(target);
  try {
    if (options.migrate) await migrateConsoleDatabase(database);
    const problem = await unmigratedProblem(database, CONSOLE_MIGRATIONS, `The console database (${where})`);
    if (problem) throw new CliError(problem);
    return await use(database, where);
  } finally {
    await database.close();
  }
}
