import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests that need a database run twice: on PGlite and on a throwaway PostgreSQL.
const http = ["service/**/*.http.test.ts", "service/**/*.db.test.ts", "lib/**/*.db.test.ts"];

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Server-only modules are tested outside React's server environment: the marker is a no-op here.
    alias: { "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    env: { TZ: "UTC" },
    reporters: ["default", "./scripts/lib/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "common/**/*.test.ts",
            "service/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: http,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "http-pglite",
          include: http,
          env: { TEST_DB: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "http-postgres",
          include: http,
          env: { TEST_DB: "postgres" },
          globalSetup: ["service/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
