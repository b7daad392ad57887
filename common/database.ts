import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type PgliteDurability, pgliteStorage } from "./durable-pglite";
import { lockFolder } from "./folder-lock";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";
import { openPgliteThread } from "./pglite-thread";

/**
 * Both programs' database handles: PGlite in a folder (embedded default, one process per folder)
 * or PostgreSQL through `pg`, behind one drizzle type. Each program passes its own schema, its
 * own migrations and the variable that switches it to PostgreSQL.
 */

export type Database<S extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, S>;

export interface OpenDatabase<S extends Record<string, unknown>> {
  db: Database<S>;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { driver: "postgres"; url: string; poolSize?: number }
  /**
   * `folder` null: an in-memory database (tests), or `from` a dump to start from. A folder commits
   * durably unless `durability` is "fast" (common/durable-pglite.ts).
   */
  | {
      driver: "pglite";
      folder: string | null;
      from?: Blob | File;
      durability?: PgliteDurability;
      /** A folder's database on a worker thread of its own (common/pglite-thread.ts), not the caller's. */
      ownThread?: boolean;
      /**
       * A test's database: a few rows, opened hundreds of times a run. 16 MB of shared buffers
       * instead of PGlite's 128 and room for 5 connections instead of 100: PostgreSQL sets up its
       * shared memory at every start, and an open took a quarter less (docs/testing.md, "PGlite
       * databases in the tests").
       */
      small?: boolean;
    };

const SMALL_START_PARAMS = ["-c", "shared_buffers=16MB", "-c", "max_connections=5"];

const NUMERIC_OID = 1700;
// NUMERIC stays text on both drivers: amounts are never JavaScript numbers.
const keepText = (value: string) => value;
pg.types.setTypeParser(NUMERIC_OID, keepText);

export async function openDatabase<S extends Record<string, unknown>>(
  target: DatabaseTarget,
  schema: S,
  urlVariable: string,
): Promise<OpenDatabase<S>> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on("error", () => {});
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database<S>,
      driver: "postgres",
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (target.folder) {
    release = lockFolder(target.folder, urlVariable);
    mkdirSync(target.folder, { recursive: true });
  }
  try {
    if (target.folder && target.ownThread) {
      const thread = await openPgliteThread({
        folder: target.folder,
        durability: target.durability ?? "durable",
      });
      return {
        // drizzle's PGlite driver calls only what the thread's client has (query, exec, transaction).
        db: drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Database<S>,
        driver: "pglite",
        async close() {
          await thread.close();
          release();
        },
      };
    }
    const storage = target.folder ? pgliteStorage(target.folder, target.durability ?? "durable") : {};
    const client = await PGlite.create({
      ...storage,
      extensions: PGLITE_EXTENSIONS,
      ...(target.small
        ? { startParams: [...(storage.startParams ?? PGlite.defaultStartParams), ...SMALL_START_PARAMS] }
        : {}),
      loadDataDir: target.from,
      parsers: { [NUMERIC_OID]: keepText },
    });
    return {
      db: drizzlePglite(client, { schema }) as unknown as Database<S>,
      driver: "pglite",
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Applies one program's migrations (its own folder and migrations table); the same files on both drivers. */
export async function migrateDatabase<S extends Record<string, unknown>>(
  database: OpenDatabase<S>,
  migrations: { folder: string; schema: string },
): Promise<void> {
  const config = {
    migrationsFolder: migrations.folder,
    migrationsSchema: migrations.schema,
    migrationsTable: "migrations",
  };
  // The drivers' migrators differ only in the handle type they accept.
  if (database.driver === "pglite") await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
}
