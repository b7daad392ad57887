import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase, ConsoleDb } from "@/lib/db/connection";
import { anotherInstance, createConsoleTestDatabase } from "@/testing/console-database";
import { auditRowsInOrder, pruneAuditLog, readAuditPage, recordAudit, verifyAuditLog } from "./audit-log";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const actor = { id: 1, email: "owner@studio.example", client: "203.0.113.9", userAgent: "test" };

async function write(db: ConsoleDb, n: number, kind: "user.created" | "wallet.funded" = "user.created") {
  for (let i = 0; i < n; i++) await recordAudit(db, actor, { kind, summary: `event ${i}`, detail: { i } });
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error) => error,
  );

describe("the audit log", () => {
  it("chains each row to the one before it, and verifies", async () => {
    await write(database.db, 5);
    const { rows } = await readAuditPage(database.db, {}, { limit: 10 });
    expect(rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.at(-1)?.prevHash).toBe("0".repeat(64));
    for (let i = 0; i < rows.length - 1; i++) expect(rows[i]?.prevHash).toBe(rows[i + 1]?.hash);
    expect(await verifyAuditLog(database.db)).toEqual({
      ok: true,
      rows: 5,
      headId: 5,
      headHash: rows[0]?.hash,
    });
  });

  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    await write(database.db, 2);
    for (const statement of [
      sql`update console.audit_log set summary = 'nothing happened' where id = 1`,
      sql`delete from console.audit_log where id = 2`,
      sql`truncate console.audit_log`,
    ]) {
      const error = await errorOf(database.db.execute(statement));
      expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/append-only/);
    }
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 2 });
  });

  it("names the first broken row when a row is changed, or removed, with the triggers disabled", async () => {
    await write(database.db, 6);
    await database.db.execute(sql`alter table console.audit_log disable trigger user`);
    await database.db.execute(sql`update console.audit_log set summary = 'edited' where id = 4`);
    await database.db.execute(sql`update console.audit_log set detail = '{"i": 99}' where id = 5`);
    await database.db.execute(sql`alter table console.audit_log enable trigger user`);
    expect(await verifyAuditLog(database.db)).toMatchObject({
      ok: false,
      brokenId: 4,
      problem: /was changed/,
    });

    // Rows taken out of the middle are found even when every remaining row is intact.
    const fresh = await createConsoleTestDatabase();
    try {
      await write(fresh.db, 6);
      await fresh.db.execute(sql`alter table console.audit_log disable trigger user`);
      await fresh.db.execute(sql`delete from console.audit_log where id in (3, 4)`);
      await fresh.db.execute(sql`alter table console.audit_log enable trigger user`);
      expect(await verifyAuditLog(fresh.db)).toMatchObject({ ok: false, brokenId: 5, problem: /ids 3 to 4/ });
    } finally {
      await fresh.close();
    }
  });

  it("filters by actor, kind and dates, pages by keyset, and reads everything in order", async () => {
    await write(database.db, 3, "user.created");
    await write(database.db, 4, "wallet.funded");
    const funded = await readAuditPage(database.db, { kind: "wallet.funded" }, { limit: 3 });
    expect(funded.rows.map((r) => r.id)).toEqual([7, 6, 5]);
    const next = await readAuditPage(
      database.db,
      { kind: "wallet.funded" },
      { limit: 3, before: funded.nextBefore ?? 0 },
    );
    expect(next).toMatchObject({ rows: [{ id: 4 }], nextBefore: null });
    expect(
      (await readAuditPage(database.db, { actor: "OWNER@studio.example" }, { limit: 50 })).rows,
    ).toHaveLength(7);
    expect(
      (await readAuditPage(database.db, { actor: "else@studio.example" }, { limit: 50 })).rows,
    ).toHaveLength(0);
    expect(
      (await readAuditPage(database.db, { from: new Date(Date.now() + 60_000) }, { limit: 50 })).rows,
    ).toHaveLength(0);
    const all: number[] = [];
    for await (const row of auditRowsInOrder(database.db, {}, 2)) all.push(row.id);
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("retention removes the oldest rows, says so in the log, and the chain still verifies", async () => {
    await write(database.db, 4);
    expect(await pruneAuditLog(database.db, 30)).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await pruneAuditLog(database.db, 30, later)).toBe(3); // the newest row stays
    const { rows } = await readAuditPage(database.db, {}, { limit: 10 });
    expect(rows.map((r) => [r.id, r.kind])).toEqual([
      [5, "audit.pruned"],
      [4, "user.created"],
    ]);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 2 });
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "two console instances writing at once still form one valid chain",
    async () => {
      const [first, second] = (await Promise.all([anotherInstance(database), anotherInstance(database)])) as [
        ConsoleDatabase,
        ConsoleDatabase,
      ];
      try {
        const writers = [first, second].flatMap((instance) =>
          Array.from({ length: 4 }, () => write(instance.db, 25)),
        );
        await Promise.all(writers);
        expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 200, headId: 200 });
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
  );
});
