import { withPreload } from "./node-preload";

/**
 * The environment for a tool that must answer before it loads any database code (its --help, a
 * wrong command line): testing/no-database-driver.mjs preloaded, so resolving drizzle, PGlite or
 * pg fails the tool (docs/testing.md, "Vitest: where the test time goes").
 */
export const WITHOUT_DATABASE_CODE = {
  NODE_OPTIONS: withPreload(new URL("./no-database-driver.mjs", import.meta.url)),
};
