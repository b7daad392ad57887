import { parseCommandLine, plural } from "@/common/cli";
import { runCli, withServiceDatabase } from "./run-cli";

const HELP = `Usage: npm run db:migrate

Applies the reference service's migrations to its database: the PGlite folder SERVICE_PGLITE_DIR
(default .data/service; stop the service first) or SERVICE_DATABASE_URL (PostgreSQL; may run
beside the service). Running it again on an up-to-date database changes nothing.`;

/** `npm run db:migrate`: brings the service's database up to this version's schema. */
async function main(): Promise<void> {
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  await withServiceDatabase(
    async (database, where) => {
      const [{ migrationState }, { migrateServiceDatabase, SERVICE_MIGRATIONS }] = await Promise.all([
        import("@/common/migration-state"),
        import("../db/migrate"),
      ]);
      const before = await migrationState(database, SERVICE_MIGRATIONS);
      await migrateServiceDatabase(database);
      const after = await migrationState(database, SERVICE_MIGRATIONS);
      const applied = after.applied - before.applied;
      console.log(
        applied === 0
          ? `The service database (${where}) is up to date (${plural(after.applied, "migration")}).`
          : `Applied ${plural(applied, "migration")} to the service database (${where}); it is up to date.`,
      );
    },
    { requireSchema: false },
  );
}

await runCli("db:migrate", main);
