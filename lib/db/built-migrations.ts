import type { KnownMigrations } from "@/common/migration-state";
import journal from "./migrations/meta/_journal.json";

/**
 * The console's migrations as the running console knows them: drizzle's journal, which a build
 * carries, not the migration files, which only the tools read (lib/db/migrate.ts). So the console
 * refuses at start a database that `npm run db:migrate` has not brought up to date, as the tools
 * do (common/migration-state.ts).
 */
export const BUILT_CONSOLE_MIGRATIONS: KnownMigrations = {
  schema: "console",
  times: journal.entries.map((entry) => entry.when),
};
