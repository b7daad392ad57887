import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import {
  DEMO_API_KEY,
  DEMO_PROJECT_GUID,
  PG_CONSOLE_DATABASE,
  PG_CONSOLE_PORT,
  SERVICE_BASE_URL,
} from "@/e2e/servers";
import { ensureDemoUsers } from "@/lib/auth/demo-users";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";

/**
 * A second console for e2e/no-render-writes.spec.ts: the built console (`next start`) on a fresh
 * PostgreSQL database in TEST_DATABASE_URL's throwaway cluster, so the spec can count every write
 * to the console's tables while pages render. Its project is the e2e service. Started by
 * Playwright after the demo (which builds the console) only when TEST_DATABASE_URL is set.
 */
const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) {
  console.error("pg-console: TEST_DATABASE_URL is not set");
  process.exit(2);
}
const admin = new pg.Client({ connectionString: clusterUrl });
await admin.connect();
await admin.query(`drop database if exists ${PG_CONSOLE_DATABASE} with (force)`);
await admin.query(`create database ${PG_CONSOLE_DATABASE}`);
await admin.end();
const url = new URL(clusterUrl);
url.pathname = `/${PG_CONSOLE_DATABASE}`;

const database = await openConsoleDatabase({ driver: "postgres", url: url.toString() });
await migrateConsoleDatabase(database);
await ensureDemoUsers(database.db);
await database.close();

const next = spawn("node_modules/.bin/next", ["start", "-p", String(PG_CONSOLE_PORT)], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    CONSOLE_DATABASE_URL: url.toString(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    CONSOLE_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
    COMMERCE_BASE_URL: SERVICE_BASE_URL,
    COMMERCE_PROJECT_GUID: DEMO_PROJECT_GUID,
    COMMERCE_API_KEY: DEMO_API_KEY,
    COMMERCE_PROJECT_NAME: "Starfall Arena (demo)",
  },
});
const stop = () => next.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
next.on("exit", (code) => process.exit(code ?? 0));
