import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { migrateDatabase } from "@/common/database";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { CONSOLE_MIGRATIONS, migrateConsoleDatabase } from "@/lib/db/migrate";
import { migratedPgliteDump } from "./pglite-dumps";
import { createThrowawayDatabase } from "./throwaway-postgres";

/** A fresh, migrated console database on the driver under test (see vitest.config.ts). */
export async function createConsoleTestDatabase(): Promise<ConsoleDatabase> {
  if (process.env.TEST_DB !== "postgres")
    return openConsoleDatabase({
      driver: "pglite",
      folder: null,
      small: true,
      from: await migratedPgliteDump("console", inject("pgliteDumps")),
    });
  // A copy of the database migrated once per run (testing/migrated-templates.ts).
  const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_c", {
    template: inject("postgresTemplates").console,
  });
  const database = await openConsoleDatabase({ driver: "postgres", url: throwaway.url });
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

/**
 * A console database on the driver under test with the migrations applied only up to `lastTag`
 * (e.g. "0008_award_approvals"), for a test of what a later migration does to rows that exist;
 * `migrateRest` then applies the rest.
 */
export async function createConsoleTestDatabaseAt(
  lastTag: string,
): Promise<ConsoleDatabase & { migrateRest(): Promise<void> }> {
  const journalPath = join(CONSOLE_MIGRATIONS.folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No console migration is tagged ${lastTag}.`);
  const folder = mkdtempSync(join(tmpdir(), "gcc-migrations-"));
  mkdirSync(join(folder, "meta"));
  for (const entry of journal.entries.slice(0, last + 1))
    cpSync(join(CONSOLE_MIGRATIONS.folder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(
    join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  );
  let database: ConsoleDatabase;
  let drop = async () => {};
  if (process.env.TEST_DB !== "postgres") {
    database = await openConsoleDatabase({ driver: "pglite", folder: null });
  } else {
    const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_c");
    database = await openConsoleDatabase({ driver: "postgres", url: throwaway.url });
    drop = throwaway.drop;
  }
  await migrateDatabase(database, { folder, schema: CONSOLE_MIGRATIONS.schema });
  rmSync(folder, { recursive: true, force: true });
  return {
    ...database,
    migrateRest: () => migrateConsoleDatabase(database),
    async close() {
      await database.close();
      await drop();
    },
  };
}
