import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { findSignedIn, startSession } from "./sessions";
import { changeRole, listUsers, setActive, setPassword } from "./user-admin";
import { createUser, findUser, signInWithPassword } from "./users";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const PASSWORD = "long enough password";
const ACTOR = { id: null, email: "owner@studio.example", client: "192.0.2.1", userAgent: "test" };

describe("user administration", () => {
  it("changes a role and deactivates at once: the next lookup and sign-in see it", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const manager = await createUser(database.db, {
      email: "manager@studio.example",
      role: "manager",
      password: PASSWORD,
    });
    expect((await changeRole(database.db, manager.id, "support", ACTOR)).role).toBe("support");
    expect((await findUser(database.db, manager.id))?.role).toBe("support");
    await setActive(database.db, manager.id, false, ACTOR);
    expect((await findUser(database.db, manager.id))?.active).toBe(false);
    expect(await signInWithPassword(database.db, "manager@studio.example", PASSWORD)).toEqual({
      ok: false,
      reason: "invalid",
    });
    await setActive(database.db, manager.id, true, ACTOR);
    expect((await signInWithPassword(database.db, "manager@studio.example", PASSWORD)).ok).toBe(true);
    expect((await listUsers(database.db)).map((u) => u.email)).toEqual([
      "manager@studio.example",
      "owner@studio.example",
    ]);
  });

  it("always keeps one active owner", async () => {
    const owner = await createUser(database.db, {
      email: "owner@studio.example",
      role: "owner",
      password: PASSWORD,
    });
    await expect(changeRole(database.db, owner.id, "manager", ACTOR)).rejects.toThrow(
      /at least one active owner/,
    );
    await expect(setActive(database.db, owner.id, false, ACTOR)).rejects.toThrow(/at least one active owner/);
    const second = await createUser(database.db, {
      email: "second@studio.example",
      role: "owner",
      password: PASSWORD,
    });
    expect((await changeRole(database.db, owner.id, "manager", ACTOR)).role).toBe("manager");
    await expect(setActive(database.db, second.id, false, ACTOR)).rejects.toThrow(
      /at least one active owner/,
    );
    await expect(changeRole(database.db, second.id, "admin", ACTOR)).rejects.toThrow(
      /The role must be one of owner, manager, support/,
    );
    await expect(changeRole(database.db, 999, "owner", ACTOR)).rejects.toThrow(/does not exist/);
  });
});

describe("user changes end sessions and are audited", () => {
  it("a role change and a deactivation end the user's sessions; reactivating does not revive them", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const manager = await createUser(database.db, {
      email: "manager@studio.example",
      role: "manager",
      password: PASSWORD,
    });
    const session = { client: "192.0.2.7", userAgent: "test", secondFactor: false };
    const first = await startSession(database.db, manager.id, session);
    await changeRole(database.db, manager.id, "support", ACTOR);
    expect(await findSignedIn(database.db, first, manager.id)).toBeNull();

    const second = await startSession(database.db, manager.id, session);
    expect(await findSignedIn(database.db, second, manager.id)).toMatchObject({ user: { role: "support" } });
    await setActive(database.db, manager.id, false, ACTOR);
    expect(await findSignedIn(database.db, second, manager.id)).toBeNull();
    await setActive(database.db, manager.id, true, ACTOR);
    expect(await findSignedIn(database.db, second, manager.id)).toBeNull();

    const { rows } = await readAuditPage(database.db, {}, { limit: 10 });
    expect(rows.map((r) => [r.kind, r.summary, r.actorEmail, r.client])).toEqual([
      ["user.reactivated", "Reactivated manager@studio.example", ACTOR.email, ACTOR.client],
      ["user.deactivated", "Deactivated manager@studio.example", ACTOR.email, ACTOR.client],
      [
        "user.role-changed",
        "Changed manager@studio.example from manager to support",
        ACTOR.email,
        ACTOR.client,
      ],
    ]);
  });

  it("a refused change writes no audit row", async () => {
    const owner = await createUser(database.db, {
      email: "owner@studio.example",
      role: "owner",
      password: PASSWORD,
    });
    await expect(setActive(database.db, owner.id, false, ACTOR)).rejects.toThrow(/at least one active owner/);
    expect((await readAuditPage(database.db, {}, { limit: 10 })).rows).toEqual([]);
  });
});

describe("new passwords end sessions", () => {
  it("an owner's reset ends every session of the user; the new password works, the old does not", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const ana = await createUser(database.db, {
      email: "ana@studio.example",
      role: "support",
      password: PASSWORD,
    });
    const session = await startSession(database.db, ana.id, {
      client: "",
      userAgent: "",
      secondFactor: false,
    });
    await expect(setPassword(database.db, ana.id, "short", ACTOR)).rejects.toThrow(
      /new password must be at least 10 characters/,
    );
    await setPassword(database.db, ana.id, "a brand new password", ACTOR);
    expect(await findSignedIn(database.db, session, ana.id)).toBeNull();
    expect((await signInWithPassword(database.db, "ana@studio.example", PASSWORD)).ok).toBe(false);
    expect((await signInWithPassword(database.db, "ana@studio.example", "a brand new password")).ok).toBe(
      true,
    );
    const [row] = (await readAuditPage(database.db, { kind: "user.password-reset" }, { limit: 1 })).rows;
    expect(row?.summary).toBe("Set a new password for ana@studio.example; 1 session(s) ended");
  });

  it("changing one's own needs the current password, and keeps only the session that changed it", async () => {
    const ana = await createUser(database.db, {
      email: "ana@studio.example",
      role: "support",
      password: PASSWORD,
    });
    const here = await startSession(database.db, ana.id, { client: "", userAgent: "", secondFactor: false });
    const elsewhere = await startSession(database.db, ana.id, {
      client: "",
      userAgent: "",
      secondFactor: false,
    });
    const self = { ...ACTOR, id: ana.id, email: ana.email };
    await expect(
      setPassword(database.db, ana.id, "a brand new password", self, {
        currentPassword: "not it at all",
        keepSession: here,
      }),
    ).rejects.toThrow(/current password is not right/);
    expect(await findSignedIn(database.db, elsewhere, ana.id)).not.toBeNull();
    await setPassword(database.db, ana.id, "a brand new password", self, {
      currentPassword: PASSWORD,
      keepSession: here,
    });
    expect(await findSignedIn(database.db, here, ana.id)).not.toBeNull();
    expect(await findSignedIn(database.db, elsewhere, ana.id)).toBeNull();
    const [row] = (await readAuditPage(database.db, { kind: "user.password-changed" }, { limit: 1 })).rows;
    expect(row).toMatchObject({
      actorEmail: "ana@studio.example",
      summary: "Changed their password; 1 other session(s) ended",
    });
  });
});
