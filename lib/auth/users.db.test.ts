import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { LEGACY_PASSWORD, LEGACY_SCRYPT_HASH } from "@/testing/legacy-password-hash";
import { ACCOUNT_RULE, CLIENT_RULE, FORGET_AFTER_SECONDS } from "./sign-in-throttle";
import { createUser, REFUSAL_FLOOR_MS, signInSlots, signInWithPassword, UserError } from "./users";

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
    ).rejects.toThrow(/The email ana@studio.example already has an account/);
  });

  it.each([
    [
      { email: "not-an-email", role: "owner", password: PASSWORD },
      /^The user's email must be an email address/,
    ],
    [
      { email: "a@b.example", role: "admin", password: PASSWORD },
      /^The user's role must be one of owner, manager, support/,
    ],
    [
      { email: "a@b.example", role: "support", password: "short" },
      /^The user's password must be at least 10 characters/,
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
      secondFactor: "none",
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

  it("slows the guessing client down, never the right password from a clean client", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const start = new Date("2026-11-23T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const attempt = (password: string, client: string, seconds: number) =>
      signInWithPassword(database.db, "owner@studio.example", password, { client, now: at(seconds) });
    for (let i = 0; i < ACCOUNT_RULE.free; i += 1)
      expect(await attempt("guess", "203.0.113.66", i)).toEqual({ ok: false, reason: "invalid" });
    // The guesser waits for the account: even the right password is not checked from there.
    expect(await attempt(PASSWORD, "203.0.113.66", 6)).toEqual({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: ACCOUNT_RULE.firstWaitSeconds - 2,
      by: "account",
    });
    // The guesser's waits grow: 5 s after the account's 5th failure, 10 s after the 6th.
    expect(await attempt("guess", "203.0.113.66", 10)).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(PASSWORD, "203.0.113.66", 11)).toMatchObject({
      retryAfterSeconds: 9,
      by: "account",
    });
    // The owner, from an address that has not failed, signs in at once.
    expect((await attempt(PASSWORD, "198.51.100.7", 11)).ok).toBe(true);
  });

  it("slows a client that guesses at many accounts, whatever account it tries next", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const now = new Date("2026-11-23T10:00:00Z");
    for (let i = 0; i < CLIENT_RULE.free; i += 1)
      await signInWithPassword(database.db, `user${i}@studio.example`, "guess", { client: "192.0.2.1", now });
    expect(
      await signInWithPassword(database.db, "owner@studio.example", PASSWORD, { client: "192.0.2.1", now }),
    ).toEqual({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: CLIENT_RULE.firstWaitSeconds,
      by: "client",
    });
    expect(
      (await signInWithPassword(database.db, "owner@studio.example", PASSWORD, { client: "192.0.2.2", now }))
        .ok,
    ).toBe(true);
  });

  it("forgets failures 15 minutes after the last, and the right password clears the account's", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const start = new Date("2026-11-23T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const attempt = (password: string, seconds: number) =>
      signInWithPassword(database.db, "owner@studio.example", password, {
        client: "192.0.2.9",
        now: at(seconds),
      });
    for (let i = 0; i < ACCOUNT_RULE.free; i += 1) await attempt("guess", i);
    expect(await attempt(PASSWORD, 5)).toMatchObject({ reason: "throttled", by: "account" });
    expect((await attempt(PASSWORD, 4 + FORGET_AFTER_SECONDS)).ok).toBe(true);
    for (let i = 0; i < ACCOUNT_RULE.free - 1; i += 1) await attempt("guess", 1000 + i);
    expect((await attempt(PASSWORD, 1010)).ok).toBe(true);
    await attempt("guess", 1011);
    // Only one failure counts for the account now, so there is no wait.
    expect((await attempt(PASSWORD, 1012)).ok).toBe(true);
  });

  it("signs in with a scrypt hash from before Argon2id and replaces it with Argon2id", async () => {
    const user = await createUser(database.db, {
      email: "old@studio.example",
      role: "support",
      password: PASSWORD,
    });
    await database.db.update(users).set({ passwordHash: LEGACY_SCRYPT_HASH }).where(eq(users.id, user.id));
    const hashNow = async () =>
      (await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]
        ?.hash;
    expect(await signInWithPassword(database.db, "old@studio.example", "wrong password")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await hashNow()).toBe(LEGACY_SCRYPT_HASH);
    expect((await signInWithPassword(database.db, "old@studio.example", LEGACY_PASSWORD)).ok).toBe(true);
    expect(await hashNow()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signInWithPassword(database.db, "old@studio.example", LEGACY_PASSWORD)).ok).toBe(true);
  });

  it("refuses a wrong password for an Argon2id hash, a scrypt hash and an unknown email in similar time", async () => {
    await createUser(database.db, { email: "new@studio.example", role: "support", password: PASSWORD });
    const old = await createUser(database.db, {
      email: "old@studio.example",
      role: "support",
      password: PASSWORD,
    });
    await database.db.update(users).set({ passwordHash: LEGACY_SCRYPT_HASH }).where(eq(users.id, old.id));
    const timed = async (email: string, client: string) => {
      const started = performance.now();
      expect(await signInWithPassword(database.db, email, "wrong password", { client })).toEqual({
        ok: false,
        reason: "invalid",
      });
      return performance.now() - started;
    };
    const times = [
      await timed("new@studio.example", "192.0.2.60"),
      await timed("old@studio.example", "192.0.2.61"),
      await timed("nobody@studio.example", "192.0.2.62"),
    ];
    // Each waits for the floor (Argon2id alone takes a tenth of it), the unknown email too: none
    // answers sooner. How much longer one took says nothing here: on a busy machine the hashing
    // itself can take several times the floor (a ratio failed there).
    for (const time of times) expect(time).toBeGreaterThanOrEqual(REFUSAL_FLOOR_MS - 5);
  });

  it("answers a burst of wrong passwords from one client: most are turned away as busy without a hash", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        signInWithPassword(database.db, "owner@studio.example", "guess", { client: "192.0.2.50" }),
      ),
    );
    // Two run at once (hash-slots.test.ts holds that limit exactly). Each call asks the database
    // first, so on a busy machine a check may end before the last of the burst asks: then a third
    // is checked, or — the first failure being counted as soon as it is known — a late one is
    // answered "throttled" (a fresh-clone run saw 11 busy or invalid and one throttled). Either
    // way most of a burst of twelve are turned away without a hash, and none gets in.
    const count = (reason: string) => results.filter((r) => !r.ok && r.reason === reason).length;
    const [busy, throttled, invalid] = [count("busy"), count("throttled"), count("invalid")];
    expect(busy + throttled + invalid).toBe(12);
    expect(invalid).toBeGreaterThanOrEqual(2);
    expect(busy + throttled).toBeGreaterThanOrEqual(6);
  });

  it("never lets twenty strangers' wrong passwords keep the owner's known device out, typo and all (issue 25)", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const now = new Date("2026-11-23T10:00:00Z");
    const attempt = (password: string, client: string, device?: string) =>
      signInWithPassword(database.db, "owner@studio.example", password, { client, device, now });
    // The owner's browser signed in before: the console knows it (lib/auth/known-device.ts).
    expect((await attempt(PASSWORD, "198.51.100.7", "owner-laptop")).ok).toBe(true);
    // Twenty strangers, each at an address of its own, and a colleague's typo at the office's.
    for (let i = 0; i < 20; i += 1) await attempt("guess", `203.0.113.${i + 1}`);
    await attempt("guess", "198.51.100.7");
    // A stranger that failed waits for the account; so does the office address without the device.
    expect(await attempt(PASSWORD, "203.0.113.1")).toMatchObject({ reason: "throttled", by: "account" });
    expect(await attempt(PASSWORD, "198.51.100.7")).toMatchObject({ reason: "throttled", by: "account" });
    // The owner's typo on the known device, then the right password: in.
    expect(await attempt("typo", "198.51.100.7", "owner-laptop")).toEqual({ ok: false, reason: "invalid" });
    expect((await attempt(PASSWORD, "198.51.100.7", "owner-laptop")).ok).toBe(true);
    // The device's own typos slow it down, as an account's would.
    for (let i = 0; i < ACCOUNT_RULE.free; i += 1) await attempt("typo", "198.51.100.7", "owner-laptop");
    expect(await attempt(PASSWORD, "198.51.100.7", "owner-laptop")).toMatchObject({
      reason: "throttled",
      by: "device",
    });
  });

  it("refuses a hundred concurrent wrong sign-ins without hashing beyond the line, and once throttled without hashing at all", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    // Hashes under way at once, per client and in all, seen from inside the slots. Totals would
    // depend on the machine's pace: once a check ends, an attempt that arrives later may take its
    // place (hash-slots.test.ts holds the line's exact shape with promises it controls).
    const run = signInSlots.run.bind(signInSlots);
    const hashing = new Map<string, number>();
    let peak = { all: 0, perClient: 0 };
    const spy = vi.spyOn(signInSlots, "run").mockImplementation((client, work) =>
      run(client, async () => {
        hashing.set(client, (hashing.get(client) ?? 0) + 1);
        const all = [...hashing.values()].reduce((sum, n) => sum + n, 0);
        peak = {
          all: Math.max(peak.all, all),
          perClient: Math.max(peak.perClient, hashing.get(client) ?? 0),
        };
        try {
          return await work();
        } finally {
          hashing.set(client, (hashing.get(client) ?? 1) - 1);
        }
      }),
    );
    const burst = async (client: (i: number) => string) => {
      const before = { ...signInSlots.counts };
      peak = { all: 0, perClient: 0 };
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          signInWithPassword(database.db, "owner@studio.example", "guess", { client: client(i) }),
        ),
      );
      const busy = results.filter((r) => !r.ok && r.reason === "busy").length;
      // A refusal is counted as soon as it is known: an attempt whose throttle read comes later is
      // answered "throttled" without reaching the line (a fresh-clone run saw one of a hundred).
      const throttled = results.filter((r) => !r.ok && r.reason === "throttled").length;
      return {
        results,
        busy,
        throttled,
        peak,
        ran: signInSlots.counts.ran - before.ran,
        refused: signInSlots.counts.refused - before.refused,
      };
    };
    try {
      // A hundred addresses at once: two hashes at a time, never more; the line full, the rest "busy" unhashed.
      const many = await burst((i) => `203.0.113.${i + 1}`);
      expect(many.peak.all).toBe(2);
      expect(many.ran).toBeGreaterThanOrEqual(10);
      expect(many.refused).toBeGreaterThan(0);
      expect(many.ran + many.refused + many.throttled).toBe(100);
      expect(many.busy).toBe(many.refused);
      expect(many.results.every((r) => !r.ok && ["busy", "invalid", "throttled"].includes(r.reason))).toBe(
        true,
      );
      // One address at once: two of its checks at a time, the others "busy"; then, its count past
      // the free ones, none at all.
      const one = await burst(() => "192.0.2.77");
      expect(one.peak.perClient).toBe(2);
      expect(one.ran).toBeGreaterThanOrEqual(2);
      expect(one.refused).toBeGreaterThan(0);
      expect(one.ran + one.refused + one.throttled).toBe(100);
      expect(one.busy).toBe(one.refused);
      for (let i = 0; i < CLIENT_RULE.free; i += 1)
        await signInWithPassword(database.db, `user${i}@studio.example`, "guess", { client: "192.0.2.78" });
      const throttled = await burst(() => "192.0.2.78");
      expect(throttled.ran).toBe(0);
      expect(throttled.refused).toBe(0);
      expect(throttled.results.every((r) => !r.ok && r.reason === "throttled")).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
