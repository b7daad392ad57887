import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import type { ConsoleDatabase } from "@/lib/db/connection";
import type { EncryptionKeys } from "@/lib/secret-box";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { enrolSecondFactor, resetSecondFactor, signOutSession } from "./account";
import { beginEnrolment, totpCodeAt } from "./second-factor";
import { findSignedIn, type SignedIn, startSession } from "./sessions";
import { createUser } from "./users";

/**
 * A change of someone's second factor ends their other sessions, and the audit row says how many
 * (docs/console.md, "Sessions", "Two-factor sign-in").
 */

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const keys: EncryptionKeys = [randomBytes(32).toString("base64url")];
const OWNER = { id: null, email: "owner@studio.example", client: "192.0.2.1", userAgent: "test" };

async function manager() {
  return createUser(database.db, {
    email: "ana@studio.example",
    role: "manager",
    password: "long enough password",
  });
}
const open = (userId: number, secondFactor = false) =>
  startSession(database.db, userId, { client: "192.0.2.5", userAgent: "test", secondFactor });
async function signedIn(sessionId: string, userId: number): Promise<SignedIn> {
  const found = await findSignedIn(database.db, sessionId, userId);
  if (!found) throw new Error("the session should be open");
  return found;
}
async function enrol(by: SignedIn): Promise<string[]> {
  const enrolment = beginEnrolment(keys, by.user);
  const actor = { id: by.user.id, email: by.user.email, client: "192.0.2.5", userAgent: "test" };
  return enrolSecondFactor(
    database.db,
    keys,
    by,
    enrolment.pending,
    totpCodeAt(enrolment.secret, new Date()),
    actor,
  );
}
const auditOf = async (kind: string) => (await readAuditPage(database.db, { kind }, { limit: 10 })).rows;

describe("a change of second factor ends the account's other sessions", () => {
  it("the first enrolment ends every other session, opened with the password alone; the enrolling one goes on with its second factor given", async () => {
    const ana = await manager();
    const older = await open(ana.id);
    const enrolling = await open(ana.id);
    const bo = await createUser(database.db, {
      email: "bo@studio.example",
      role: "support",
      password: "long enough password",
    });
    const someoneElse = await open(bo.id);

    // A wrong code changes nothing: no factor, no session ended.
    const enrolment = beginEnrolment(keys, ana);
    await expect(
      enrolSecondFactor(database.db, keys, await signedIn(enrolling, ana.id), enrolment.pending, "000000", {
        ...OWNER,
        email: ana.email,
      }),
    ).rejects.toThrow(/code does not match/);
    expect(await findSignedIn(database.db, older, ana.id)).not.toBeNull();

    expect(await enrol(await signedIn(enrolling, ana.id))).toHaveLength(10);

    expect(await findSignedIn(database.db, older, ana.id)).toBeNull();
    const still = await signedIn(enrolling, ana.id);
    expect(still.user.mfaEnrolled).toBe(true);
    expect(still.session.secondFactorAt).not.toBeNull();
    expect(await findSignedIn(database.db, someoneElse, bo.id)).not.toBeNull();
    const [row] = await auditOf("mfa.enrolled");
    expect(row).toMatchObject({
      actorEmail: ana.email,
      summary: "Set up two-factor sign-in; 1 other session(s) ended",
      detail: { sessionsEnded: 1 },
    });
  });

  it("replacing the authenticator ends the other sessions too, and says how many", async () => {
    const ana = await manager();
    const first = await open(ana.id);
    await enrol(await signedIn(first, ana.id));
    const [elsewhere, again] = [await open(ana.id, true), await open(ana.id, true)];
    await enrol(await signedIn(first, ana.id));
    expect(await findSignedIn(database.db, elsewhere, ana.id)).toBeNull();
    expect(await findSignedIn(database.db, again, ana.id)).toBeNull();
    expect(await findSignedIn(database.db, first, ana.id)).not.toBeNull();
    const [row] = await auditOf("mfa.enrolled");
    expect(row).toMatchObject({
      summary: "Replaced their authenticator and recovery codes; 2 other session(s) ended",
      detail: { sessionsEnded: 2 },
    });
  });

  it("an owner's reset ends every session of the person, and says how many", async () => {
    const ana = await manager();
    const first = await open(ana.id);
    await enrol(await signedIn(first, ana.id));
    const second = await open(ana.id, true);
    await resetSecondFactor(database.db, ana, OWNER);
    expect(await findSignedIn(database.db, first, ana.id)).toBeNull();
    expect(await findSignedIn(database.db, second, ana.id)).toBeNull();
    const [row] = await auditOf("mfa.reset");
    expect(row).toMatchObject({ actorEmail: OWNER.email, detail: { sessionsEnded: 2 } });
  });
});

describe("signing out", () => {
  it("ends this session only, and the audit log says so", async () => {
    const ana = await manager();
    const [mine, other] = [await open(ana.id), await open(ana.id)];
    const actor = { id: ana.id, email: ana.email, client: "192.0.2.5", userAgent: "test" };
    await signOutSession(database.db, await signedIn(mine, ana.id), actor);
    expect(await findSignedIn(database.db, mine, ana.id)).toBeNull();
    expect(await findSignedIn(database.db, other, ana.id)).not.toBeNull();
    const [row] = await auditOf("sign-out");
    expect(row).toMatchObject({ actorEmail: ana.email, summary: "Signed out" });
  });
});
