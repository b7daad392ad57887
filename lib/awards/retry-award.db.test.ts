import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setPolicy } from "@/lib/approvals/policies";
import { readAuditPage } from "@/lib/audit/audit-log";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { AwardError } from "./award-error";
import { type AskedAward, placeAndSendAward } from "./place-and-send";
import { findAward } from "./trail";

/**
 * Retrying a failed award counts it against its author's daily limit again (docs/console.md,
 * "Award policies"); a retry the limit refuses is one award.refused row, like any refused money
 * action ("Audit log"), against the real service. The console database and the award's connection
 * are this test's.
 */
const state = vi.hoisted(() => {
  process.env.AUTH_SECRET ??= "test-auth-secret-that-is-long-enough-0123456789";
  process.env.CONSOLE_ENCRYPTION_KEY ??= "test-encryption-key-that-is-long-enough-0123456789";
  return { db: null as unknown, connection: null as ServiceConnection | null };
});
vi.mock("@/lib/db/console-db", () => ({ consoleDb: async () => state.db }));
vi.mock("@/lib/connections/connections", () => ({ sameConnection: async () => state.connection }));

const { retryAward } = await import("./project-award");

const service = serveFixtures({ per: "file" });
const connection = (apiKey = KEY): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey,
  addresses: LOOPBACK_SERVICES,
});

let database: ConsoleDatabase;
let max: ConsoleUser;
const actor = () => ({ id: max.id, email: max.email, client: "203.0.113.7", userAgent: "test" });
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  state.db = database.db;
  state.connection = connection();
  max = await createUser(database.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
  await setPolicy(
    database.db,
    { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
    { token: GOLD, approvalThreshold: null, managerDailyLimit: "100", ownerDailyLimit: null },
    { id: null, email: "olga@studio.test", client: "", userAgent: "test" },
  );
});
afterEach(async () => {
  await database.close();
});

const asked = (amount: string): AskedAward => ({
  requestId: randomUUID(),
  customerId: `retried-${randomUUID().slice(0, 8)}`,
  isAllowance: true,
  isMintable: false,
  wallet: "",
  lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
  reason: "Season finale",
});

const send = (award: AskedAward, through: ServiceConnection) =>
  placeAndSendAward(
    database.db,
    { connection: through, ref: "env", project: "Test" },
    max,
    award,
    () => "GOLD",
    actor(),
  );

describe("retrying a failed award", () => {
  it("a retry the daily limit refuses leaves one award.refused row per attempt, and sends nothing", async () => {
    // Refused by the service (a key it does not know): failed, so it stopped counting.
    const failed = asked("40");
    expect((await send(failed, connection("not-a-key-of-this-project-0123456789abcdef"))).status).toBe(
      "failed",
    );
    expect((await send(asked("40"), connection())).status).toBe("completed");
    expect((await send(asked("40"), connection())).status).toBe("completed");

    const audit = { actor: actor(), project: "Test" };
    for (let attempt = 0; attempt < 2; attempt += 1)
      await expect(retryAward(max, failed.requestId, audit)).rejects.toThrow(
        new AwardError(
          "Over your daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 80 is used, 20 remains, and this needs 40. Nothing was sent.",
        ),
      );
    expect((await findAward(database.db, failed.requestId))?.status).toBe("failed");
    const rows = (await readAuditPage(database.db, { kind: "award.refused" }, { limit: 10 })).rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorEmail: max.email,
      project: "Test",
      summary: expect.stringContaining(`Retry of award ${failed.requestId} to ${failed.customerId}`),
      detail: expect.objectContaining({ reason: "limit", requestId: failed.requestId }),
    });
  });
});
