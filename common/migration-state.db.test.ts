import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { BUILT_CONSOLE_MIGRATIONS } from "@/lib/db/built-migrations";
import { CONSOLE_MIGRATIONS } from "@/lib/db/migrate";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { unmigratedProblem } from "./migration-state";

const NAME = "The console database (here)";

describe("a database not brought up to date (both programs, their tools and the running console)", () => {
  it("is named with what it lacks: no tables, some migrations; an up-to-date one passes", async () => {
    const database = await createConsoleTestDatabase();
    try {
      expect(await unmigratedProblem(database, CONSOLE_MIGRATIONS, NAME)).toBeNull();
      expect(await unmigratedProblem(database, BUILT_CONSOLE_MIGRATIONS, NAME)).toBeNull();

      // The newest migration's record gone: as if the code had moved on past the database.
      const known = readMigrationFiles({ migrationsFolder: CONSOLE_MIGRATIONS.folder }).length;
      await database.db.execute(
        sql`delete from console.migrations where created_at = (select max(created_at) from console.migrations)`,
      );
      expect(await unmigratedProblem(database, CONSOLE_MIGRATIONS, NAME)).toBe(
        `${NAME} lacks 1 of ${known} migrations: run npm run db:migrate first.`,
      );
      // The running console, which knows its migrations from the journal its build carries, says the same.
      expect(await unmigratedProblem(database, BUILT_CONSOLE_MIGRATIONS, NAME)).toBe(
        `${NAME} lacks 1 of ${known} migrations: run npm run db:migrate first.`,
      );

      // A schema that holds no migrations table: nothing was ever applied.
      expect(await unmigratedProblem(database, { ...CONSOLE_MIGRATIONS, schema: "public" }, NAME)).toBe(
        `${NAME} has no tables yet: run npm run db:migrate first.`,
      );
    } finally {
      await database.close();
    }
  });
});
