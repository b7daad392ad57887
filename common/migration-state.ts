import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { OpenDatabase } from "./database";

/**
 * A program's migrations as the check needs them: the schema that records them, and either their
 * folder (the tools, which run them) or their times from drizzle's journal (`meta/_journal.json`'s
 * `when`, which drizzle records as each one's `created_at`): the built console carries the journal
 * but not the migration files.
 */
export type KnownMigrations = { schema: string } & ({ folder: string } | { times: readonly number[] });

/** How many of a program's migrations the database has applied, and how many exist. */
export async function migrationState<S extends Record<string, unknown>>(
  database: OpenDatabase<S>,
  migrations: KnownMigrations,
): Promise<{ applied: number; known: number }> {
  const known =
    "times" in migrations
      ? migrations.times
      : readMigrationFiles({ migrationsFolder: migrations.folder }).map((m) => m.folderMillis);
  const table = `${migrations.schema}.migrations`;
  const present = (await database.db.execute(
    sql`select to_regclass(${table}) is not null as present`,
  )) as unknown as {
    rows: { present: boolean }[];
  };
  if (!present.rows[0]?.present) return { applied: 0, known: known.length };
  // drizzle records each applied migration with its folder timestamp as created_at.
  const last = (await database.db.execute(
    sql`select max(created_at)::text as at from ${sql.raw(table)}`,
  )) as unknown as { rows: { at: string | null }[] };
  const appliedUpTo = Number(last.rows[0]?.at ?? 0);
  return { applied: known.filter((when) => when <= appliedUpTo).length, known: known.length };
}

/**
 * Why a database that `npm run db:migrate` has not brought up to date is refused (migrations
 * never run silently: docs/architecture.md, "Between the programs"), in one wording for both
 * programs and their tools; null when it is up to date. `name` says which database, e.g. "The
 * service database (PGlite /var/lib/gcc)".
 */
export async function unmigratedProblem<S extends Record<string, unknown>>(
  database: OpenDatabase<S>,
  migrations: KnownMigrations,
  name: string,
): Promise<string | null> {
  const { applied, known } = await migrationState(database, migrations);
  if (applied === 0) return `${name} has no tables yet: run npm run db:migrate first.`;
  if (applied < known)
    return `${name} lacks ${known - applied} of ${known} migrations: run npm run db:migrate first.`;
  return null;
}
