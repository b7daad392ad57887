import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import { awardTokens } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { createKey } from "@/lib/client/keys";
import { createWebhook } from "@/lib/client/webhooks";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { notifications } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { tellApprovalDecided, tellApprovalRequested } from "./approval-messages";
import { runNotificationChecks } from "./checks";
import { enqueueNotification } from "./outbox";
import { createRule, deleteRule, markRead, NotificationRuleError, readBell, testRule } from "./rules";
import {
  MAX_ATTEMPTS,
  type NotificationSettings,
  RATE_LIMIT,
  sendDueNotifications,
} from "./send-notifications";

/**
 * Notifications (docs/console.md, "Notifications") on a real console database (PGlite and
 * PostgreSQL): who a message is for, written once and only with what it tells, sent by the job
 * loop's step to a local Slack/Discord receiver and a local SMTP server in each channel's own
 * format, retried and given up, rate-limited, refused at an address the console does not call;
 * the checks of the job loop against the real service.
 */

interface Got {
  path: string;
  json: Record<string, any>;
}
let hooks: Server;
let hookUrl = "";
const got: Got[] = [];
let answer = 200;
const mails: { to: string; data: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  hooks = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      got.push({ path: request.url ?? "", json: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      response.writeHead(answer).end(answer === 200 ? "ok" : "no_service");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  hooks.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let database: ConsoleDatabase;
let owner: { id: number; email: string };
let manager: { id: number; email: string };
let support: { id: number; email: string };
const actor = () => ({ id: owner.id, email: owner.email, client: "test", userAgent: "test" });
const project = { ref: "env", name: "Starfall" };
const settings = (): NotificationSettings => ({
  allowedHosts: new Set(["127.0.0.1"]),
  publicUrl: "https://console.studio.example",
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  smtpFrom: "Console <console@studio.example>",
  retryBaseMs: 1,
});

beforeEach(async () => {
  database = await createConsoleTestDatabase();
  const make = async (email: string, role: "owner" | "manager" | "support") => ({
    id: (await createUser(database.db, { email, role, password: "long enough pw" })).id,
    email,
  });
  owner = await make("olga@studio.test", "owner");
  manager = await make("max@studio.test", "manager");
  support = await make("sue@studio.test", "support");
  got.length = 0;
  mails.length = 0;
  answer = 200;
});
afterEach(async () => {
  await database.close();
});

const rule = (event: string, channel: string, target: string, threshold = "") =>
  createRule(database.db, actor(), project, { event, threshold, channel, target }, true);
const request = () => ({ id: 7, connection: "env", requesterId: manager.id, requesterEmail: manager.email });
const sendAll = async () => {
  for (let round = 0; round < 10; round++) await sendDueNotifications(database.db, settings());
};
const states = async () =>
  (await database.db.select().from(notifications).orderBy(notifications.id)).map((n) => [n.channel, n.state]);

describe("who is told", () => {
  it("an approval request: every manager and owner but the one who asked, in the bell, and the project's rules", async () => {
    await rule("approval.requested", "slack", `${hookUrl}/slack`);
    await rule("approval.decided", "slack", `${hookUrl}/other`);
    await database.db.transaction(async (tx) => {
      await tellApprovalRequested(
        tx as never,
        request(),
        "Approval request 7 (Award to player-2042: 800 GEM)",
        "800 GEM is above 500.",
      );
    });
    expect((await readBell(database.db, owner.id)).unread).toBe(1);
    expect((await readBell(database.db, manager.id)).unread).toBe(0);
    expect((await readBell(database.db, support.id)).unread).toBe(0);
    const [item] = (await readBell(database.db, owner.id)).items;
    expect(item).toMatchObject({ link: "/approvals/7", read: false });
    expect(item?.title).toContain("Award to player-2042: 800 GEM");
    // Told once: the same request again writes nothing.
    await tellApprovalRequested(database.db, request(), "Approval request 7", "again");
    expect(await states()).toEqual([
      ["bell", "sent"],
      ["slack", "pending"],
    ]);
    // A rolled-back change tells nobody.
    await database.db
      .transaction(async (tx) => {
        await tellApprovalDecided(tx as never, request(), "Approval request 7", {
          status: "approved",
          by: owner.email,
        });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await states()).toHaveLength(2);
    // The decision goes to the one who asked.
    await tellApprovalDecided(database.db, request(), "Approval request 7", {
      status: "rejected",
      by: owner.email,
      note: "too much",
    });
    expect((await readBell(database.db, manager.id)).items[0]?.title).toBe(
      "Approval request 7 rejected by olga@studio.test: too much",
    );
    expect(await markRead(database.db, manager.id, [])).toBe(1);
    expect((await readBell(database.db, manager.id)).unread).toBe(0);
  });
});

describe("sending", () => {
  it("Slack and Discord in their own formats, naming the award and linking to it; email through SMTP", async () => {
    await rule("approval.requested", "slack", `${hookUrl}/slack`);
    await rule("approval.requested", "discord", `${hookUrl}/discord`);
    await rule("approval.requested", "email", "ops@studio.example, lead@studio.example");
    await tellApprovalRequested(
      database.db,
      request(),
      "Approval request 7 (Award to player-2042: 800 GEM)",
      "800 GEM is above 500.",
    );
    await sendAll();
    const slack = got.find((g) => g.path === "/slack")?.json;
    expect(slack?.text).toContain("Award to player-2042: 800 GEM");
    expect(JSON.stringify(slack?.blocks)).toContain(
      "<https://console.studio.example/approvals/7|Waiting for your approval",
    );
    expect(slack?.blocks[1].elements[0].url).toBe("https://console.studio.example/approvals/7");
    const discord = got.find((g) => g.path === "/discord")?.json;
    expect(discord?.embeds[0]).toMatchObject({ url: "https://console.studio.example/approvals/7" });
    expect(discord?.allowed_mentions).toEqual({ parse: [] });
    expect(mails.map((m) => m.to).sort()).toEqual(["lead@studio.example", "ops@studio.example"]);
    expect(mails[0]?.data).toContain("Subject: Waiting for your approval");
    expect(mails[0]?.data).toContain("https://console.studio.example/approvals/7");
    expect(
      (await states()).filter(([channel]) => channel !== "bell").every(([, state]) => state === "sent"),
    ).toBe(true);
  });

  it("retries a failing webhook, then gives up; an address the console does not call is refused, saying how to allow it", async () => {
    await rule("approval.requested", "slack", `${hookUrl}/down`);
    answer = 500;
    await tellApprovalRequested(database.db, request(), "Approval request 7", "");
    for (let round = 0; round < MAX_ATTEMPTS + 2; round++) {
      await sendDueNotifications(database.db, settings());
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const [slack] = await database.db.select().from(notifications).where(eq(notifications.channel, "slack"));
    expect(slack).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    expect(slack?.lastError).toBe("The Slack webhook answered HTTP 500: no_service.");
    expect(got.filter((g) => g.path === "/down")).toHaveLength(MAX_ATTEMPTS);

    await rule("approval.decided", "discord", `${hookUrl}/guarded`);
    await tellApprovalDecided(database.db, request(), "Approval request 7", { status: "expired" });
    await sendDueNotifications(database.db, { ...settings(), allowedHosts: new Set() });
    const [discord] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.channel, "discord"));
    expect(discord?.lastError).toMatch(
      /does not call 127\.0\.0\.1: it is a loopback address.*CONSOLE_ALLOWED_NOTIFICATION_HOSTS/,
    );
    expect(got.some((g) => g.path === "/guarded")).toBe(false);
  });

  it(`sends at most ${RATE_LIMIT} messages of a rule in 10 minutes; the rest are held back and say so`, async () => {
    await rule("queue.stale", "slack", `${hookUrl}/busy`, "1");
    for (let i = 0; i < RATE_LIMIT + 3; i++)
      await enqueueNotification(database.db, {
        connection: "env",
        event: "queue.stale",
        dedup: `flood:${i}`,
        title: `flood ${i}`,
        body: "",
        link: "",
      });
    await sendAll();
    expect(got.filter((g) => g.path === "/busy")).toHaveLength(RATE_LIMIT);
    const held = await database.db.select().from(notifications).where(eq(notifications.state, "suppressed"));
    expect(held).toHaveLength(3);
    expect(held[0]?.lastError).toMatch(/More than 20 messages of this rule/);
  });
});

describe("rules", () => {
  it("are added, tested and deleted, each in the audit log; email is refused where SMTP is not set up", async () => {
    const id = await rule("approval.decided", "slack", `${hookUrl}/T0123/B0456/secret-token`);
    await testRule(database.db, actor(), project, id);
    await sendAll();
    expect(got.find((g) => g.path.startsWith("/T0123"))?.json.text).toMatch(
      /^Test: Approval decided \(Starfall\)/,
    );
    await deleteRule(database.db, actor(), project, id);
    const refused = await createRule(
      database.db,
      actor(),
      project,
      { event: "key.expiring", threshold: "", channel: "email", target: "a@b.example" },
      false,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotificationRuleError);
    const audit = await readAuditPage(database.db, {}, { limit: 20 });
    const kinds = audit.rows.map((row) => row.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "notification-rule.created",
        "notification-rule.tested",
        "notification-rule.deleted",
      ]),
    );
    // The webhook's token is never in the audit log.
    expect(JSON.stringify(audit.rows)).not.toContain("secret-token");
  });
});

describe("the job loop's checks, against the real service", () => {
  const service = serveFixtures({ per: "file" });
  const connection = (): ServiceConnection => ({
    baseUrl: service.base,
    projectGuid: PROJECT,
    apiKey: KEY,
    addresses: LOOPBACK_SERVICES,
  });

  it("a queue older than the rule's minutes, a funding gap over its amount, a key expiring within 7 days — each told once", async () => {
    await rule("queue.stale", "slack", `${hookUrl}/queue`, "30");
    await rule("funding.gap", "slack", `${hookUrl}/gap`, "2");
    await rule("key.expiring", "slack", `${hookUrl}/keys`);
    // The fixture's wallet holds GEM_DB 5: 8 and 1 wait (a gap of 4).
    for (const amount of ["8", "1"])
      await awardTokens(connection(), {
        RequestID: randomUUID(),
        CustomerID: `waits-${amount}`,
        IsAllowance: false,
        Wallet: "w",
        Tokens: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: amount }],
      } as never);
    await createKey(connection(), {
      Name: "expiring",
      Scopes: ["read"],
      ExpiresAt: `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19)}Z`,
      Caps: [],
    });
    const now = new Date(Date.now() + 10 * 60_000);
    await runNotificationChecks(database.db, async () => connection(), now);
    // Ten minutes is not thirty: no queue message yet.
    expect((await states()).map(([c]) => c)).toHaveLength(2);
    const later = new Date(Date.now() + 40 * 60_000);
    await runNotificationChecks(database.db, async () => connection(), later);
    await runNotificationChecks(database.db, async () => connection(), later);
    await sendAll();
    expect(got.filter((g) => g.path === "/queue")).toHaveLength(1);
    expect(got.find((g) => g.path === "/queue")?.json.text).toMatch(
      /^Awards have waited 4\d minutes for funds/,
    );
    // A gap is told at most once an hour: once per clock hour the two checks fell in.
    const hours = new Set([now, later].map((at) => Math.floor(at.getTime() / 3_600_000)));
    expect(got.filter((g) => g.path === "/gap")).toHaveLength(hours.size);
    expect(got.find((g) => g.path === "/gap")?.json.text).toMatch(/The wallet is 4 GEM short of the queue/);
    expect(got.filter((g) => g.path === "/keys").map((g) => g.json.text)).toEqual([
      expect.stringMatching(/“expiring”.*expires/),
    ]);
  });

  it("a failing webhook endpoint is told once per failing spell", async () => {
    await rule("webhook.failing", "discord", `${hookUrl}/failing`);
    const made = await createWebhook(connection(), {
      Url: "https://game.example/hooks",
      Description: "",
      Events: [],
      LowBalance: [],
    });
    // The service marks an endpoint failing once a delivery gives up after 3 days: set here.
    await service.db.execute(
      sql`update service.webhook_endpoints set state = 'failing', failing_since = now() where id = ${made.Data.Endpoint.Id}`,
    );
    await runNotificationChecks(database.db, async () => connection(), new Date());
    await runNotificationChecks(database.db, async () => connection(), new Date());
    await sendAll();
    const told = got.filter((g) => g.path === "/failing");
    expect(told).toHaveLength(1);
    expect(told[0]?.json.content).toBe("The webhook endpoint https://game.example/hooks is failing");
    expect(told[0]?.json.embeds[0].url).toBe("https://console.studio.example/developers/webhooks");
  });
});
