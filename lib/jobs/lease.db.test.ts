import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { takeLease } from "./lease";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("a background job's lease", () => {
  it("is held by one instance at a time, renewed by its holder, and taken over once it expires", async () => {
    const { db } = database;
    expect(await takeLease(db, "jobs", "instance-a", 30)).toBe(true);
    expect(await takeLease(db, "jobs", "instance-b", 30)).toBe(false);
    expect(await takeLease(db, "jobs", "instance-a", 30)).toBe(true);
    // Another job's lease is its own.
    expect(await takeLease(db, "other", "instance-b", 30)).toBe(true);
    await db.execute(
      sql`update console.job_leases set expires_at = now() - interval '1 second' where name = 'jobs'`,
    );
    expect(await takeLease(db, "jobs", "instance-b", 30)).toBe(true);
    expect(await takeLease(db, "jobs", "instance-a", 30)).toBe(false);
  });

  it("goes to exactly one of several instances asking at once", async () => {
    const holders = Array.from({ length: 8 }, (_, i) => `instance-${i}`);
    const won = await Promise.all(holders.map((holder) => takeLease(database.db, "race", holder, 30)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
