import "server-only";
import { describeTarget } from "@/common/cli";
import { unmigratedProblem } from "@/common/migration-state";
import { consoleDatabaseTarget, consoleEnv } from "@/lib/env";
import { countInRequest } from "@/lib/request/per-request";
import { BUILT_CONSOLE_MIGRATIONS } from "./built-migrations";
import { type ConsoleDatabase, type ConsoleDb, openConsoleDatabase } from "./connection";

// One handle per server process, kept across hot reloads in development (PGlite allows one
// process per folder, and opening it is slow).
const holder = globalThis as unknown as { consoleDatabase?: Promise<ConsoleDatabase> };

async function open(): Promise<ConsoleDatabase> {
  const target = consoleDatabaseTarget(consoleEnv());
  // The embedded database works on a thread of its own, beside the pages' rendering
  // (docs/architecture.md, "The console's embedded database runs on a thread of its own").
  const database = await openConsoleDatabase(
    target.driver === "pglite" ? { ...target, ownThread: true } : target,
  );
  const problem = await unmigratedProblem(
    database,
    BUILT_CONSOLE_MIGRATIONS,
    `The console database (${describeTarget(target)})`,
  );
  if (problem) {
    await database.close();
    throw new Error(problem);
  }
  if (process.env.CONSOLE_CALL_COUNTS_FILE) countStatements(database.db);
  return database;
}

/**
 * Test-only (CONSOLE_CALL_COUNTS_FILE, e2e/request-context.spec.ts): each statement a request sends
 * is counted; both drivers send every statement through their client's `query`.
 */
function countStatements(db: ConsoleDb): void {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = async (...args: unknown[]) => {
    await countInRequest("statement");
    return query(...args);
  };
}

/** The console's database, opened on first use (never at import time or during `next build`). */
export async function consoleDb(): Promise<ConsoleDb> {
  holder.consoleDatabase ??= open().catch((error: unknown) => {
    holder.consoleDatabase = undefined; // let the next request try again
    throw error;
  });
  return (await holder.consoleDatabase).db;
}
