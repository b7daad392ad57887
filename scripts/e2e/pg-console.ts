import pg from "pg";
import {
  DEMO_API_KEY,
  DEMO_PROJECT_GUID,
  PG_CONSOLE_DATABASE,
  PG_CONSOLE_PORT,
  SERVICE_BASE_URL,
} from "@/e2e/servers";
import { startBuiltConsole } from "./built-console";

/**
 * A second console for e2e/no-render-writes.spec.ts: the built console (`next start`) on a fresh
 * PostgreSQL database in TEST_DATABASE_URL's throwaway cluster, so the spec can count every write
 * to the console's tables while pages render. Its project is the e2e service. Started by
 * Playwright on the built console (playwright.config.ts) only when TEST_DATABASE_URL is set.
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

await startBuiltConsole({
  database: { driver: "postgres", url: url.toString() },
  port: PG_CONSOLE_PORT,
  env: {
    CONSOLE_DATABASE_URL: url.toString(),
    COMMERCE_BASE_URL: SERVICE_BASE_URL,
    COMMERCE_PROJECT_GUID: DEMO_PROJECT_GUID,
    COMMERCE_API_KEY: DEMO_API_KEY,
    COMMERCE_PROJECT_NAME: "Starfall Arena (demo)",
  },
});
