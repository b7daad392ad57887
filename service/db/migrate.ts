import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { ServiceDatabase } from "./connection";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const config = { migrationsFolder, migrationsSchema: "service", migrationsTable: "migrations" };

/** Applies the service's migrations; the same files on both drivers. */
export async function migrateServiceDatabase(database: ServiceDatabase): Promise<void> {
  // The drivers' migrators differ only in the handle type they accept.
  if (database.driver === "pglite") await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
}
