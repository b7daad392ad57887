import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setPolicy } from "@/lib/approvals/policies";
import { LimitError, usedToday } from "@/lib/approvals/spend";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase, ConsoleDb } from "@/lib/db/connection";
import { awards } from "@/lib/db/schema";
import { anotherInstance, createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM_DB, GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { recordOutcome } from "./lifecycle/single-award";
import { placeAward, recountForRetry } from "./place-award";
import { sendAward } from "./send-award";
import type { NewAward } from "./trail";

/**
 * The daily limits as the award form meets them (docs/console.md, "Award policies"): counted in
 * the transaction that writes the award, under a lock on the sender's user row, on PGlite and
 * on PostgreSQL with two console instances at once; against the real service.
 */

const service = serveFixtures({ per: "file" });
const connection: () => ServiceConnection = () => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});
const gold = GOLD.toLowerCase();
const actor = { id: null, email: "olga@studio.test", client: "", userAgent: "test" };

let database: ConsoleDatabase;
let max: ConsoleUser;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  max = await createUser(database.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
  await setPolicy(
    database.db,
    { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
    { token: GOLD, approvalThreshold: null, managerDailyLimit: "100", ownerDailyLimit: null },
    actor,
  );
});
afterEach(async () => {
  await database.close();
});

function award(amount: string, overrides: Partial<NewAward> = {}): NewAward {
  return {
    requestId: randomUUID(),
    connection: "env",
    baseUrl: service.base,
    projectGuid: PROJECT,
    actorId: max.id,
    actorEmail: max.email,
    customerId: `limit-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
    reason: "Weekly prize",
    ...overrides,
  };
}

const sender = () => ({ userId: max.id, role: max.role, email: max.email, projectGuid: PROJECT });
const policies = async (db: ConsoleDb) =>
  (await import("@/lib/approvals/policies")).readPolicies(db, PROJECT);

/** The award form's path: written and counted in one transaction, then sent. */
async function placeAndSend(db: ConsoleDb, body: NewAward) {
  const { record } = await placeAward(db, body, sender(), await policies(db), () => "GOLD");
  return sendAward(db, connection(), record, max.email);
}

async function goldOf(customerId: string): Promise<string> {
  const tokens = await getCustomerTokens(connection(), customerId);
  return tokens.Data.Tokens.find((token) => token.Guid.toLowerCase() === gold)?.Total ?? "0";
}

describe("daily limits", () => {
  it("refuses an award that would pass the limit, naming it, what is used and what remains; nothing is written", async () => {
    expect((await placeAndSend(database.db, award("60"))).status).toBe("completed");
    const refused = award("40.000000000000000001");
    await expect(placeAndSend(database.db, refused)).rejects.toThrow(
      "Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 60 is used, 40 remains, and this needs 40.000000000000000001. Nothing was sent.",
    );
    expect(await database.db.select().from(awards).where(eq(awards.requestId, refused.requestId))).toEqual(
      [],
    );
    expect(await goldOf(refused.customerId)).toBe("0");
    expect((await placeAndSend(database.db, award("40"))).status).toBe("completed");
    expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBe("100");
  });

  it("counts only the last 24 hours", async () => {
    await placeAndSend(database.db, award("100"));
    await database.db.execute(sql`update console.award_spend set at = now() - interval '24 hours 1 second'`);
    expect((await placeAndSend(database.db, award("100"))).status).toBe("completed");
  });

  it("20 concurrent awards on two console instances never together pass the limit", async () => {
    const second = await anotherInstance(database);
    const instances = [database.db, second?.db ?? database.db];
    try {
      const bodies = Array.from({ length: 20 }, () => award("15"));
      const results = await Promise.allSettled(
        bodies.map((body, index) => placeAndSend(instances[index % 2] as ConsoleDb, body)),
      );
      const sent = results.filter((result) => result.status === "fulfilled");
      const refused = results.filter((result) => result.status === "rejected");
      expect(sent).toHaveLength(6);
      for (const result of refused)
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(LimitError);
      // What the service paid, player by player: 6 × 15 = 90 ≤ 100.
      const paid = await Promise.all(bodies.map((body) => goldOf(body.customerId)));
      expect(paid.filter((amount) => amount !== "0")).toEqual(Array(6).fill("15"));
      expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBe("90");
    } finally {
      await second?.close();
    }
  });

  it("an award sent again with the same RequestID (outcome unknown) is not counted twice", async () => {
    const body = award("70");
    const first = await placeAward(database.db, body, sender(), await policies(database.db), () => "GOLD");
    await recordOutcome(database.db, first.record.id, { status: "unknown", detail: "Outcome unknown." });
    // The form sent again, and the award page's Retry: both find the award already counted.
    const again = await placeAward(database.db, body, sender(), await policies(database.db), () => "GOLD");
    expect(again.record.id).toBe(first.record.id);
    await recountForRetry(database.db, sender(), await policies(database.db), sql`a.id = ${first.record.id}`);
    expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBe("70");
    expect((await sendAward(database.db, connection(), again.record, max.email)).status).toBe("completed");
    expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBe("70");
  });

  it("a failed award stops counting; its retry counts it once again", async () => {
    // GOLD with GEM's contract: the service refuses it.
    const body = award("80", { lines: [{ Guid: GOLD, ContractGuid: GEM_DB, Amount: "80" }] });
    const failed = await placeAndSend(database.db, body);
    expect(failed.status).toBe("failed");
    expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBeUndefined();
    const [record] = await database.db.select().from(awards).where(eq(awards.requestId, body.requestId));
    await recountForRetry(database.db, sender(), await policies(database.db), sql`a.id = ${record?.id}`);
    await recountForRetry(database.db, sender(), await policies(database.db), sql`a.id = ${record?.id}`);
    expect((await usedToday(database.db, max.id, PROJECT)).get(gold)).toBe("80");
    // Still within the limit, so the 20 left can go; 21 cannot.
    await expect(placeAndSend(database.db, award("21"))).rejects.toBeInstanceOf(LimitError);
  });

  it("an owner without an owner limit is not limited; support never awards", async () => {
    const olga = await createUser(database.db, {
      email: "olga@studio.test",
      role: "owner",
      password: "long enough pw",
    });
    const body = award("1000", { actorId: olga.id, actorEmail: olga.email });
    const { record } = await placeAward(
      database.db,
      body,
      { userId: olga.id, role: "owner", email: olga.email, projectGuid: PROJECT },
      await policies(database.db),
      () => "GOLD",
    );
    expect(record.status).toBe("sending");
    expect((await usedToday(database.db, olga.id, PROJECT)).get(gold)).toBe("1000");
  });
});
