import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { openDatabase } from "@/service/db/connection";
import { migrateServiceDatabase } from "@/service/db/migrate";

/**
 * Migrated PGlite databases as data-directory dumps, which each test's PGlite starts from
 * (`loadDataDir`). Building one is PGlite's initdb and every migration, several times the cost
 * of loading a dump (under load on this project's two-core machine: initdb 21–25 s, the service's
 * migrations 10 s, loading a dump 3.5 s; idle, a load takes 0.15 s: docs/testing.md). vitest runs every test file in a fresh
 * process, so a dump kept in the process is built once per file: testing/pglite-global-setup.ts
 * builds both once per run and writes them to files.
 */
export type DumpKind = "service" | "console";

export type DumpFiles = Record<DumpKind, string>;

interface DumpableClient {
  dumpDataDir(compression: "none"): Promise<File | Blob>;
  exec(statement: string): Promise<unknown>;
}

/**
 * PostgreSQL's two template databases, which a test's database never copies (PGlite is one
 * session on `postgres`): without them a dump is 26 MB, not 41, and each load a third cheaper
 * (docs/testing.md, "PGlite databases in the tests"). One statement per call: DROP DATABASE
 * refuses to run in the transaction a multi-statement call is.
 */
const WITHOUT_TEMPLATES = [
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  "drop database template0",
  "drop database template1",
  "checkpoint",
];

/** A new in-memory PGlite of `kind`, migrated, as a dump (uncompressed: it loads faster). */
export async function buildMigratedDump(kind: DumpKind): Promise<Blob> {
  if (kind === "service") {
    const database = await openDatabase({ driver: "pglite", folder: null });
    return dumpAfter(database, () => migrateServiceDatabase(database));
  }
  const database = await openConsoleDatabase({ driver: "pglite", folder: null });
  return dumpAfter(database, () => migrateConsoleDatabase(database));
}

async function dumpAfter(
  database: { db: unknown; close(): Promise<void> },
  migrate: () => Promise<void>,
): Promise<Blob> {
  try {
    await migrate();
    const client = (database.db as { $client: DumpableClient }).$client;
    for (const statement of WITHOUT_TEMPLATES) await client.exec(statement);
    return await client.dumpDataDir("none");
  } finally {
    await database.close();
  }
}

/** Builds both dumps into `folder`, one file each. */
export async function writeMigratedDumps(folder: string): Promise<DumpFiles> {
  const files: DumpFiles = { service: join(folder, "service.tar"), console: join(folder, "console.tar") };
  for (const kind of ["service", "console"] as const) {
    const dump = await buildMigratedDump(kind);
    writeFileSync(files[kind], Buffer.from(await dump.arrayBuffer()));
  }
  return files;
}

const kept: Partial<Record<DumpKind, Promise<Blob>>> = {};

/**
 * The migrated dump of `kind` for this test file: read from the run's file when the project's
 * global setup wrote one (`files`), else built here, once per file.
 */
export function migratedPgliteDump(kind: DumpKind, files: DumpFiles | undefined): Promise<Blob> {
  kept[kind] ??= files ? Promise.resolve(new Blob([readFileSync(files[kind])])) : buildMigratedDump(kind);
  return kept[kind];
}
