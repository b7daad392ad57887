import "server-only";
import { CliError, describeTarget } from "@/common/cli";
import { migrationState } from "@/common/migration-state";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { CONSOLE_MIGRATIONS, migrateConsoleDatabase } from "@/lib/db/migrate";
import { consoleDatabaseTarget, consoleEnv } from "@/lib/env";

/**
 * Opens the console's configured database for a tool, runs `use`, and closes it on every path
 * (releasing the PGlite lock). Unless `migrate` is the tool's job, an unmigrated database is
 * refused: migrations never run silently (docs/architecture.md, "Between the programs").
 */
export async function withConsoleDatabase<T>(
  use: (database: ConsoleDatabase, where: string) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const target = consoleDatabaseTarget(consoleEnv());
  const where = describeTarget(target);
  const database = await openConsoleDatabase(target);
  try {
    if (options.migrate) await migrateConsoleDatabase(database);
    const { applied, known } = await migrationState(database, CONSOLE_MIGRATIONS);
    if (applied < known) {
      throw new CliError(`The console database (${where}) is not up to date: run npm run db:migrate first.`);
    }
    return await use(database, where);
  } finally {
    await database.close();
  }
}
