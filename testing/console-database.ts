import { inject } from "vitest";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { createThrowawayDatabase } from "./throwaway-postgres";

/** A fresh, migrated console database on the driver under test (see vitest.config.ts). */
export async function createConsoleTestDatabase(): Promise<ConsoleDatabase> {
  if (process.env.TEST_DB !== "postgres") {
    const database = await openConsoleDatabase({ driver: "pglite", folder: null });
    await migrateConsoleDatabase(database);
    return database;
  }
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
