import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { users } from "@/lib/db/schema";
import type { EncryptionKeys } from "@/lib/secret-box";
import { createConsoleTestDatabase } from "@/testing/console-database";
import {
  beginEnrolment,
  completeEnrolment,
  removeSecondFactor,
  rotateTotpSecrets,
  totpCodeAt,
} from "./second-factor";
import { ACCOUNT_RULE } from "./sign-in-throttle";
import { createUser, signInWithPassword } from "./users";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const keys: EncryptionKeys = [randomBytes(32).toString("base64url")];
const PASSWORD = "long enough password";
const EMAIL = "owner@studio.example";
const t0 = new Date("2026-11-25T10:00:00Z");
const seconds = (n: number) => new Date(t0.getTime() + n * 1000);

async function enrolled() {
  const user = await createUser(database.db, { email: EMAIL, role: "owner", password: PASSWORD });
  const enrolment = beginEnrolment(keys, user);
  const codes = await completeEnrolment(
    database.db,
    keys,
    user.id,
    enrolment.pending,
    totpCodeAt(enrolment.secret, t0),
    t0,
  );
  return { user, secret: enrolment.secret, codes };
}

const signIn = (code: string | undefined, at: Date, client = "192.0.2.20") =>
  signInWithPassword(database.db, EMAIL, PASSWORD, { code, keys, now: at, client });

describe("TOTP second factor", () => {
  it("enrols with a QR-code URI and a current code, stores the secret sealed, and gives ten recovery codes", async () => {
    const user = await createUser(database.db, { email: EMAIL, role: "owner", password: PASSWORD });
    const enrolment = beginEnrolment(keys, user);
    expect(enrolment.uri).toMatch(
      /^otpauth:\/\/totp\/Game%20Commerce%20Console:owner%40studio\.example\?.*secret=[A-Z2-7]+/,
    );
    await expect(
      completeEnrolment(database.db, keys, user.id, enrolment.pending, "000000", t0),
    ).rejects.toThrow(/code does not match/);
    // A set-up sealed for one user does not enrol another.
    const other = await createUser(database.db, {
      email: "x@studio.example",
      role: "owner",
      password: PASSWORD,
    });
    await expect(
      completeEnrolment(database.db, keys, other.id, enrolment.pending, totpCodeAt(enrolment.secret, t0), t0),
    ).rejects.toThrow(/belongs to someone else/);
    const codes = await completeEnrolment(
      database.db,
      keys,
      user.id,
      enrolment.pending,
      totpCodeAt(enrolment.secret, t0),
      t0,
    );
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecretCiphertext).toMatch(/^v2\./);
    expect(row?.totpSecretCiphertext).not.toContain(enrolment.secret);
  });

  it("asks for a code after the right password, signs in with the current one, and never takes a code twice", async () => {
    const { secret } = await enrolled();
    expect(await signIn(undefined, seconds(60))).toEqual({ ok: false, reason: "code-required" });
    // The code the enrolment used is spent: its step is not accepted again.
    expect(await signIn(totpCodeAt(secret, t0), seconds(10))).toEqual({ ok: false, reason: "invalid-code" });
    const now = seconds(90);
    expect(await signIn(totpCodeAt(secret, now), now)).toMatchObject({ ok: true, secondFactor: "totp" });
    expect(await signIn(totpCodeAt(secret, now), seconds(95))).toEqual({ ok: false, reason: "invalid-code" });
    // One step of clock drift either way is allowed.
    expect(await signIn(totpCodeAt(secret, seconds(150)), seconds(125))).toMatchObject({ ok: true });
    expect(await signIn("123456", seconds(300))).toEqual({ ok: false, reason: "invalid-code" });
  });

  it("counts wrong codes like wrong passwords: the account slows down", async () => {
    const { secret } = await enrolled();
    for (let i = 0; i < ACCOUNT_RULE.free; i += 1)
      expect(await signIn("000000", seconds(60 + i))).toMatchObject({ reason: "invalid-code" });
    expect(await signIn(totpCodeAt(secret, seconds(66)), seconds(66))).toMatchObject({
      reason: "throttled",
      by: "account",
    });
  });

  it("takes each recovery code once, in any case and with or without its dash", async () => {
    const { codes } = await enrolled();
    const [first = "", second = ""] = codes;
    expect(await signIn(first.toUpperCase().replace("-", " "), seconds(60))).toMatchObject({
      ok: true,
      secondFactor: "recovery-code",
      recoveryCodesLeft: 9,
    });
    expect(await signIn(first, seconds(61))).toEqual({ ok: false, reason: "invalid-code" });
    expect(await signIn(second.replace("-", ""), seconds(62))).toMatchObject({
      ok: true,
      recoveryCodesLeft: 8,
    });
  });

  it("after a reset the account signs in with the password alone", async () => {
    const { user } = await enrolled();
    await removeSecondFactor(database.db, user.id);
    expect(await signIn(undefined, seconds(60))).toMatchObject({ ok: true, secondFactor: "none" });
  });

  it("secrets:rotate seals TOTP secrets with the newest key; a secret no given key opens stops it with nothing changed", async () => {
    const { secret } = await enrolled();
    const newer = randomBytes(32).toString("base64url");
    expect(await rotateTotpSecrets(database.db, [newer, ...keys])).toEqual({ renewed: 1, already: 0 });
    expect(await rotateTotpSecrets(database.db, [newer, ...keys])).toEqual({ renewed: 0, already: 1 });
    // The old key can go: the code opens with the newest alone.
    const now = seconds(90);
    expect(
      await signInWithPassword(database.db, EMAIL, PASSWORD, {
        code: totpCodeAt(secret, now),
        keys: [newer],
        now,
        client: "192.0.2.30",
      }),
    ).toMatchObject({ ok: true, secondFactor: "totp" });
    const [before] = await database.db.select({ box: users.totpSecretCiphertext }).from(users);
    await expect(rotateTotpSecrets(database.db, [randomBytes(32).toString("base64url")])).rejects.toThrow(
      /The second factor of owner@studio\.example cannot be opened with the given keys/,
    );
    const [after] = await database.db.select({ box: users.totpSecretCiphertext }).from(users);
    expect(after?.box).toBe(before?.box);
  });
});
