import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { createThrowawayDatabase } from "./throwaway-postgres";

let pgliteTemplate: Promise<File | Blob> | undefined;

/** A migrated console PGlite, dumped once per worker: each test starts from a copy in memory. */
function migratedPgliteDump(): Promise<File | Blob> {
  pgliteTemplate ??= (async () => {
    const database = await openConsoleDatabase({ driver: "pglite", folder: null });
    await migrateConsoleDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<File | Blob> } })
      .$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    return dump;
  })();
  return pgliteTemplate;
}

/** A fresh, migrated console database on the driver under test (see vitest.config.ts). */
export async function createConsoleTestDatabase(): Promise<ConsoleDatabase> {
  if (process.env.TEST_DB !== "postgres")
    return openConsoleDatabase({ driver: "pglite", folder: null, from: await migratedPgliteDump() });
  const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_c");
  const database = await openConsoleDatabase({ driver: "postgres", url: throwaway.url });
  await migrateConsoleDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * Another console instance on the same PostgreSQL database as `database` (its own pool), for tests
 * of what two instances do at once; null on PGlite, which one process holds alone.
 */
export async function anotherInstance(database: ConsoleDatabase): Promise<ConsoleDatabase | null> {
  if (process.env.TEST_DB !== "postgres") return null;
  const found = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${found.rows[0]?.name}`;
  return openConsoleDatabase({ driver: "postgres", url: url.toString() });
}
