import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
// ".js": Vite loads this file itself and warns about an import without an extension.
import { TEST_LIMITS } from "./testing/test-limits.js";

// Tests that need a database run twice: on PGlite and on a throwaway PostgreSQL.
const http = ["service/**/*.http.test.ts", "service/**/*.db.test.ts", "lib/**/*.db.test.ts"];

/**
 * Every project waits as long as a slow machine needs (testing/test-limits.ts): hooks are where
 * tests start a service or a database, and vitest's 10 s default for them failed under load.
 */
const limits = {
  testTimeout: TEST_LIMITS.testMs,
  hookTimeout: TEST_LIMITS.startMs,
  teardownTimeout: TEST_LIMITS.startMs,
};

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Server-only modules are tested outside React's server environment: the marker is a no-op here.
    alias: { "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    env: { TZ: "UTC" },
    ...limits,
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Many files
    // mostly wait — on a spawned CLI or demo, a PostgreSQL backend, a build — so three overlap
    // that waiting (docs/benchmarks.md, "Test suite").
    maxWorkers: 3,
    reporters: ["default", "./scripts/lib/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "components/**/*.test.ts",
            "common/**/*.test.ts",
            "service/**/*.test.ts",
            "scripts/**/*.test.ts",
            "testing/**/*.test.ts",
          ],
          exclude: http,
          ...limits,
        },
      },
      {
        extends: true,
        test: {
          name: "http-pglite",
          include: http,
          env: { TEST_DB: "pglite" },
          // The migrated databases each test copies, built once per run (docs/testing.md).
          globalSetup: ["testing/pglite-global-setup.ts"],
          ...limits,
        },
      },
      {
        extends: true,
        test: {
          name: "http-postgres",
          include: http,
          env: { TEST_DB: "postgres" },
          // The throwaway cluster and the migrated templates each test copies (docs/testing.md).
          globalSetup: ["testing/global-setup.ts"],
          ...limits,
        },
      },
    ],
  },
});
