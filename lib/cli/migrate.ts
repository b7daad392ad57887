import { parseCommandLine, plural, runCli } from "@/common/cli";
import { ConsoleEnvError } from "@/lib/env";
import { withConsoleDatabase } from "./with-console-database";

const HELP = `Usage: npm run db:migrate   (migrates the service, then the console)

Applies the console's migrations to its database: the PGlite folder CONSOLE_PGLITE_DIR (default
.data/console; stop the console first) or CONSOLE_DATABASE_URL (PostgreSQL). Running it again on
an up-to-date database changes nothing.`;

async function main(): Promise<void> {
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  await withConsoleDatabase(
    async (database, where) => {
      const [{ migrationState }, { CONSOLE_MIGRATIONS }] = await Promise.all([
        import("@/common/migration-state"),
        import("@/lib/db/migrate"),
      ]);
      const { applied } = await migrationState(database, CONSOLE_MIGRATIONS);
      console.log(`The console database (${where}) is up to date (${plural(applied, "migration")}).`);
    },
    { migrate: true },
  );
}

await runCli("db:migrate", main, [ConsoleEnvError]);
