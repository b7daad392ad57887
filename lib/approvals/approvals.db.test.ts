import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import {
  approveRequest,
  expireRequests,
  rejectRequest,
  withdrawRequest,
} from "@/lib/awards/approval-decisions";
import { placeAward } from "@/lib/awards/place-award";
import { sendAward } from "@/lib/awards/send-award";
import { type AwardRecord, awardTimeline, findAward, findAwardById, type NewAward } from "@/lib/awards/trail";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { approvalRequests } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { startSpecOnly } from "@/testing/service/spec-only";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { ApprovalError, countWaitingFor, listApprovals } from "./approvals";
import { readPolicies, setPolicy } from "./policies";
import { usedToday } from "./spend";

/**
 * Four-eyes approval of single awards (docs/console.md, "Approvals"), on both databases against
 * the real service: what waits sends nothing; only another person decides, once; the approved
 * award goes with the RequestID it was written with. (Batches: lib/bulk/bulk-award.db.test.ts.)
 */

const service = serveFixtures({ per: "file" });
let connection: ServiceConnection;
const auditActor = (user: ConsoleUser) => ({ id: user.id, email: user.email, client: "", userAgent: "test" });

let database: ConsoleDatabase;
let max: ConsoleUser;
let ann: ConsoleUser;
let olga: ConsoleUser;
beforeEach(async () => {
  connection = { baseUrl: service.base, projectGuid: PROJECT, apiKey: KEY, addresses: LOOPBACK_SERVICES };
  database = await createConsoleTestDatabase();
  const make = (email: string, role: ConsoleUser["role"]) =>
    createUser(database.db, { email, role, password: "long enough pw" });
  [max, ann, olga] = [
    await make("max@studio.test", "manager"),
    await make("ann@studio.test", "manager"),
    await make("olga@studio.test", "owner"),
  ];
  await setPolicy(
    database.db,
    { projectGuid: PROJECT, project: "Test", symbol: "GOLD" },
    { token: GOLD, approvalThreshold: "10", managerDailyLimit: "100", ownerDailyLimit: null },
    auditActor(olga),
  );
});
afterEach(async () => {
  await database.close();
});

function award(amount: string): NewAward {
  return {
    requestId: randomUUID(),
    connection: "env",
    baseUrl: service.base,
    projectGuid: PROJECT,
    actorId: max.id,
    actorEmail: max.email,
    customerId: `four-eyes-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
    reason: "Season finale",
  };
}

/** Max asks for an award through the form's path. */
async function ask(amount: string) {
  const body = award(amount);
  const placed = await placeAward(
    database.db,
    body,
    { userId: max.id, role: "manager", email: max.email, projectGuid: PROJECT },
    await readPolicies(database.db, PROJECT),
    () => "GOLD",
  );
  return { body, ...placed };
}

/** What the Approve button does: the decision, then the send with the trail's RequestID. */
async function approveAndSend(approvalId: number, by: ConsoleUser) {
  const row = await approveRequest(database.db, approvalId, by, auditActor(by), "Test");
  const stored = await findAwardById(database.db, row.awardId as number);
  return sendAward(database.db, connection, stored as AwardRecord, by.email);
}

async function goldOf(customerId: string): Promise<string> {
  const tokens = await getCustomerTokens(connection, customerId);
  return tokens.Data.Tokens.find((token) => token.Guid.toLowerCase() === GOLD.toLowerCase())?.Total ?? "0";
}

const kinds = async (awardId: number) =>
  (await awardTimeline(database.db, awardId)).map((event) => event.kind);
const auditKinds = async () =>
  (await readAuditPage(database.db, {}, { limit: 100 })).rows.map((row) => row.kind);

describe("four-eyes approval of an award", () => {
  it("an award at the threshold is sent; above it, it waits: written, nothing sent, listed for others", async () => {
    expect((await ask("10")).record.status).toBe("sending");
    const { record, approval, body } = await ask("10.5");
    expect(record.status).toBe("awaiting-approval");
    expect(approval).toMatchObject({
      status: "waiting",
      requesterEmail: max.email,
      summary: {
        totals: [{ tokenGuid: GOLD.toLowerCase(), symbol: "GOLD", amount: "10.5", threshold: "10" }],
      },
    });
    expect(await kinds(record.id)).toEqual(["created", "requested"]);
    expect(await goldOf(body.customerId)).toBe("0");
    // Not yet counted against Max's limit (only the award at the threshold is).
    expect((await usedToday(database.db, max.id, PROJECT)).get(GOLD.toLowerCase())).toBe("10");
    expect(await countWaitingFor(database.db, ann.id)).toBe(1);
    expect(await countWaitingFor(database.db, max.id)).toBe(0);
    expect((await listApprovals(database.db, max.id, "mine")).map((row) => row.id)).toEqual([approval?.id]);
    expect((await listApprovals(database.db, ann.id, "waiting-for-me"))[0]).toMatchObject({
      customerId: body.customerId,
      requestIdOfAward: body.requestId,
    });
  });

  it("the requester can neither approve nor reject their own; another approves and it is sent once, with its RequestID", async () => {
    const { approval, body, record } = await ask("50");
    const id = approval?.id as number;
    await expect(approveRequest(database.db, id, max, auditActor(max), "Test")).rejects.toThrow(
      "You asked for this yourself: another manager or owner must decide it.",
    );
    await expect(rejectRequest(database.db, id, max, "no", auditActor(max), "Test")).rejects.toBeInstanceOf(
      ApprovalError,
    );
    const sent = await approveAndSend(id, ann);
    expect(sent).toMatchObject({ requestId: body.requestId, status: "completed", attempt: 1 });
    expect(await goldOf(body.customerId)).toBe("50");
    await expect(approveRequest(database.db, id, olga, auditActor(olga), "Test")).rejects.toThrow(
      /^This request was already approved by ann@studio\.test/,
    );
    expect(await kinds(record.id)).toEqual(["created", "requested", "approved", "sent", "outcome"]);
    // Counted against the requester's limit, not the approver's.
    expect((await usedToday(database.db, max.id, PROJECT)).get(GOLD.toLowerCase())).toBe("50");
    expect((await usedToday(database.db, ann.id, PROJECT)).size).toBe(0);
    expect(await auditKinds()).toContain("approval.approved");
  });

  it("two approvers at the same moment: one approval, one payment", async () => {
    const { approval, body, record } = await ask("20");
    const results = await Promise.allSettled([
      approveAndSend(approval?.id as number, ann),
      approveAndSend(approval?.id as number, olga),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      (results.find((result) => result.status === "rejected") as PromiseRejectedResult).reason,
    ).toBeInstanceOf(ApprovalError);
    expect(await goldOf(body.customerId)).toBe("20");
    expect((await findAward(database.db, body.requestId))?.attempts).toBe(1);
    expect((await kinds(record.id)).filter((kind) => kind === "approved")).toHaveLength(1);
  });

  it("reject, withdraw and expiry send nothing, and each is final", async () => {
    const rejected = await ask("11");
    const withdrawn = await ask("12");
    const expired = await ask("13");
    await rejectRequest(
      database.db,
      rejected.approval?.id as number,
      ann,
      "Wrong player",
      auditActor(ann),
      "Test",
    );
    await expect(
      withdrawRequest(database.db, withdrawn.approval?.id as number, ann, auditActor(ann), "Test"),
    ).rejects.toThrow("Only the person who asked (max@studio.test) can withdraw it.");
    await withdrawRequest(database.db, withdrawn.approval?.id as number, max, auditActor(max), "Test");
    await database.db
      .update(approvalRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvalRequests.id, expired.approval?.id as number));
    await expect(
      approveRequest(database.db, expired.approval?.id as number, ann, auditActor(ann), "Test"),
    ).rejects.toThrow("This request expired: nothing was sent.");
    expect(await expireRequests(database.db)).toBe(1);

    for (const [placed, status] of [
      [rejected, "rejected"],
      [withdrawn, "withdrawn"],
      [expired, "expired"],
    ] as const) {
      expect((await findAward(database.db, placed.body.requestId))?.status).toBe(status);
      expect(await kinds(placed.record.id)).toEqual(["created", "requested", status]);
      expect(await goldOf(placed.body.customerId)).toBe("0");
      await expect(
        approveRequest(database.db, placed.approval?.id as number, olga, auditActor(olga), "Test"),
      ).rejects.toBeInstanceOf(ApprovalError);
    }
    const timeline = await awardTimeline(database.db, rejected.record.id);
    expect(timeline.at(-1)).toMatchObject({
      actorEmail: ann.email,
      detail: "Rejected: Wrong player. Nothing was sent.",
    });
    expect(await auditKinds()).toEqual(
      expect.arrayContaining(["approval.rejected", "approval.withdrawn", "approval.expired"]),
    );
    expect((await usedToday(database.db, max.id, PROJECT)).size).toBe(0);
  });

  it("an approval counts against the requester's limit, and is refused whole when it no longer fits", async () => {
    const waiting = await ask("60");
    expect((await ask("10")).record.status).toBe("sending");
    expect((await ask("10")).record.status).toBe("sending");
    expect((await ask("10")).record.status).toBe("sending");
    expect((await ask("10")).record.status).toBe("sending");
    // 40 used; 60 more is 100: fits. Another 10 first makes it not fit.
    expect((await ask("10")).record.status).toBe("sending");
    await expect(
      approveRequest(database.db, waiting.approval?.id as number, ann, auditActor(ann), "Test"),
    ).rejects.toThrow(
      "Over max@studio.test's daily limit for GOLD: a manager may award 100 GOLD in 24 hours; 50 is used, 50 remains, and this needs 60. Nothing was sent.",
    );
    expect((await findAward(database.db, waiting.body.requestId))?.status).toBe("awaiting-approval");
    expect(await countWaitingFor(database.db, ann.id)).toBe(1);
  });

  it("a request that could never fit the requester's limit is refused when asked", async () => {
    await expect(ask("100.000000000000000001")).rejects.toThrow(/^Over your daily limit for GOLD/);
    expect(await countWaitingFor(database.db, ann.id)).toBe(0);
  });

  it("works the same against a service with the spec only: the rules live in the console", async () => {
    const specOnly = await startSpecOnly(service.base);
    try {
      const plain: ServiceConnection = { ...connection, baseUrl: specOnly.base };
      const { approval, body } = await ask("40");
      const row = await approveRequest(database.db, approval?.id as number, ann, auditActor(ann), "Test");
      const stored = await findAwardById(database.db, row.awardId as number);
      const sent = await sendAward(database.db, plain, stored as AwardRecord, ann.email);
      // Without the Status extension the service only says it took the award.
      expect(sent).toMatchObject({ requestId: body.requestId, status: "accepted" });
      expect(await goldOf(body.customerId)).toBe("40");
      expect((await usedToday(database.db, max.id, PROJECT)).get(GOLD.toLowerCase())).toBe("40");
      await expect(ask("60.000000000000000001")).rejects.toThrow(/^Over your daily limit for GOLD/);
    } finally {
      await specOnly.close();
    }
  });
});

describe("approvals in the audit log", () => {
  const rowsOf = async (kind: string) => (await readAuditPage(database.db, { kind }, { limit: 100 })).rows;

  it("a self-approval leaves exactly one award.refused row naming the person, the reason and the request", async () => {
    const { approval, body } = await ask("50");
    const id = approval?.id as number;
    await expect(approveRequest(database.db, id, max, auditActor(max), "Test")).rejects.toThrow(
      "You asked for this yourself: another manager or owner must decide it.",
    );
    const refused = await rowsOf("award.refused");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      actorEmail: max.email,
      project: "Test",
      summary: `Refused (own request): Approval request ${id} (Award to ${body.customerId}: 50 GOLD): You asked for this yourself: another manager or owner must decide it.`,
      detail: { reason: "self-approval", approval: id, awardId: approval?.awardId },
    });
    expect(await rowsOf("approval.approved")).toHaveLength(0);
  });

  it("an approval refused by the requester's daily limit leaves one award.refused row", async () => {
    const waiting = await ask("60");
    for (let i = 0; i < 5; i++) await ask("10");
    await expect(
      approveRequest(database.db, waiting.approval?.id as number, ann, auditActor(ann), "Test"),
    ).rejects.toThrow(/^Over max@studio\.test's daily limit for GOLD/);
    const refused = await rowsOf("award.refused");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      actorEmail: ann.email,
      detail: { reason: "limit", approval: waiting.approval?.id },
    });
    expect(refused[0]?.summary).toMatch(
      new RegExp(`^Refused \\(daily limit\\): Approval request ${waiting.approval?.id} \\(Award to `),
    );
  });

  it("names a request as its page does: 'Approval request N (Award to … : totals)', never the trail's award id", async () => {
    const approved = await ask("20");
    const rejected = await ask("11");
    const withdrawn = await ask("12");
    const name = (placed: typeof approved) =>
      `Approval request ${placed.approval?.id} (Award to ${placed.body.customerId}: ${placed.body.lines[0]?.Amount} GOLD)`;
    await approveRequest(database.db, approved.approval?.id as number, ann, auditActor(ann), "Test");
    await rejectRequest(database.db, rejected.approval?.id as number, ann, "Wrong", auditActor(ann), "Test");
    await withdrawRequest(database.db, withdrawn.approval?.id as number, max, auditActor(max), "Test");
    expect((await rowsOf("approval.approved"))[0]?.summary).toBe(
      `${name(approved)} approved, asked for by max@studio.test`,
    );
    expect((await rowsOf("approval.rejected"))[0]?.summary).toBe(
      `${name(rejected)} rejected, asked for by max@studio.test: Wrong`,
    );
    expect((await rowsOf("approval.withdrawn"))[0]?.summary).toBe(
      `${name(withdrawn)} withdrawn by the person who asked`,
    );
  });
});
