import { globSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
// ".js": Vite loads this file itself and warns about an import without an extension.
import { TEST_LIMITS } from "./testing/test-limits.js";

// Tests that need a database run twice: on PGlite and on a throwaway PostgreSQL.
const http = [
  "service/**/*.http.test.ts",
  "service/**/*.db.test.ts",
  "lib/**/*.db.test.ts",
  "common/**/*.db.test.ts",
];
const unit = [
  "lib/**/*.test.ts",
  "components/**/*.test.ts",
  "common/**/*.test.ts",
  "service/**/*.test.ts",
  "scripts/**/*.test.ts",
  "testing/**/*.test.ts",
];

/**
 * A worker runs one test file after another with the modules it has loaded (`isolate: false`):
 * each database test file no longer imports the service, the console and a database driver afresh,
 * about a second per file, and each unit file no longer starts a process of its own
 * (docs/testing.md, "Shared modules"). A file that replaces a
 * module, the environment, a global, a timer or a shared object's method needs a module graph of
 * its own (a module a file before it loaded would keep the real one, or see the replacement):
 * those are found here by what they call, so a new one cannot land among the shared ones, and
 * run each in a fresh process as before.
 */
const REPLACES_SHARED_STATE =
  /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|spyOn|resetModules|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|process\.(on|once|chdir)\(/;
const replacesSharedState = (file: string) => REPLACES_SHARED_STATE.test(readFileSync(file, "utf8"));
const ownState = globSync(http).filter(replacesSharedState);
const unitOwnState = globSync(unit, { exclude: http }).filter(replacesSharedState);

/**
 * Every project waits as long as a slow machine needs (testing/test-limits.ts): hooks are where
 * tests start a service or a database, and vitest's 10 s default for them failed under load.
 */
const limits = {
  testTimeout: TEST_LIMITS.testMs,
  hookTimeout: TEST_LIMITS.startMs,
  teardownTimeout: TEST_LIMITS.startMs,
};

/** The database tests on one database: `http-<database>` shares modules, `-isolated` may not. */
function databaseProjects(
  database: "pglite" | "postgres",
  globalSetup: string[],
): TestProjectInlineConfiguration[] {
  const test = { ...limits, env: { TEST_DB: database }, globalSetup };
  const name = `http-${database}`;
  return [
    { extends: true, test: { ...test, name, include: http, exclude: ownState, isolate: false } },
    { extends: true, test: { ...test, name: `${name}-isolated`, include: ownState } },
  ];
}

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
    // that waiting (docs/testing.md, "Vitest: where the test time goes").
    maxWorkers: 3,
    reporters: ["default", "./scripts/lib/summary-reporter.ts"],
    projects: [
      // Every *.test.ts that needs no database of its own: `unit` shares modules, `unit-isolated`
      // (the files that replace shared state) runs each file in a fresh process.
      {
        extends: true,
        test: { ...limits, name: "unit", include: unit, exclude: [...http, ...unitOwnState], isolate: false },
      },
      { extends: true, test: { ...limits, name: "unit-isolated", include: unitOwnState } },
      // The database tests on each database. `globalSetup` builds the migrated databases each test
      // copies, once per project (docs/testing.md); on PostgreSQL it also starts the throwaway
      // cluster unless one is given.
      ...databaseProjects("pglite", ["testing/pglite-global-setup.ts"]),
      ...databaseProjects("postgres", ["testing/global-setup.ts"]),
    ],
  },
});
