import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UNCONNECTED_CONSOLE_PORT } from "@/e2e/servers";
import { startBuiltConsole } from "./built-console";

/**
 * A console as a fresh install finds itself before an owner adds a connection: no project in its
 * environment and none in its database (e2e/no-connection.spec.ts). Embedded database in a fresh
 * folder; started by Playwright after the demo built the console.
 */
const folder = join(process.env.E2E_DATA ?? mkdtempSync(join(tmpdir(), "gcc-e2e-")), "unconnected-console");
await startBuiltConsole({
  database: { driver: "pglite", folder },
  port: UNCONNECTED_CONSOLE_PORT,
  env: {
    CONSOLE_PGLITE_DIR: folder,
    CONSOLE_DATABASE_URL: "",
    COMMERCE_BASE_URL: "",
    COMMERCE_PROJECT_GUID: "",
    COMMERCE_API_KEY: "",
    COMMERCE_PROJECT_NAME: "",
  },
});
