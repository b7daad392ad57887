import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { openDatabase } from "@/service/db/connection";
import { migrateServiceDatabase } from "@/service/db/migrate";
import { createThrowawayDatabase } from "./throwaway-postgres";

/**
 * The PostgreSQL databases every test database is copied from (`CREATE DATABASE … TEMPLATE`):
 * the service's and the console's migrations, applied once per run by testing/global-setup.ts.
 * Migrating a new database took 0.6–1.5 s on this project's two-core machine under load, and
 * the database tests create hundreds; a copy takes tens of milliseconds. The migrations still run
 * on PostgreSQL in every run (here, and from scratch in the migration tests, which use
 * createConsoleTestDatabaseAt and their own databases).
 */
export interface MigratedTemplates {
  service: string;
  console: string;
}

export async function createMigratedTemplates(
  serverUrl: string,
): Promise<{ templates: MigratedTemplates; drop(): Promise<void> }> {
  const service = await createThrowawayDatabase(serverUrl, "gcc_template_service");
  const console = await createThrowawayDatabase(serverUrl, "gcc_template_console");
  try {
    const serviceDatabase = await openDatabase({ driver: "postgres", url: service.url, poolSize: 1 });
    try {
      await migrateServiceDatabase(serviceDatabase);
    } finally {
      // A template must have no connection left: CREATE DATABASE refuses to copy one in use.
      await serviceDatabase.close();
    }
    const consoleDatabase = await openConsoleDatabase({ driver: "postgres", url: console.url, poolSize: 1 });
    try {
      await migrateConsoleDatabase(consoleDatabase);
    } finally {
      await consoleDatabase.close();
    }
  } catch (error) {
    await Promise.allSettled([service.drop(), console.drop()]);
    throw error;
  }
  return {
    templates: { service: service.name, console: console.name },
    async drop() {
      await Promise.all([service.drop(), console.drop()]);
    },
  };
}
