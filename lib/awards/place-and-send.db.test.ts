import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setPolicy } from "@/lib/approvals/policies";
import { readAuditPage, verifyAuditLog } from "@/lib/audit/audit-log";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { awards } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { AwardError } from "./award-error";
import { type AskedAward, placeAndSendAward } from "./place-and-send";

/**
 * One award as the award form and the demo's history send it, and what the audit log says of it
 * (docs/console.md, "Audit log"): a sent award, a waiting one named as its approval request, and a
 * refusal by the daily limit — each exactly one row; against the real service.
 */

const service = serveFixtures({ per: "file" });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});
const destination = () => ({ connection: connection(), ref: "env", project: "Test" });

let database: ConsoleDatabase;
let max: ConsoleUser;
const actorOf = (user: ConsoleUser) => ({
  id: user.id,
  email: user.email,
  client: "203.0.113.7",
  userAgent: "test",
});
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
    { token: GOLD, approvalThreshold: "50", managerDailyLimit: "100", ownerDailyLimit: null },
    { id: null, email: "olga@studio.test", client: "", userAgent: "test" },
  );
});
afterEach(async () => {
  await database.close();
});

function asked(amount: string): AskedAward {
  return {
    requestId: randomUUID(),
    customerId: `audited-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
    reason: "Season finale",
  };
}

const send = (award: AskedAward) =>
  placeAndSendAward(database.db, destination(), max, award, () => "GOLD", actorOf(max));
const rowsOf = async (kind: string) => (await readAuditPage(database.db, { kind }, { limit: 100 })).rows;

describe("an award in the audit log", () => {
  it("an award over the daily limit leaves exactly one award.refused row naming the person, the reason and the award; nothing is written", async () => {
    expect((await send(asked("40"))).status).toBe("completed");
    expect((await send(asked("40"))).status).toBe("completed");
    const over = asked("30");
    await expect(send(over)).rejects.toThrow(AwardError);
    await expect(send(over)).rejects.toThrow(/^Over your daily limit for GOLD/);
    const refused = await rowsOf("award.refused");
    // Two attempts, two rows: one per attempt.
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      actorId: max.id,
      actorEmail: max.email,
      client: "203.0.113.7",
      project: "Test",
      detail: { reason: "limit", requestId: over.requestId, customerId: over.customerId },
    });
    expect(refused[0]?.summary).toMatch(
      new RegExp(
        `^Refused \\(daily limit\\): Allowance to ${over.customerId} \\(30\\), RequestID ${over.requestId}: Over your daily limit for GOLD`,
      ),
    );
    expect((await database.db.select().from(awards)).map((a) => a.requestId)).not.toContain(over.requestId);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true });
  });

  it("a sent award is one award.sent row; one over the threshold is one award.requested row naming its approval request as the Approvals page does", async () => {
    const sent = asked("20");
    await send(sent);
    const waiting = asked("60");
    const result = await send(waiting);
    expect(result.status).toBe("awaiting-approval");
    expect((await rowsOf("award.sent")).map((r) => r.summary)).toEqual([
      `Allowance to ${sent.customerId} (20), RequestID ${sent.requestId}: completed`,
    ]);
    expect((await rowsOf("award.requested")).map((r) => [r.summary, r.detail.approval])).toEqual([
      [
        `Allowance to ${waiting.customerId} (60), RequestID ${waiting.requestId}: waiting for approval in Approval request ${result.approvalId} (Award to ${waiting.customerId}: 60 GOLD)`,
        result.approvalId,
      ],
    ]);
  });

  // The audit row and the change it records commit together (docs/console.md, "Audit log").
  it("an audit row that cannot be written leaves no change it would record: the outcome and the waiting request roll back with it", async () => {
    // A NUL byte: PostgreSQL (and PGlite) refuse it in text, so the audit row's insert fails.
    const broken = { ...actorOf(max), userAgent: "bad\u0000agent" };
    const sent = asked("20");
    await expect(
      placeAndSendAward(database.db, destination(), max, sent, () => "GOLD", broken),
    ).rejects.toThrow();
    // Sent to the service, but its outcome was not recorded without its audit row: the trail says
    // "sending" (in flight), and a retry with the same RequestID pays it at most once.
    const [row] = await database.db.select().from(awards);
    expect(row).toMatchObject({ requestId: sent.requestId, status: "sending", attempts: 1 });
    const waiting = asked("60");
    await expect(
      placeAndSendAward(database.db, destination(), max, waiting, () => "GOLD", broken),
    ).rejects.toThrow();
    expect((await database.db.select().from(awards)).map((a) => a.requestId)).not.toContain(
      waiting.requestId,
    );
    expect(await rowsOf("award.sent")).toEqual([]);
    expect(await rowsOf("award.requested")).toEqual([]);
  });

  it("a change that fails leaves no audit row: an award refused as the same RequestID with another body is not audited", async () => {
    const first = asked("20");
    await send(first);
    await expect(send({ ...first, customerId: "someone-else" })).rejects.toThrow(AwardError);
    expect((await rowsOf("award.sent")).map((r) => r.detail.customerId)).toEqual([first.customerId]);
  });
});
