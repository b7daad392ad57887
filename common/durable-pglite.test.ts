import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { testFolders } from "@/testing/temp-folders";

const temp = testFolders("durable");

/**
 * docs/service.md, "Durability": a PGlite folder commits durably unless told "fast" — a commit
 * returns only after its WAL was synced to disk through Node's fsync. Counted by wrapping
 * node:fs's fsyncSync, which is the only way PGlite's writes reach the disk's cache-flush.
 */
const fsyncs = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const fsyncSync = (fd: number) => {
    fsyncs.count += 1;
    return actual.fsyncSync(fd);
  };
  return { ...actual, default: { ...actual, fsyncSync }, fsyncSync };
});

const { openDatabase } = await import("./database");

/** How many fsyncs one committed insert costs, in a fresh folder opened as `durability` says. */
async function fsyncsPerCommit(durability?: "durable" | "fast"): Promise<number> {
  const folder = join(temp.next(), "db");
  const database = await openDatabase(
    { driver: "pglite", folder, ...(durability ? { durability } : {}) },
    {},
    "TEST_URL",
  );
  try {
    await database.db.execute(sql`create table t (n int)`);
    const before = fsyncs.count;
    await database.db.execute(sql`insert into t values (1)`);
    return fsyncs.count - before;
  } finally {
    await database.close();
  }
}

describe("embedded database durability", () => {
  it("by default a commit is synced to disk before it returns", async () => {
    expect(await fsyncsPerCommit()).toBeGreaterThan(0);
  });

  it('"fast" skips the sync (what SERVICE_PGLITE_DURABILITY=fast trades away)', async () => {
    expect(await fsyncsPerCommit("fast")).toBe(0);
  });
});
