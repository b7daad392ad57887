import "server-only";
import { fileURLToPath } from "node:url";
import { migrateDatabase } from "@/common/database";
import type { ConsoleDatabase } from "./connection";

// Only the tools import this (npm run db:migrate, the demo): the Next.js bundle never needs the
// migration files, and must not try to bundle them.
/** The console's migrations: its own folder and its own migrations table (schema `console`). */
export const CONSOLE_MIGRATIONS = {
  folder: fileURLToPath(new URL("./migrations", import.meta.url)),
  schema: "console",
};

/** Applies the console's migrations; the same files on both drivers. */
export function migrateConsoleDatabase(database: ConsoleDatabase): Promise<void> {
  return migrateDatabase(database, CONSOLE_MIGRATIONS);
}
