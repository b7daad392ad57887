import "server-only";
import { listConnections } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import type { ConnectionSummary } from "@/lib/model/connection-summary";
import { type ConsoleSettingsValue, readSettings } from "./console-settings";

/**
 * What the Settings pages read of the console's connections (summaries: no key; docs/console.md,
 * "Connections and extensions") and the owners' settings; the users are lib/auth's
 * (page-reads.ts). Each read opens the running console's database itself: pages never handle it
 * (docs/architecture.md, `app-never-imports-database`).
 */

export async function readConnections(): Promise<ConnectionSummary[]> {
  return listConnections(await consoleDb(), consoleEnv());
}

export async function readConsoleSettings(): Promise<ConsoleSettingsValue> {
  return readSettings(await consoleDb());
}
