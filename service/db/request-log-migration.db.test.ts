import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { migrateDatabase } from "@/common/database";
import { TEST_DB } from "@/testing/service/harness";
import { createThrowawayDatabase } from "@/testing/throwaway-postgres";
import { rows } from "../domain/sql-rows";
import { openDatabase, type ServiceDatabase } from "./connection";
import { migrationsFolder } from "./migrate";

/**
 * Migration 0013 moves the request log from a row per call into segments (docs/service.md,
 * "Request log"): the entries a service upgraded in place had logged must read the same after it.
 */
const BEFORE = "0013_request_log_segments";
let database: ServiceDatabase;
let dropDatabase = async () => {};
let olderFolder: string;

/** The migrations folder as it was before `BEFORE`. */
function folderBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "gcc-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(at)) rmSync(path.join(folder, `${entry.tag}.sql`));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

beforeAll(async () => {
  olderFolder = folderBefore(BEFORE);
  if (TEST_DB === "pglite") database = await openDatabase({ driver: "pglite", folder: null });
  else {
    const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_m");
    database = await openDatabase({ driver: "postgres", url: throwaway.url, poolSize: 2 });
    dropDatabase = throwaway.drop;
  }
});

afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(olderFolder, { recursive: true, force: true });
});

const COLUMNS = sql`project_id, key_id, method, route, status, duration_us, error_code, error, request_id,
  customer_id, caller_request_id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at`;

it("keeps every entry of the old table, in order, with every column", async () => {
  await migrateDatabase(database, { folder: olderFolder, schema: "service" });
  // 2,300 calls of two projects, so that one project's entries span three segments of 1,000 ids.
  await database.db.execute(sql`
    insert into service.request_log (at, project_id, key_id, method, route, status, duration_us, error_code,
                                     error, request_id, customer_id, caller_request_id)
    select timestamptz '2026-11-20T10:00:00Z' + n * interval '1.5 seconds', 1 + n % 2, 1 + n % 3,
           case when n % 5 = 0 then 'POST' else 'GET' end,
           case when n % 5 = 0 then '/AwardTokens' else '/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID' end,
           case when n % 7 = 0 then 404 else 200 end, 1000 + n,
           case when n % 7 = 0 then 'NOT_FOUND' end, case when n % 7 = 0 then 'No "such" \\thing, ü' end,
           case when n % 5 = 0 then 'rq-' || n end, case when n % 3 = 0 then null else 'player-' || n % 11 end,
           'caller-' || n
      from generate_series(1, 2300) n`);
  const before = await rows<Record<string, unknown>>(
    database.db,
    sql`select ${COLUMNS} from service.request_log order by id`,
  );
  expect(before).toHaveLength(2300);

  await migrateDatabase(database, { folder: migrationsFolder, schema: "service" });
  const after = await rows<Record<string, unknown>>(
    database.db,
    sql`select ${COLUMNS} from service.request_log order by project_id, id`,
  );
  const byProject = (entries: Record<string, unknown>[]) =>
    [...entries].sort((a, b) => Number(a.project_id) - Number(b.project_id));
  expect(after).toEqual(byProject(before));
  const [segments] = await rows<{ n: number; calls: number; errors: number }>(
    database.db,
    sql`select count(*)::int as n, sum(entry_count)::int as calls, sum(error_count)::int as errors
          from service.request_log_segments`,
  );
  expect(segments).toEqual({ n: 6, calls: 2300, errors: Math.floor(2300 / 7) });
});
