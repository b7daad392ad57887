import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type ServiceDatabase } from "@/service/db/connection";
import { migrateServiceDatabase } from "@/service/db/migrate";
import { scaleFixture } from "@/service/db/scale-fixture";
import { importFixture } from "@/service/domain/import";
import { rows } from "@/service/domain/sql-rows";
import type { Backend } from "./options";

/** Fresh benchmark databases: migrated, loaded with the scale fixture, vacuumed and analysed. */

export interface LoadedDatabase {
  database: ServiceDatabase;
  /** Seconds to import the fixture (one transaction), not counting VACUUM ANALYZE. */
  importSeconds: number;
  /** Reopens the pool (PostgreSQL), so that the import's sessions and their statistics are gone. */
  reopen(): Promise<ServiceDatabase>;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export interface PostgresTarget {
  /** URL of the cluster's maintenance database; other databases are created beside it. */
  adminUrl: string;
  poolSize: number;
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (adminUrl: string, name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

async function fill(database: ServiceDatabase, customers: number): Promise<number> {
  await migrateServiceDatabase(database);
  const fixture = scaleFixture(customers);
  const started = performance.now();
  await importFixture(database.db, fixture, { reset: false });
  const seconds = (performance.now() - started) / 1000;
  // What autovacuum would do soon after a bulk load anyway: fresh statistics for the planner
  // and a visibility map, so the measured runs are not disturbed by it mid-way.
  await database.db.execute(sql`vacuum analyze`);
  return seconds;
}

export async function loadDatabase(
  backend: Backend,
  customers: number,
  postgres: PostgresTarget | null,
): Promise<LoadedDatabase> {
  if (backend === "pglite") {
    const database = await openDatabase({ driver: "pglite", folder: null });
    try {
      const importSeconds = await fill(database, customers);
      return {
        database,
        importSeconds,
        reopen: async () => database,
        dispose: () => database.close(),
      };
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  if (!postgres) throw new Error("PostgreSQL backend without a cluster");
  const name = `bench_${customers}`;
  await admin(postgres.adminUrl, (client) => client.query(`create database ${name}`));
  const url = databaseUrl(postgres.adminUrl, name);
  let database = await openDatabase({ driver: "postgres", url, poolSize: postgres.poolSize });
  const drop = () =>
    admin(postgres.adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  try {
    const importSeconds = await fill(database, customers);
    return {
      database,
      importSeconds,
      async reopen() {
        await database.close();
        database = await openDatabase({ driver: "postgres", url, poolSize: postgres.poolSize });
        return database;
      },
      async dispose() {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
}

export async function serverVersion(database: ServiceDatabase): Promise<string> {
  const [row] = await rows<{ server_version: string }>(database.db, sql`show server_version`);
  return row?.server_version ?? "unknown";
}

export interface TableScans {
  table: string;
  seqScans: number;
  seqRowsRead: number;
  indexScans: number;
}

/**
 * Scan counters of the service's tables (PostgreSQL), read on a fresh connection. Sessions
 * report their counters when they end, so callers close the pool before reading.
 */
export async function tableScans(adminUrl: string, customers: number): Promise<TableScans[]> {
  const found = await admin(databaseUrl(adminUrl, `bench_${customers}`), (client) =>
    client.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null }>(
      `select relname, seq_scan, seq_tup_read, idx_scan from pg_stat_user_tables
        where schemaname = 'service' order by relname`,
    ),
  );
  return found.rows.map((r) => ({
    table: r.relname,
    seqScans: Number(r.seq_scan),
    seqRowsRead: Number(r.seq_tup_read),
    indexScans: Number(r.idx_scan ?? 0),
  }));
}
