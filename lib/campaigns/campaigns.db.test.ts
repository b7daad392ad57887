import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setPolicy } from "@/lib/approvals/policies";
import type { AuditActor } from "@/lib/audit/audit-log";
import { type ConsoleUser, createUser } from "@/lib/auth/users";
import { approveRequest } from "@/lib/awards/approval-decisions";
import { batchCounts } from "@/lib/bulk/batch-store";
import { sendBatchRows } from "@/lib/bulk/sender";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import {
  approvalRequests,
  auditLog,
  awards,
  campaignOccurrences,
  campaigns,
  notifications,
  playerLists,
  users,
} from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { anotherInstance, createConsoleTestDatabase } from "@/testing/console-database";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { CampaignInput } from "./campaign-input";
import {
  type CampaignScope,
  changeCampaign,
  createCampaign,
  editCampaign,
  findCampaign,
  previewCampaign,
} from "./campaigns";
import {
  ListFileError,
  saveListFromBatch,
  saveListFromFile,
  saveListFromHistory,
  saveListFromSearch,
} from "./player-lists";
import { occurrenceRequestId } from "./request-ids";
import { runDueOccurrences } from "./run-occurrence";
import { sendHeldOccurrence } from "./send-held";

/**
 * Campaigns against the real service and both databases (docs/console.md, "Campaigns"): an
 * occurrence is one bulk batch paying each player once, with RequestIDs made from the campaign,
 * the occurrence and the player; the scheduler, run again, by two instances, or after downtime,
 * runs each occurrence once; a daily limit holds an occurrence whole; approval, pause and edits.
 */
const service = serveFixtures({ per: "file" });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});
const actor = (user: ConsoleUser): AuditActor => ({
  id: user.id,
  email: user.email,
  client: "test",
  userAgent: "vitest",
});

let database: ConsoleDatabase;
let max: ConsoleUser;
let ana: ConsoleUser;
let scope: CampaignScope;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  max = await createUser(database.db, {
    email: "max@studio.test",
    role: "manager",
    password: "long enough pw",
  });
  ana = await createUser(database.db, {
    email: "ana@studio.test",
    role: "owner",
    password: "long enough pw",
  });
  scope = { db: database.db, chosen: { ref: "env", name: "Test project" }, connection: connection() };
});
afterEach(async () => {
  await database.close();
});

async function* chunks(text: string, size = 13) {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** An owner sets GOLD's award policy (no owner limit). */
async function goldPolicy(rules: { approvalThreshold: string | null; managerDailyLimit: string | null }) {
  await setPolicy(
    database.db,
    { projectGuid: PROJECT, project: "Test project", symbol: "GOLD" },
    { token: GOLD, ...rules, ownerDailyLimit: null },
    actor(ana),
  );
}

let runs = 0;
/** A list of `n` fresh players (names unique to this test run). */
async function savedList(n: number, withAmounts = false) {
  const prefix = `camp-${++runs}-${Date.now().toString(36)}`;
  const rows = Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}${withAmounts ? `,${i + 1}.5` : ""}`);
  const list = await saveListFromFile(database.db, { ...owner(max) }, actor(max), {
    name: `Players ${prefix}`,
    fileName: "players.csv",
    body: chunks(`customer_id${withAmounts ? ",amount" : ""}\n${rows.join("\n")}\n`),
  });
  return { list, players: rows.map((row) => row.split(",")[0] as string) };
}
const owner = (user: ConsoleUser) => ({
  connection: "env",
  projectGuid: PROJECT,
  project: "Test project",
  userId: user.id,
  email: user.email,
});

const NOW = new Date("2030-03-02T12:00:00Z");
/** A weekly GOLD campaign starting on Monday 2030-03-04 18:00 Berlin (17:00 UTC). */
const weekly = (listId: number, extra: Partial<CampaignInput> = {}) =>
  CampaignInput.parse({
    name: "Weekly tournament",
    reason: "Tournament payout",
    listId,
    mode: "allowance",
    lines: [{ token: GOLD, contract: GOLD_DB, amount: "2.5" }],
    repeat: "weekly",
    start: "2030-03-04T18:00",
    timeZone: "Europe/Berlin",
    every: "",
    until: "",
    count: "",
    rrule: "",
    ...extra,
  });
const FIRST = new Date("2030-03-04T17:00:00Z");
const later = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
const WEEK = 7 * 24 * 60;

const connectionOf = async () => connection();

/** The weekly campaign made daily, by Max (a manager, so his daily limit counts). */
const dailyByMax = (listId: number) =>
  createCampaign(scope, max, weekly(listId, { repeat: "daily" }), actor(max), NOW);

async function occurrences(campaignId: number) {
  return database.db
    .select()
    .from(campaignOccurrences)
    .where(eq(campaignOccurrences.campaignId, campaignId))
    .orderBy(campaignOccurrences.index);
}

describe("player lists", () => {
  it("saves a file streamed in small chunks, each player once, in order, with exact amounts", async () => {
    const { list, players } = await savedList(4, true);
    expect(list).toMatchObject({ playerCount: 4, hasAmounts: true, source: "file" });
    const rows = (await database.db.execute(
      sql`select customer_id, trim_scale(amount)::text as amount from console.player_list_members where list_id = ${list.id} order by position`,
    )) as unknown as { rows: { customer_id: string; amount: string }[] };
    expect(rows.rows).toEqual(players.map((customer_id, i) => ({ customer_id, amount: `${i + 1}.5` })));
  });

  it("refuses a file with a repeated player or a bad row, writing nothing", async () => {
    const attempt = (text: string) =>
      saveListFromFile(database.db, owner(max), actor(max), {
        name: "Bad",
        fileName: "bad.csv",
        body: chunks(text),
      });
    const repeated = await attempt("customer_id\nsame-player\nother\nsame-player\n").catch(
      (error: unknown) => error,
    );
    expect(repeated).toBeInstanceOf(ListFileError);
    expect((repeated as ListFileError).problems).toEqual([
      { line: 4, message: "customer_id: same-player is on an earlier line: a list has each player once" },
    ]);
    const bad = await attempt("customer_id,amount\nok,1\n,2\nfine,-1\n").catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(ListFileError);
    expect((bad as ListFileError).problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(await database.db.select().from(playerLists)).toEqual([]);
    const members = (await database.db.execute(
      sql`select count(*)::int as n from console.player_list_members`,
    )) as unknown as { rows: { n: number }[] };
    expect(members.rows).toEqual([{ n: 0 }]);
  });
});

describe("a campaign's occurrences", () => {
  it("runs an occurrence once as a batch with RequestIDs from campaign, occurrence and player; each player paid once", async () => {
    const { list, players } = await savedList(12);
    const { campaignId, approvalId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    expect(approvalId).toBeNull();
    // Not due yet: nothing runs.
    expect(await runDueOccurrences(database.db, connectionOf, later(FIRST, -1))).toEqual({
      sent: [],
      held: [],
      skipped: 0,
      failed: [],
    });
    const round = await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    expect(round.sent).toHaveLength(1);
    // The same round again (a retried job, a restart) runs nothing more.
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 2))).sent).toEqual([]);
    const batchId = round.sent[0]?.batchId as number;
    const campaign = await findCampaign(database.db, PROJECT, campaignId);
    const rows = await database.db
      .select()
      .from(awards)
      .where(eq(awards.batchId, batchId))
      .orderBy(awards.batchLine);
    expect(rows.map((row) => [row.customerId, row.requestId])).toEqual(
      players.map((player) => [player, occurrenceRequestId(campaign?.guid as string, 0, player)]),
    );
    expect(rows[0]?.lines).toEqual([
      { Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "2.5" },
    ]);
    await sendBatchRows(database.db, connection(), batchId, { actorEmail: "max@studio.test" });
    expect(await batchCounts(database.db, batchId)).toMatchObject({ completed: 12, total: 12 });
    // Sent again (a console that stopped before recording): the same RequestIDs pay nobody twice.
    await database.db.update(awards).set({ status: "pending" }).where(eq(awards.batchId, batchId));
    await sendBatchRows(database.db, connection(), batchId, { actorEmail: "max@studio.test" });
    for (const player of players.slice(0, 3)) {
      const held = (await getCustomerTokens(connection(), player)).Data;
      expect(JSON.stringify(held)).toContain('"2.5"');
      expect(JSON.stringify(held)).not.toContain('"5"');
    }
    expect((await occurrences(campaignId)).map((o) => [o.index, o.status, o.batchId])).toEqual([
      [0, "sent", batchId],
    ]);
  });

  it("after downtime runs only the newest missed occurrence, once, late; the older ones are skipped", async () => {
    const { list } = await savedList(3);
    const { campaignId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    const round = await runDueOccurrences(database.db, connectionOf, later(FIRST, 2 * WEEK + 190));
    expect(round).toMatchObject({ skipped: 2, held: [] });
    expect(round.sent.map((sent) => sent.index)).toEqual([2]);
    const found = await occurrences(campaignId);
    expect(found.map((o) => [o.index, o.status])).toEqual([
      [0, "skipped"],
      [1, "skipped"],
      [2, "sent"],
    ]);
    expect(found[2]?.note).toBe("Ran 3 h 10 min late: the console was not running when it was due.");
    expect(found[0]?.note).toContain("occurrence 3 ran once in its place");
  });

  it("two console instances running the scheduler at once run each occurrence once", async () => {
    const other = await anotherInstance(database);
    const { list } = await savedList(5);
    const { campaignId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    const second = other?.db ?? database.db;
    try {
      const rounds = await Promise.all([
        runDueOccurrences(database.db, connectionOf, later(FIRST, 1)),
        runDueOccurrences(second, connectionOf, later(FIRST, 1)),
        runDueOccurrences(database.db, connectionOf, later(FIRST, 1)),
      ]);
      expect(rounds.flatMap((round) => round.sent)).toHaveLength(1);
      expect((await occurrences(campaignId)).map((o) => o.status)).toEqual(["sent"]);
      const [counted] = (
        (await database.db.execute(
          sql`select count(*)::int as n from console.award_batches where file_sha256 like 'campaign:%'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(counted?.n).toBe(1);
    } finally {
      await other?.close();
    }
  });

  it("holds an occurrence whole when it would pass the creator's daily limit, and tells them", async () => {
    await goldPolicy({ approvalThreshold: null, managerDailyLimit: "12" });
    const { list } = await savedList(4);
    // 4 players × 2.5 = 10 GOLD an occurrence: the first fits the limit of 12, the second (within 24 hours) does not.
    const { campaignId } = await dailyByMax(list.id);
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 1))).sent).toHaveLength(1);
    const second = await runDueOccurrences(database.db, connectionOf, later(FIRST, 24 * 60 + 1));
    expect(second.sent).toEqual([]);
    expect(second.held).toEqual([
      { campaignId, index: 1, reason: expect.stringContaining("Nothing of this occurrence was sent.") },
    ]);
    const found = await occurrences(campaignId);
    expect(found.map((o) => [o.status, o.batchId === null])).toEqual([
      ["sent", false],
      ["held", true],
    ]);
    // Nothing of it was written to the trail: one batch's rows only.
    const [count] = (
      (await database.db.execute(sql`select count(*)::int as n from console.awards`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count?.n).toBe(4);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, max.id));
    expect(told.map((n) => n.title)).toEqual(['Campaign "Weekly tournament": occurrence 2 held']);
    const audited = await database.db.select({ kind: auditLog.kind }).from(auditLog);
    expect(audited.map((row) => row.kind)).toContain("campaign.occurrence-held");
  });

  it("a held occurrence is sent by hand once, on the sender's own limit, with the occurrence's RequestIDs", async () => {
    await goldPolicy({ approvalThreshold: null, managerDailyLimit: "12" });
    const { list, players } = await savedList(4);
    const { campaignId } = await dailyByMax(list.id);
    await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    await runDueOccurrences(database.db, connectionOf, later(FIRST, 24 * 60 + 1));
    const guid = (await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]?.guid;
    const awardsNow = async () =>
      (
        (await database.db.execute(sql`select count(*)::int as n from console.awards`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    // Max's own limit is spent by the first occurrence: refused whole, nothing written.
    await expect(sendHeldOccurrence(scope, max, campaignId, 2, actor(max), { connectionOf })).rejects.toThrow(
      "Nothing of occurrence 2 was sent.",
    );
    expect(await awardsNow()).toBe(4);
    expect((await occurrences(campaignId)).map((o) => o.status)).toEqual(["sent", "held"]);
    // Its connection gone: refused before anything is written.
    await expect(
      sendHeldOccurrence(scope, ana, campaignId, 2, actor(ana), { connectionOf: async () => null }),
    ).rejects.toThrow(
      "is gone or now points elsewhere: sending could pay another project. Nothing of occurrence 2 was sent.",
    );
    expect(await awardsNow()).toBe(4);
    expect((await occurrences(campaignId)).map((o) => o.status)).toEqual(["sent", "held"]);
    // Ana (an owner, no limit) sends it: one batch, the occurrence's own RequestIDs, in her name.
    const sent = await sendHeldOccurrence(scope, ana, campaignId, 2, actor(ana), { connectionOf });
    expect(sent.players).toBe(4);
    const found = await occurrences(campaignId);
    expect(found.map((o) => [o.status, o.batchId])).toEqual([
      ["sent", expect.any(Number)],
      ["sent", sent.batchId],
    ]);
    expect(found[1]?.note).toContain("Sent by hand by ana@studio.test");
    const rows = await database.db.select().from(awards).where(eq(awards.batchId, sent.batchId));
    expect(rows.map((row) => row.requestId).sort()).toEqual(
      players.map((player) => occurrenceRequestId(guid as string, 1, player)).sort(),
    );
    expect(new Set(rows.map((row) => row.actorEmail))).toEqual(new Set(["ana@studio.test"]));
    // Sent once: asking again is refused, and nothing more is written.
    await expect(sendHeldOccurrence(scope, ana, campaignId, 2, actor(ana), { connectionOf })).rejects.toThrow(
      "is sent: only a held occurrence is sent by hand",
    );
    await expect(sendHeldOccurrence(scope, ana, campaignId, 1, actor(ana), { connectionOf })).rejects.toThrow(
      UserFacingError,
    );
    expect(await awardsNow()).toBe(8);
    const audited = await database.db.select({ kind: auditLog.kind }).from(auditLog);
    expect(audited.map((row) => row.kind)).toContain("campaign.occurrence-sent-by-hand");
  });

  it("refuses a campaign one occurrence of which could never fit the person's daily limit", async () => {
    await goldPolicy({ approvalThreshold: null, managerDailyLimit: "5" });
    const { list } = await savedList(4);
    await expect(createCampaign(scope, max, weekly(list.id), actor(max), NOW)).rejects.toThrow(
      /Each occurrence pays 10 GOLD: it would be held every time/,
    );
  });

  it("over the approval threshold waits for another person; approved, it runs", async () => {
    await goldPolicy({ approvalThreshold: "5", managerDailyLimit: null });
    const { list } = await savedList(4);
    const { campaignId, approvalId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    expect(approvalId).not.toBeNull();
    expect((await findCampaign(database.db, PROJECT, campaignId))?.status).toBe("awaiting-approval");
    const [request] = await database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.campaignId, campaignId));
    expect(request?.summary.totals).toEqual([
      { tokenGuid: GOLD.toLowerCase(), symbol: "GOLD", amount: "10", threshold: "5" },
    ]);
    expect(request?.summary.campaign).toMatchObject({
      players: 4,
      schedule: expect.stringContaining("Every week on Monday at 18:00"),
    });
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 1))).sent).toEqual([]);
    await expect(
      approveRequest(database.db, approvalId as number, max, actor(max), "Test project"),
    ).rejects.toThrow();
    await approveRequest(database.db, approvalId as number, ana, actor(ana), "Test project");
    expect((await findCampaign(database.db, PROJECT, campaignId))?.status).toBe("active");
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 2))).sent).toHaveLength(1);
  });

  it("paused runs nothing; resumed, what fell due while paused is skipped and the next one runs", async () => {
    const { list } = await savedList(2);
    const { campaignId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    await changeCampaign(scope, max, campaignId, "pause", actor(max), NOW);
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 1))).sent).toEqual([]);
    await expect(changeCampaign(scope, max, campaignId, "pause", actor(max), NOW)).rejects.toThrow(
      /is paused: it cannot be paused now/,
    );
    await changeCampaign(scope, max, campaignId, "resume", actor(max), later(FIRST, 60));
    expect((await occurrences(campaignId)).map((o) => [o.index, o.status, o.note])).toEqual([
      [0, "skipped", "Skipped: the campaign was paused."],
    ]);
    expect((await runDueOccurrences(database.db, connectionOf, later(FIRST, 120))).sent).toEqual([]);
    expect(
      (await runDueOccurrences(database.db, connectionOf, later(FIRST, WEEK + 1))).sent.map((s) => s.index),
    ).toEqual([1]);
  });

  it("an edit of the future numbers its occurrences on, so no RequestID of one that ran is used again", async () => {
    const { list } = await savedList(2);
    const { campaignId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    const first = await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    await editCampaign(
      scope,
      max,
      campaignId,
      weekly(list.id, {
        start: "2030-03-06T09:00",
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "7" }],
      }),
      actor(max),
      later(FIRST, 10),
    );
    const edited = await findCampaign(database.db, PROJECT, campaignId);
    expect(edited).toMatchObject({ indexOffset: 1, nextIndex: 1, status: "active" });
    const second = await runDueOccurrences(database.db, connectionOf, new Date("2030-03-06T08:01:00Z"));
    expect(second.sent.map((s) => s.index)).toEqual([1]);
    const batches = [first.sent[0]?.batchId as number, second.sent[0]?.batchId as number];
    const rows = await database.db
      .select()
      .from(awards)
      .where(
        sql`${awards.batchId} in (${sql.join(
          batches.map((b) => sql`${b}`),
          sql`, `,
        )})`,
      );
    expect(new Set(rows.map((row) => row.requestId)).size).toBe(4);
    expect(rows.filter((row) => row.batchId === batches[1]).map((row) => row.lines[0]?.Amount)).toEqual([
      "7",
      "7",
    ]);
  });

  it("a list from a batch's failed rows holds exactly those players", async () => {
    const { list, players } = await savedList(3);
    await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    const round = await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    const batchId = round.sent[0]?.batchId as number;
    await database.db
      .update(awards)
      .set({ status: "failed" })
      .where(eq(awards.customerId, players[1] as string));
    const failed = await saveListFromBatch(database.db, owner(max), actor(max), {
      name: "Retry these",
      batchId,
      filter: "failed",
    });
    expect(failed.playerCount).toBe(1);
    const [member] = (
      (await database.db.execute(
        sql`select customer_id from console.player_list_members where list_id = ${failed.id}`,
      )) as unknown as {
        rows: { customer_id: string }[];
      }
    ).rows;
    expect(member?.customer_id).toBe(players[1]);
  });

  it("a list from the award history holds the players of matching awards: status, token and window", async () => {
    const { list, players } = await savedList(3);
    await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    await database.db
      .update(awards)
      .set({ status: "failed" })
      .where(eq(awards.customerId, players[2] as string));
    const window = { since: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 60_000) };
    const failedGold = await saveListFromHistory(database.db, owner(max), actor(max), {
      name: "Failed GOLD",
      filter: { status: "failed", tokenGuid: GOLD, ...window, description: "failed GOLD awards" },
    });
    expect(failedGold).toMatchObject({
      playerCount: 1,
      source: "history",
      sourceDetail: "failed GOLD awards",
    });
    const anyGold = await saveListFromHistory(database.db, owner(max), actor(max), {
      name: "Any GOLD",
      filter: { status: "any", tokenGuid: GOLD, ...window, description: "GOLD awards" },
    });
    expect(anyGold.playerCount).toBe(3);
    await expect(
      saveListFromHistory(database.db, owner(max), actor(max), {
        name: "Other token",
        filter: {
          status: "any",
          tokenGuid: "a2000000-0000-4000-8000-000000000002",
          ...window,
          description: "GEM",
        },
      }),
    ).rejects.toThrow("No player matches: nothing was saved.");
    await expect(
      saveListFromHistory(database.db, owner(max), actor(max), {
        name: "Last year",
        filter: {
          status: "any",
          tokenGuid: null,
          since: new Date("2020-01-01"),
          until: new Date("2021-01-01"),
          description: "2020",
        },
      }),
    ).rejects.toThrow("No player matches: nothing was saved.");
  });

  it("a list from a search keeps each player found once, in the search's order, and says when it had more", async () => {
    const list = await saveListFromSearch(database.db, owner(max), actor(max), {
      name: "Found",
      fragment: "night",
      customerIds: ["nightowl", "knight-7", "nightowl", "midnight"],
      capped: true,
    });
    expect(list).toMatchObject({
      playerCount: 3,
      source: "search",
      sourceDetail: 'the players a search for "night" found (the first of more)',
    });
    const members = (
      (await database.db.execute(
        sql`select customer_id from console.player_list_members where list_id = ${list.id} order by position`,
      )) as unknown as { rows: { customer_id: string }[] }
    ).rows.map((row) => row.customer_id);
    expect(members).toEqual(["nightowl", "knight-7", "midnight"]);
  });

  it("the preview shows the next five occurrences and, for a direct campaign, whether today's wallet covers each", async () => {
    const { list } = await savedList(2);
    const small = await previewCampaign(
      scope,
      max,
      weekly(list.id, { mode: "direct", lines: [{ token: GOLD, contract: GOLD_DB, amount: "0.5" }] }),
      NOW,
    );
    expect(small).toMatchObject({
      players: 2,
      perOccurrence: [{ symbol: "GOLD", amount: "1" }],
      needsApproval: false,
    });
    expect(small.upcoming.map((o) => [o.number, o.wall, o.funds])).toEqual([
      [1, "2030-03-04 18:00", "covered"],
      [2, "2030-03-11 18:00", "covered"],
      [3, "2030-03-18 18:00", "covered"],
      [4, "2030-03-25 18:00", "covered"],
      [5, "2030-04-01 18:00", "covered"],
    ]);
    // After the clocks go forward in Berlin (31 March), 18:00 there is 16:00 UTC.
    expect(small.upcoming[4]?.at).toBe("2030-04-01T16:00:00.000Z");
    const huge = await previewCampaign(
      scope,
      max,
      weekly(list.id, {
        mode: "direct",
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "1000000000000" }],
      }),
      NOW,
    );
    expect(huge.upcoming.map((o) => o.funds)).toEqual(["waits", "waits", "waits", "waits", "waits"]);
    const allowance = await previewCampaign(scope, max, weekly(list.id), NOW);
    expect(allowance.upcoming.map((o) => o.funds)).toEqual([null, null, null, null, null]);
  });

  it("only its creator changes a campaign's terms; a creator who may no longer send awards has occurrences held", async () => {
    const other = await createUser(database.db, {
      email: "mia@studio.test",
      role: "manager",
      password: "long enough pw",
    });
    const { list } = await savedList(2);
    const { campaignId } = await createCampaign(scope, max, weekly(list.id), actor(max), NOW);
    await expect(
      editCampaign(scope, other, campaignId, weekly(list.id, { reason: "Mine now" }), actor(other), NOW),
    ).rejects.toThrow(/Only max@studio.test, who created campaign "Weekly tournament", can change its terms/);
    await expect(
      editCampaign(scope, max, campaignId, weekly(list.id, { until: "2030-03-01T00:00" }), actor(max), NOW),
    ).rejects.toThrow("until: the end is before the first occurrence.");
    await database.db.update(users).set({ role: "support" }).where(eq(users.id, max.id));
    const round = await runDueOccurrences(database.db, connectionOf, later(FIRST, 1));
    expect(round.sent).toEqual([]);
    expect(round.held.map((held) => held.reason)).toEqual([
      "max@studio.test, who created it, may no longer send awards (support): it runs only as a manager's or owner's.",
    ]);
  });
});
