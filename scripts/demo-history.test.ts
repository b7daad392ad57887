import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPolicies } from "@/lib/approvals/policies";
import { type AuditRow, auditRowsInOrder, verifyAuditLog } from "@/lib/audit/audit-log";
import { ensureDemoUsers } from "@/lib/auth/demo-users";
import { getWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { approvalRequests, awardBatches, awards, campaigns, playerLists } from "@/lib/db/schema";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, demoFixture } from "@/service/db/demo-fixture";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { serveFixtures } from "@/testing/service/fixture-service";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import {
  DEMO_CAMPAIGN,
  HISTORY_ACTOR,
  HISTORY_AWARDS,
  isNewConsole,
  SAMPLE_POLICY,
  sendDemoHistory,
  WAITING_AWARD,
} from "./demo-history";

const service = serveFixtures({ per: "file", fixtures: () => [demoFixture()] });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: DEMO_PROJECT_GUID,
  apiKey: DEMO_API_KEY,
  addresses: LOOPBACK_SERVICES,
});

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("the demo's first-start history", () => {
  it("has a weekly campaign to the batch's paid players, active, first on a Monday at 18:00 in Berlin", async () => {
    await ensureDemoUsers(database.db);
    await sendDemoHistory(database.db, connection());
    const [campaign] = await database.db.select().from(campaigns);
    expect(campaign).toMatchObject({
      name: DEMO_CAMPAIGN.name,
      status: "active",
      mode: "allowance",
      nextIndex: 0,
    });
    expect(campaign?.schedule).toMatchObject({
      repeat: "weekly",
      timeZone: "Europe/Berlin",
      start: { hour: 18, minute: 0 },
    });
    const start = campaign?.schedule.start as { year: number; month: number; day: number };
    expect(new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()).toBe(1);
    const [list] = await database.db
      .select()
      .from(playerLists)
      .where(eq(playerLists.id, campaign?.listId ?? -1));
    expect(list).toMatchObject({ name: DEMO_CAMPAIGN.listName, playerCount: 5, source: "batch" });
  });

  it("is due only on a console without users or awards", async () => {
    expect(await isNewConsole(database.db)).toBe(true);
    await ensureDemoUsers(database.db);
    expect(await isNewConsole(database.db)).toBe(false);
  });

  it("sends real awards and a bulk batch through the service, as the demo manager, one of them queued; again, it pays nothing twice", async () => {
    await ensureDemoUsers(database.db);
    const summary = await sendDemoHistory(database.db, connection());
    expect(summary).toEqual({
      awards: HISTORY_AWARDS.length + 1,
      statuses: { completed: 6, queued: 1, "awaiting-approval": 1 },
      batchRows: 5,
    });

    const trail = await database.db.select().from(awards);
    expect(trail).toHaveLength(HISTORY_AWARDS.length + 1 + 5);
    expect(new Set(trail.map((award) => award.actorEmail))).toEqual(new Set([HISTORY_ACTOR]));
    expect(trail.filter((award) => award.status === "queued").map((award) => award.customerId)).toEqual([
      "player-2021",
    ]);
    expect(trail.filter((award) => award.batchId !== null).every((a) => a.status === "completed")).toBe(true);
    const [batch] = await database.db.select().from(awardBatches);
    expect(batch?.status).toBe("done");
    // Never demo.json's players, whose exact balances the e2e specs check.
    expect(trail.map((a) => a.customerId)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(player-100[124]|sakura@例え\.jp)$/)]),
    );

    // The service holds exactly that: the queued award waits in the project wallet's queue.
    const wallet = (await getWallet(connection())).Data;
    const queued = trail.find((a) => a.status === "queued");
    expect(wallet.Queue.map((entry) => entry.RequestID)).toEqual([queued?.requestId]);
    const [first] = await database.db.select().from(awards).where(eq(awards.customerId, "player-2003"));
    expect(first?.lines).toEqual([
      {
        Guid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
        ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
        Amount: "150",
      },
    ]);

    // Sent again from a new console to the same service (its data wiped, the service's kept):
    // the fixed RequestIDs pay nothing twice.
    const again = await createConsoleTestDatabase();
    try {
      await ensureDemoUsers(again.db);
      const summary = await sendDemoHistory(again.db, connection());
      expect(summary.statuses).toEqual({ completed: 6, queued: 1, "awaiting-approval": 1 });
      const after = (await getWallet(connection())).Data;
      expect(after.Queue).toHaveLength(1);
      expect(after.Balances).toEqual(wallet.Balances);
    } finally {
      await again.close();
    }
  });

  it("ships a sample policy for GEM that holds one award for approval, nothing of it sent", async () => {
    const gemOf = async () =>
      (await getCustomerTokens(connection(), WAITING_AWARD.customerId)).Data.Tokens.find(
        (token) => token.Guid === SAMPLE_POLICY.token,
      )?.Total ?? "0";
    const before = await gemOf();
    await ensureDemoUsers(database.db);
    await sendDemoHistory(database.db, connection());
    const policy = (await readPolicies(database.db, DEMO_PROJECT_GUID)).get(SAMPLE_POLICY.token);
    expect(policy).toMatchObject({
      symbol: "GEM",
      approvalThreshold: "500",
      managerDailyLimit: "5000",
      ownerDailyLimit: null,
    });
    const [waiting] = await database.db
      .select()
      .from(awards)
      .where(eq(awards.customerId, WAITING_AWARD.customerId));
    expect(waiting).toMatchObject({ status: "awaiting-approval", actorEmail: HISTORY_ACTOR, attempts: 0 });
    const [request] = await database.db.select().from(approvalRequests);
    expect(request).toMatchObject({ awardId: waiting?.id, status: "waiting", requesterEmail: HISTORY_ACTOR });
    expect(await gemOf()).toBe(before);
  });

  it("is in the audit log as a person's awards are, naming the approval request as the Approvals page does; the chain verifies", async () => {
    await ensureDemoUsers(database.db);
    await sendDemoHistory(database.db, connection());
    const rows: AuditRow[] = [];
    for await (const row of auditRowsInOrder(database.db, {})) rows.push(row);
    const ofKind = (kind: string) => rows.filter((row) => row.kind === kind);

    const sent = ofKind("award.sent");
    expect(sent.map((row) => row.detail.customerId)).toEqual(HISTORY_AWARDS.map((award) => award.customerId));
    expect(new Set(sent.map((row) => row.actorEmail))).toEqual(new Set([HISTORY_ACTOR]));
    expect(sent[0]?.summary).toMatch(
      /^Allowance to player-2003 \(150\), RequestID [0-9a-f-]{36}: completed$/,
    );

    const [batch] = await database.db.select().from(awardBatches);
    expect(ofKind("batch.sent").map((row) => [row.actorEmail, row.summary])).toEqual([
      [HISTORY_ACTOR, `Sent bulk file weekend-tournament.csv as batch ${batch?.id}`],
    ]);

    const [request] = await database.db.select().from(approvalRequests);
    const requested = ofKind("award.requested");
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({ actorEmail: HISTORY_ACTOR, detail: { approval: request?.id } });
    // The Approvals page's title and description of the same request: "Approval request 1",
    // "Award to player-2042: 800 GEM".
    expect(requested[0]?.summary).toContain(
      `waiting for approval in Approval request ${request?.id} (Award to player-2042: 800 GEM)`,
    );
    expect(ofKind("policy.changed")).toHaveLength(1);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: rows.length });
  });
});
