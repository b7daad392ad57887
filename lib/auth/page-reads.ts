import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { listUsers } from "./user-admin";
import type { ConsoleUser } from "./users";

/**
 * Settings → Users: every staff account with whether it has a second factor (docs/console.md,
 * "Staff accounts"). It opens the running console's database itself: pages never handle it
 * (docs/architecture.md, `app-never-imports-database`).
 */
export async function readUsers(): Promise<(ConsoleUser & { mfaEnrolled: boolean })[]> {
  return listUsers(await consoleDb());
}
