import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { recordAward } from "@/lib/awards/lifecycle/single-award";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { GOLD, GOLD_DB, OTHER_PROJECT, PROJECT } from "@/testing/service/fixtures";
import { knownPlayers } from "./known-players";
import { rememberLookup } from "./lookups";

/**
 * The console's own search of the Customer IDs its trail holds (docs/console.md, "Finding a
 * player"), used against a service without the search extension.
 */

let database: ConsoleDatabase;
let actorId: number;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  actorId = (
    await createUser(database.db, { email: "sam@studio.test", role: "manager", password: "long enough pw" })
  ).id;
});
afterEach(async () => {
  await database.close();
});

const awardTo = (customerId: string, projectGuid = PROJECT) =>
  recordAward(database.db, {
    requestId: randomUUID(),
    connection: "env",
    baseUrl: "http://127.0.0.1:9",
    projectGuid,
    actorId,
    actorEmail: "sam@studio.test",
    customerId,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "1" }],
    reason: "Search",
  });

describe("the console's own player search", () => {
  it("finds each ID once, best matches first, case-insensitive; %, _ literal; the project's only", async () => {
    for (const id of ["yuki.hana", "hana", "Hana-Tanaka", "hana", "axb", "a_b", "spieler 50%"])
      await awardTo(id);
    await awardTo("hana-elsewhere", OTHER_PROJECT);
    const found = await knownPlayers(database.db, PROJECT.toLowerCase(), "HANA", 20);
    expect(found.map((f) => [f.customerId, f.match])).toEqual([
      ["hana", "exact"],
      ["Hana-Tanaka", "prefix"],
      ["yuki.hana", "contains"],
    ]);
    expect(found[0]?.lastActivity).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(found[0]).toMatchObject({ wallets: [], tokenCount: null });
    expect((await knownPlayers(database.db, PROJECT, "a_b", 20)).map((f) => f.customerId)).toEqual(["a_b"]);
    expect((await knownPlayers(database.db, PROJECT, "50%", 20)).map((f) => f.customerId)).toEqual([
      "spieler 50%",
    ]);
    expect(await knownPlayers(database.db, PROJECT, "hana", 1)).toHaveLength(1);
    // A player only ever looked up (opened from a search or lookup) is known too, without activity.
    await rememberLookup(database.db, PROJECT, "hanako-looked-up");
    await rememberLookup(database.db, PROJECT, "hanako-looked-up");
    expect(
      (await knownPlayers(database.db, PROJECT, "hanako", 20)).map((f) => [f.customerId, f.lastActivity]),
    ).toEqual([["hanako-looked-up", ""]]);
  });
});
