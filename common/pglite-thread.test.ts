import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { type OpenDatabase, openDatabase } from "./database";
import { openPgliteThread } from "./pglite-thread";

const temp = testFolders("pglite-thread");

/**
 * docs/architecture.md, "The console's embedded database runs on a thread of its own": the same
 * answers, refusals and transactions as PGlite in the caller's thread (the values below are what
 * PGlite there answers through drizzle), while the caller's thread stays free during a statement.
 * Few threads, opened up front and ended at the end: a thread that runs PGlite's WebAssembly
 * starting or ending while another runs has, now and then, aborted V8 (nodejs/node#64500).
 */

/** The rows of a raw statement (drizzle types them loosely for both drivers). */
const rowsOf = async (answer: Promise<unknown>) =>
  ((await answer) as { rows: Record<string, unknown>[] }).rows;

const folder = () => join(temp.next(), "db");

let threaded: OpenDatabase<Record<string, never>>;

const SETUP = sql`create table t (
  id serial primary key, name text unique, amount numeric(38, 18), at timestamptz, day date,
  wait interval, tags text[], doc jsonb, raw bytea, big bigint, flag boolean, stamps timestamptz[])`;
const ROW = sql`insert into t (name, amount, at, day, wait, tags, doc, raw, big, flag, stamps) values
  ('a', '12345678901234567890.000000000000000001', '2026-11-27 10:00:00+00', '2026-11-27', '1 day 2 hours',
   array['x', 'y'], '{"k": [1, "2"]}', '\\x0102', 9007199254740993, true,
   array['2026-01-01 00:00:00+00'::timestamptz]), ('b', null, null, null, null, null, null, null, null, null, null)`;

beforeAll(async () => {
  threaded = await openDatabase({ driver: "pglite", folder: folder(), ownThread: true }, {}, "TEST_URL");
  await threaded.db.execute(SETUP);
  await threaded.db.execute(ROW);
});

afterAll(async () => {
  await threaded?.close();
});

describe("PGlite on a thread of its own", () => {
  it("answers every type as PGlite in the caller's thread does (amounts as exact text)", async () => {
    // Only the set-up's rows: other tests add their own, in any order (vitest may shuffle them).
    const rows = await rowsOf(threaded.db.execute(sql`select * from t where name in ('a', 'b') order by id`));
    expect(rows).toEqual([
      {
        id: 1,
        name: "a",
        amount: "12345678901234567890.000000000000000001",
        // drizzle's raw statements keep dates, intervals and their arrays as PostgreSQL wrote them.
        at: "2026-11-27 10:00:00+00",
        day: "2026-11-27",
        wait: "1 day 02:00:00",
        tags: ["x", "y"],
        doc: { k: [1, "2"] },
        raw: new Uint8Array([1, 2]),
        big: 9007199254740993n,
        flag: true,
        stamps: '{"2026-01-01 00:00:00+00"}',
      },
      {
        id: 2,
        name: "b",
        amount: null,
        at: null,
        day: null,
        wait: null,
        tags: null,
        doc: null,
        raw: null,
        big: null,
        flag: null,
        stamps: null,
      },
    ]);
  });

  it("refuses a statement with PostgreSQL's code, constraint and message, and goes on", async () => {
    const refusal = await threaded.db
      .execute(sql`insert into t (name) values ('a')`)
      .catch((error: unknown) => error);
    const cause = (refusal as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: "23505", constraint: "t_name_key" });
    expect(String(cause?.message)).toMatch(/duplicate key value violates unique constraint "t_name_key"/);
    expect(await rowsOf(threaded.db.execute(sql`select count(*)::int as n from t where name = 'a'`))).toEqual(
      [{ n: 1 }],
    );
  });

  it("commits a transaction, rolls back one that throws or asks to, and keeps an inner savepoint apart", async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('committed')`);
    });
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (name) values ('thrown')`);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    await threaded.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (name) values ('asked')`);
        tx.rollback();
      })
      .catch(() => undefined);
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (name) values ('inner')`);
          throw new Error("inner only");
        })
        .catch(() => undefined);
    });
    const names = await rowsOf(
      threaded.db.execute(
        sql`select name from t where name in ('committed', 'thrown', 'asked', 'outer', 'inner') order by id`,
      ),
    );
    expect(names).toEqual([{ name: "committed" }, { name: "outer" }]);
  });

  it("a statement from outside waits until an open transaction ends, as on one connection", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('first')`);
      outside = threaded.db
        .execute(sql`insert into t (name) values ('second')`)
        .then(() => order.push("outside"));
      await tx.execute(sql`select pg_sleep(0.05)`);
      order.push("transaction");
    });
    await outside;
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("leaves the caller's thread free while a statement runs", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      if (!running) return;
      turns += 1;
      setImmediate(spin);
    };
    spin();
    const start = turns;
    await threaded.db.execute(sql`select pg_sleep(0.3)`);
    running = false;
    // PGlite in the caller's thread runs the whole statement synchronously: no turn at all.
    expect(turns - start).toBeGreaterThan(10);
  });

  it("keeps statements prepared: the same answers for new values, after a table changes, and past the limit", async () => {
    const thread = await openPgliteThread({ folder: folder(), durability: "fast", keptStatements: 2 });
    try {
      await thread.exec(
        "create table k (n int, label text); insert into k values (1, 'one'), (2, 'two'), (3, 'three')",
      );
      const byNumber = "select * from k where n = $1";
      // More than five runs: PostgreSQL may switch a kept statement to its generic plan.
      for (const n of [1, 2, 3, 1, 2, 3, 1, 2, 3])
        expect((await thread.query(byNumber, [n])).rows).toEqual([
          { n, label: ["one", "two", "three"][n - 1] },
        ]);
      // A column added changes what `*` means: the kept plan is made again, not answered stale.
      await thread.exec("alter table k add column extra text default 'x'");
      expect((await thread.query(byNumber, [2])).rows).toEqual([{ n: 2, label: "two", extra: "x" }]);
      // Past the limit of two, the least used is closed and prepared again when it comes back.
      expect((await thread.query("select count(*)::int as c from k", [])).rows).toEqual([{ c: 3 }]);
      expect((await thread.query("select max(n) as m from k", [])).rows).toEqual([{ m: 3 }]);
      expect((await thread.query(byNumber, [3])).rows).toEqual([{ n: 3, label: "three", extra: "x" }]);
      // A refused run leaves nothing half-done: the next statements answer.
      await expect(thread.query("select n / $1 from k", [0])).rejects.toMatchObject({ code: "22012" });
      expect((await thread.query(byNumber, [1])).rows).toEqual([{ n: 1, label: "one", extra: "x" }]);
    } finally {
      await thread.close();
    }
  });
  it("says why a database cannot open, and refuses statements after close", async () => {
    const file = join(temp.next(), "a-file");
    writeFileSync(file, "not a folder");
    await expect(openPgliteThread({ folder: file, durability: "durable" })).rejects.toThrow(/./);
    const thread = await openPgliteThread({ folder: folder(), durability: "fast" });
    expect((await thread.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await thread.close();
    await expect(thread.query("select 1")).rejects.toThrow(/thread stopped/);
  });
});
