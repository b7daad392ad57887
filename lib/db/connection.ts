import "server-only";
import { fileURLToPath } from "node:url";
import {
  type Database,
  type DatabaseTarget,
  migrateDatabase,
  type OpenDatabase,
  openDatabase,
} from "@/common/database";
import * as schema from "./schema";

export type ConsoleDb = Database<typeof schema>;
export type ConsoleDatabase = OpenDatabase<typeof schema>;

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The console's database: its own schema, and CONSOLE_DATABASE_URL as the way to PostgreSQL. */
export function openConsoleDatabase(target: DatabaseTarget): Promise<ConsoleDatabase> {
  return openDatabase(target, schema, "CONSOLE_DATABASE_URL");
}

/** Applies the console's migrations (schema `console`); the same files on both drivers. */
export function migrateConsoleDatabase(database: ConsoleDatabase): Promise<void> {
  return migrateDatabase(database, { folder: migrationsFolder, schema: "console" });
}
