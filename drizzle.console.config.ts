import { defineConfig } from "drizzle-kit";

// Generates the console's migrations (`npx drizzle-kit generate --config drizzle.console.config.ts`).
// They are applied by `npm run db:migrate`, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
  migrations: { schema: "console", table: "migrations" },
});
