import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/lib/db/test-database";
import { changeRole, listUsers, setActive } from "./user-admin";
import { createUser, findUser, signInWithPassword } from "./users";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const PASSWORD = "long enough password";

describe("user administration", () => {
  it("changes a role and deactivates at once: the next lookup and sign-in see it", async () => {
    await createUser(database.db, { email: "owner@studio.example", role: "owner", password: PASSWORD });
    const manager = await createUser(database.db, {
      email: "manager@studio.example",
      role: "manager",
      password: PASSWORD,
    });
    expect((await changeRole(database.db, manager.id, "support")).role).toBe("support");
    expect((await findUser(database.db, manager.id))?.role).toBe("support");
    await setActive(database.db, manager.id, false);
    expect((await findUser(database.db, manager.id))?.active).toBe(false);
    expect(await signInWithPassword(database.db, "manager@studio.example", PASSWORD)).toEqual({
      ok: false,
      reason: "invalid",
    });
    await setActive(database.db, manager.id, true);
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
    await expect(changeRole(database.db, owner.id, "manager")).rejects.toThrow(/at least one active owner/);
    await expect(setActive(database.db, owner.id, false)).rejects.toThrow(/at least one active owner/);
    const second = await createUser(database.db, {
      email: "second@studio.example",
      role: "owner",
      password: PASSWORD,
    });
    expect((await changeRole(database.db, owner.id, "manager")).role).toBe("manager");
    await expect(setActive(database.db, second.id, false)).rejects.toThrow(/at least one active owner/);
    await expect(changeRole(database.db, second.id, "admin")).rejects.toThrow(
      /role must be one of owner, manager, support/,
    );
    await expect(changeRole(database.db, 999, "owner")).rejects.toThrow(/does not exist/);
  });
});
