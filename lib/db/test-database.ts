import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type ConsoleDatabase, openConsoleDatabase } from "./connection";
import { migrateConsoleDatabase } from "./migrate";

/** A fresh, migrated console database on the driver under test (see vitest.config.ts). */
export async function createConsoleTestDatabase(): Promise<ConsoleDatabase> {
  if (process.env.TEST_DB !== "postgres") {
    const database = await openConsoleDatabase({ driver: "pglite", folder: null });
    await migrateConsoleDatabase(database);
    return database;
  }
  const serverUrl = inject("postgresUrl");
  const name = `gcc_c_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openConsoleDatabase({
    driver: "postgres",
    url: serverUrl.replace(/\/[^/]*$/, `/${name}`),
  });
  await migrateConsoleDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
