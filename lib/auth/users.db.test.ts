import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/lib/db/test-database";
import { createUser, signInWithPassword, THROTTLE, UserError } from "./users";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const PASSWORD = "correct horse battery";

describe("console users", () => {
  it("creates a user with a lower-cased email and refuses a second account for it in any case", async () => {
    const user = await createUser(database.db, {
      email: "Ana@Studio.Example",
      role: "manager",
      password: PASSWORD,
    });
    expect(user).toMatchObject({ email: "ana@studio.example", role: "manager", active: true });
    await expect(
      createUser(database.db, { email: "ANA@studio.example", role: "owner", password: PASSWORD }),
    ).rejects.toThrow(/email ana@studio.example already has an account/);
  });

  it.each([
    [{ email: "not-an-email", role: "owner", password: PASSWORD }, /^email must be an email address/],
    [
      { email: "a@b.example", role: "admin", password: PASSWORD },
      /^role must be one of owner, manager, support/,
    ],
    [
      { email: "a@b.example", role: "support", password: "short" },
      /^password must be at least 10 characters/,
    ],
  ])("refuses bad input naming the field and the rule: %o", async (input, message) => {
    const error = await createUser(database.db, input as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(message);
  });

  it("signs in with the right password in any email case; refuses wrong, unknown and deactivated alike", async () => {
    const user = await createUser(database.db, {
      email: "support@studio.example",
      role: "support",
      password: PASSWORD,
    });
    expect(await signInWithPassword(database.db, " Support@Studio.example ", PASSWORD)).toEqual({
      ok: true,
      user,
    });
    expect(await signInWithPassword(database.db, "support@studio.example", "wrong password")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await signInWithPassword(database.db, "nobody@studio.example", PASSWORD)).toEqual({
      ok: false,
      reason: "invalid",
    });
    await database.db.execute(
      (await import("drizzle-orm")).sql`update console.users set active = false where id = ${user.id}`,
    );
    expect(await signInWithPassword(database.db, "support@studio.example", PASSWORD)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it(`slows an account down after ${THROTTLE.failures} wrong passwords in ${THROTTLE.windowSeconds} s, even for the right one, until the window ends`, async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const start = new Date("2026-11-23T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < THROTTLE.failures; i += 1) {
      expect((await signInWithPassword(database.db, "owner@studio.example", "guess", at(i))).ok).toBe(false);
    }
    expect(await signInWithPassword(database.db, "owner@studio.example", PASSWORD, at(10))).toEqual({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: THROTTLE.windowSeconds - 10,
    });
    // Another account is not affected.
    await createUser(database.db, { email: "other@studio.example", role: "owner", password: PASSWORD });
    expect((await signInWithPassword(database.db, "other@studio.example", PASSWORD, at(10))).ok).toBe(true);
    // After the window, the right password works and clears the count.
    expect((await signInWithPassword(database.db, "owner@studio.example", PASSWORD, at(61))).ok).toBe(true);
    expect((await signInWithPassword(database.db, "owner@studio.example", "guess", at(62))).ok).toBe(false);
    expect((await signInWithPassword(database.db, "owner@studio.example", PASSWORD, at(63))).ok).toBe(true);
  });
});
