import { fileURLToPath } from "node:url";
import { CliError } from "@/common/cli";
import { migrateDatabase } from "@/common/database";
import { unmigratedProblem } from "@/common/migration-state";
import type { ServiceDatabase } from "./connection";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The service's migrations: their folder, and the schema that holds them and their record. */
export const SERVICE_MIGRATIONS = { folder: migrationsFolder, schema: "service" };

/** Applies the service's migrations; the same files on both drivers. */
export async function migrateServiceDatabase(database: ServiceDatabase): Promise<void> {
  await migrateDatabase(database, SERVICE_MIGRATIONS);
}

/**
 * Refuses a database that `npm run db:migrate` has not brought up to date, before anything reads
 * or writes it: migrations never run silently (docs/architecture.md, "Between the programs"). The
 * tools check it, and so does the service at start: on a database without its tables it would
 * answer every request with a 500.
 */
export async function requireMigratedService(database: ServiceDatabase, where: string): Promise<void> {
  const problem = await unmigratedProblem(database, SERVICE_MIGRATIONS, `The service database (${where})`);
  if (problem) throw new CliError(problem);
}
