// Preloaded into a tool (NODE_OPTIONS=--import) by service/cli/cli.test.ts: resolving a database
// driver or drizzle throws, so a test shows that `--help` and a wrong command line answer before
// the tool loads its database code (docs/testing.md, "Vitest: where the test time goes").
import { registerHooks } from "node:module";

const DATABASE_CODE = /^(drizzle-orm|@electric-sql\/pglite|pg)(\/|$)/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (DATABASE_CODE.test(specifier)) throw new Error(`loaded ${specifier} (no database code was expected)`);
    return nextResolve(specifier, context);
  },
});
