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
 * Migration 0013 moves the request log from a row per call into segments, and 0014 rewrites the
 * segments' entries shorter (docs/service.md, "Request log"): the entries a service upgraded in
 * place had logged must read the same after each.
 */
let database: ServiceDatabase;
let dropDatabase = async () => {};
let rowsFolder: string;
let segmentsFolder: string;

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
  rowsFolder = folderBefore("0013_request_log_segments");
  segmentsFolder = folderBefore("0014_request_log_kinds");
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
  for (const folder of [rowsFolder, segmentsFolder]) rmSync(folder, { recursive: true, force: true });
});

/** The columns the old table and the view share (the view adds `ip`). */
const COLUMNS = sql`l.id::text as id, project_id, key_id, method, route, status, duration_us, error_code, error,
  request_id, customer_id, caller_request_id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at`;

const byProject = (entries: Record<string, unknown>[]) =>
  [...entries].sort((a, b) => Number(a.project_id) - Number(b.project_id));
const withoutIds = (entries: Record<string, unknown>[]) => entries.map(({ id: _id, ...entry }) => entry);
const logged = () =>
  rows<Record<string, unknown>>(
    database.db,
    sql`select ${COLUMNS}, ip from service.request_log l order by l.project_id, l.id`,
  );

/** A segment of migration 0013's layout, with what the service's writes put in it: places and counters. */
const TOKENS = "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID";
const PREFIX = "abcdef01-2345-8678-9abc-";
const LAYOUT_0013 = JSON.stringify([
  [0, 7, 0, 200, 1500, 0, 5],
  [3, 7, 0, 200, 1600, 1, 6],
  [1, 7, 1, 409, 20, null, "caller-x", "REQUEST_ID_REUSED", "dup", 0],
  [2, 8, 0, 200, 1700, 0, 4, null, null, null, "203.0.113.9"],
]);

it("keeps every entry of the old table and of 0013's segments, in order, with every column", async () => {
  await migrateDatabase(database, { folder: rowsFolder, schema: "service" });
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
    sql`select ${COLUMNS}, null as ip from service.request_log l order by l.id`,
  );
  expect(before).toHaveLength(2300);

  // 0013: a segment per project and thousand ids.
  await migrateDatabase(database, { folder: segmentsFolder, schema: "service" });
  const asSegments = await logged();
  expect(withoutIds(asSegments)).toEqual(withoutIds(byProject(before)));
  const [segments] = await rows<{ n: number; calls: number; errors: number }>(
    database.db,
    sql`select count(*)::int as n, sum(entry_count)::int as calls, sum(error_count)::int as errors
          from service.request_log_segments`,
  );
  expect(segments).toEqual({ n: 6, calls: 2300, errors: Math.floor(2300 / 7) });
  // And one as 0013's writes made them: places, counters, an IP.
  await database.db.execute(sql`
    insert into service.request_log_segments (project_id, first_at, last_at, entry_count, error_count, key_ids,
                statuses, methods, routes, customer_ids, request_ids, id_prefix, entries)
    values (3, '2026-11-25T08:00:00.100Z', '2026-11-25T08:00:00.103Z', 4, 1, '{7,8}', '{200,409}', '{GET,POST}',
            ${`{"${TOKENS}","/AwardTokens"}`}, '{p-a,p-b}', '{rq-z}', ${PREFIX}, ${LAYOUT_0013})`);
  const written = await logged();
  expect(written.slice(-4)).toEqual(
    [
      ["100", 7, "GET", TOKENS, 200, 1500, null, null, null, "p-a", `${PREFIX}000000000005`, null],
      ["103", 7, "GET", TOKENS, 200, 1600, null, null, null, "p-b", `${PREFIX}000000000006`, null],
      ["101", 7, "POST", "/AwardTokens", 409, 20, "REQUEST_ID_REUSED", "dup", "rq-z", null, "caller-x", null],
      ["102", 8, "GET", TOKENS, 200, 1700, null, null, null, "p-a", `${PREFIX}000000000004`, "203.0.113.9"],
    ].map(
      ([ms, keyId, method, route, status, us, errorCode, error, requestId, customerId, caller, ip], n) => ({
        id: (written.at(-4 + n) as { id: string }).id,
        project_id: 3,
        key_id: keyId,
        method,
        route,
        status,
        duration_us: us,
        error_code: errorCode,
        error,
        request_id: requestId,
        customer_id: customerId,
        caller_request_id: caller,
        ip,
        at: `2026-11-25T08:00:00.${ms}`,
      }),
    ),
  );

  // 0014: the same calls, under the same ids, from the shorter entries.
  await migrateDatabase(database, { folder: migrationsFolder, schema: "service" });
  expect(await logged()).toEqual(written);
  const [rewritten] = await rows<Record<string, unknown>>(
    database.db,
    sql`select key_ids, statuses, methods, routes, entries from service.request_log_segments where project_id = 3`,
  );
  expect({ ...rewritten, entries: JSON.parse(String(rewritten?.entries)) }).toEqual({
    key_ids: [7, 7, 8],
    statuses: [200, 409, 200],
    methods: ["GET", "POST", "GET"],
    routes: [TOKENS, "/AwardTokens", TOKENS],
    entries: [
      [0, 0, 1500, 0, 5],
      [3, 0, 1600, 1, 1],
      [-2, 1, 20, null, "caller-x", "REQUEST_ID_REUSED", "dup", 0],
      [1, 2, 1700, 0, -2, null, null, null, "203.0.113.9"],
    ],
  });
});
