import "server-only";
import { type Database, type DatabaseTarget, type OpenDatabase, openDatabase } from "@/common/database";
import * as schema from "./schema";

export type ConsoleDb = Database<typeof schema>;
export type ConsoleDatabase = OpenDatabase<typeof schema>;

/** The console's database: its own schema, and CONSOLE_DATABASE_URL as the way to PostgreSQL. */
export function openConsoleDatabase(target: DatabaseTarget): Promise<ConsoleDatabase> {
  return openDatabase(target, schema, "CONSOLE_DATABASE_URL");
}
