import { describeTarget, runCli as runAnyCli } from "@/common/cli";
import type { ServiceDatabase } from "../db/connection";
import { FixtureError } from "../db/fixture";
import { databaseTarget, EnvError, loadServiceEnv } from "../env";

/**
 * What only the service's tools share: their known errors, and a database handle that is
 * always closed (so the PGlite lock is released) and refused until it is migrated. The database
 * driver is loaded only here, once a tool's command line is known to be right: `--help` and a
 * wrong argument answer without it (about a second less per call).
 */

/** Runs a service tool: fixture and environment errors are printed as they are. */
export function runCli(tool: string, main: () => Promise<void>): Promise<void> {
  return runAnyCli(tool, main, [EnvError, FixtureError]);
}

/**
 * Opens the service's configured database, runs `use`, and closes it on every path. With
 * `requireSchema`, a database that `npm run db:migrate` has not brought up to date is refused
 * before anything is written: migrations never run silently (docs/architecture.md, "Between the programs").
 */
export async function withServiceDatabase<T>(
  use: (database: ServiceDatabase, where: string) => Promise<T>,
  options: { requireSchema: boolean } = { requireSchema: true },
): Promise<T> {
  const target = databaseTarget(loadServiceEnv());
  const where = describeTarget(target);
  const [{ openDatabase }, { requireMigratedService }] = await Promise.all([
    import("../db/connection"),
    import("../db/migrate"),
  ]);
  const database = await openDatabase(target);
  try {
    if (options.requireSchema) await requireMigratedService(database, where);
    return await use(database, where);
  } finally {
    await database.close();
  }
}
