import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockFolder } from "@/common/folder-lock";
import * as schema from "./schema";

export type ServiceDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface ServiceDatabase {
  db: ServiceDb;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { driver: "postgres"; url: string; poolSize?: number }
  /** `folder` null: an in-memory database (tests), or `from` a dump to start from. */
  | { driver: "pglite"; folder: string | null; from?: Blob | File };

const NUMERIC_OID = 1700;
// NUMERIC stays text on both drivers: amounts are never JavaScript numbers.
const keepText = (value: string) => value;
pg.types.setTypeParser(NUMERIC_OID, keepText);

export async function openDatabase(target: DatabaseTarget): Promise<ServiceDatabase> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on("error", () => {});
    return {
      db: drizzlePg(pool, { schema }) as unknown as ServiceDb,
      driver: "postgres",
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (target.folder) {
    release = lockFolder(target.folder);
    mkdirSync(target.folder, { recursive: true });
  }
  try {
    const client = await PGlite.create({
      dataDir: target.folder ?? undefined,
      loadDataDir: target.from,
      parsers: { [NUMERIC_OID]: keepText },
    });
    return {
      db: drizzlePglite(client, { schema }) as unknown as ServiceDb,
      driver: "pglite",
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
