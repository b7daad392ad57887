import "server-only";
import { sql } from "drizzle-orm";
import { consoleDatabaseTarget, consoleEnv } from "@/lib/env";
import { type ConsoleDatabase, type ConsoleDb, openConsoleDatabase } from "./connection";

// One handle per server process, kept across hot reloads in development (PGlite allows one
// process per folder, and opening it is slow).
const holder = globalThis as unknown as { consoleDatabase?: Promise<ConsoleDatabase> };

async function open(): Promise<ConsoleDatabase> {
  const database = await openConsoleDatabase(consoleDatabaseTarget(consoleEnv()));
  const found = (await database.db.execute(
    sql`select to_regclass('console.users') is not null as ready`,
  )) as unknown as {
    rows: { ready: boolean }[];
  };
  if (!found.rows[0]?.ready) {
    await database.close();
    throw new Error("The console database has no tables yet: run npm run db:migrate first.");
  }
  return database;
}

/** The console's database, opened on first use (never at import time or during `next build`). */
export async function consoleDb(): Promise<ConsoleDb> {
  holder.consoleDatabase ??= open().catch((error: unknown) => {
    holder.consoleDatabase = undefined; // let the next request try again
    throw error;
  });
  return (await holder.consoleDatabase).db;
}
