import { defineConfig } from "drizzle-kit";

// Generates the service's migrations (`npx drizzle-kit generate --config drizzle.service.config.ts`).
// They are applied by `npm run db:migrate`, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./service/db/schema.ts",
  out: "./service/db/migrations",
  migrations: { schema: "service", table: "migrations" },
});
