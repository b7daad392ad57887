import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "@/testing/service/harness";
import { rows } from "../domain/sql-rows";
import type { ServiceDatabase } from "./connection";

/**
 * Text parameters given as bytes (the request log's segments: service/domain/request-log.ts) go
 * to the database as UTF-8 on both drivers; on PGlite, service/db/connection.ts hands them over
 * as they are instead of making a string of them.
 */
let database: ServiceDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
});

afterAll(async () => {
  await database?.close();
});

const TEXT = 'Grüße, 世界 🎮 "quoted" \\ back, {braces}';

it("reads bytes given for a text parameter as their UTF-8 text, exactly", async () => {
  const [row] = await rows<{ text: string; chars: number; bytes: number; array: string[] }>(
    database.db,
    sql`select ${Buffer.from(TEXT)}::text as text, length(${Buffer.from(TEXT)}::text) as chars,
               octet_length(${Buffer.from(TEXT)}::text) as bytes,
               ${Buffer.from('{"a,b","🎮",""}')}::text::text[] as array`,
  );
  expect(row).toEqual({
    text: TEXT,
    chars: [...TEXT].length,
    bytes: Buffer.byteLength(TEXT),
    array: ["a,b", "🎮", ""],
  });
});

it("keeps strings and dates as text parameters as before", async () => {
  const [row] = await rows<{ text: string; at: string }>(
    database.db,
    sql`select ${TEXT}::text as text,
               to_char((${new Date("2026-11-26T10:00:00.123Z")}::text)::timestamptz at time zone 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS.MS') as at`,
  );
  expect(row).toEqual({ text: TEXT, at: "2026-11-26T10:00:00.123" });
});

it("refuses bytes that are not UTF-8, naming the encoding", async () => {
  await expect(
    rows(database.db, sql`select ${Buffer.from([0x61, 0xff, 0xfe])}::text as text`),
  ).rejects.toMatchObject({
    cause: { message: expect.stringMatching(/invalid byte sequence for encoding "UTF8"/) },
  });
});

it.runIf(process.env.TEST_DB === "pglite")(
  "on PGlite keeps each statement prepared, in and out of a transaction, and answers it anew each time",
  async () => {
    const kept = async () =>
      (await rows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`)).map(
        (row) => row.statement,
      );
    const read = (n: number) => rows<{ n: number }>(database.db, sql`select ${n}::int * 2 as n`);
    expect(await read(2)).toEqual([{ n: 4 }]);
    expect(await read(3)).toEqual([{ n: 6 }]);
    expect((await kept()).filter((text) => text === "select $1::int * 2 as n")).toHaveLength(1);
    await database.db.transaction(async (tx) => {
      expect(await rows(tx, sql`select ${5}::int + 1 as n`)).toEqual([{ n: 6 }]);
    });
    expect(await kept()).toContain("select $1::int + 1 as n");
  },
);
