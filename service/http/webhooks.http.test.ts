import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { award, fund, reverse } from "@/testing/service/awards-client";
import { within } from "@/testing/service/eventually";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  GEM,
  GEM_DB,
  GOLD,
  GOLD_DB,
  KEY,
  OTHER_KEY,
  OTHER_PROJECT,
  otherFixture,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import { call, post } from "@/testing/service/http-client";
import { type Received, verifies, WebhookReceiver } from "@/testing/service/webhook-receiver";
import { createApiKey } from "../domain/keys";
import { rows } from "../domain/sql-rows";
import { webhookSettings } from "../env";
import { WebhookSender, type WebhookSettings } from "../webhooks/sender";

/**
 * Our webhooks extension (docs/service.md, "Webhooks") over HTTP, on PGlite and PostgreSQL: every
 * event type from the change that makes it, signed per Standard Webhooks and checked with the
 * library's own verifier; retries and giving up; replays and test events; secret rotation; the
 * address guard; one project's events never sent to another's endpoint. The sender runs by hand
 * (`drain`) so that each test says when sending happens; one test lets its loop run alone.
 */
const settings: WebhookSettings = {
  ...webhookSettings(),
  enabled: false,
  allowedHosts: new Set(["127.0.0.1"]),
  retry: { baseMs: 40, capMs: 400, giveUpMs: 60_000 },
  timeoutMs: 2000,
  pollMs: 25,
};
const service = serveFixtures({
  per: "test",
  fixtures: () => [testFixture(), otherFixture()],
  webhooks: settings,
});
let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await new WebhookReceiver().start();
});
afterEach(() => receiver.stop());

const drain = () => service.app.webhooks.drain();
const gold = (amount: string) => ({ token: GOLD, contract: GOLD_DB, amount });
const gem = (amount: string) => ({ token: GEM, contract: GEM_DB, amount });

async function addEndpoint(fields: Record<string, unknown> = {}, key = KEY, project = PROJECT) {
  const response = await post(
    service.base,
    "/Webhooks",
    JSON.stringify({ ApiKey: key, ProjectGuid: project, Url: receiver.url, ...fields }),
  );
  expect(response.json, JSON.stringify(response.json)).toMatchObject({ isError: "0" });
  return response.json.Data as { Endpoint: { Id: number }; Secret: string };
}

const postJson = (path: string, body: Record<string, unknown>) =>
  post(service.base, path, JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, ...body }));

async function deliveries(query = "") {
  const response = await call(service.base, `/Webhooks/Deliveries/${KEY}/${PROJECT}${query}`);
  expect(response.status).toBe(200);
  return response.json.Data.Deliveries as {
    EventId: string;
    Type: string;
    State: string;
    AttemptCount: number;
    Attempts: { StatusCode: number; Ok: boolean; Error: string; Excerpt: string; LatencyMs: number }[];
  }[];
}

const types = (got: Received[]) => got.map((r) => r.event.type);

describe("endpoints", () => {
  it("are made with the keys scope, answer their secret once and never list it", async () => {
    const made = await addEndpoint({ Description: "game server", Events: ["award.completed"] });
    expect(made.Secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
    expect(listed.json.Data.Endpoints).toMatchObject([
      {
        Id: made.Endpoint.Id,
        Url: receiver.url,
        Description: "game server",
        Events: ["award.completed"],
        State: "enabled",
      },
    ]);
    expect(listed.text).not.toContain(made.Secret);
    expect(listed.text).not.toContain(made.Secret.slice(6));

    const readOnly = await createApiKey(service.db, service.projectId, { label: "read", scopes: ["read"] });
    const refused = await call(service.base, `/Webhooks/${readOnly.key}/${PROJECT}`);
    expect(refused.status).toBe(403);
    const refusedPost = await post(
      service.base,
      "/Webhooks",
      JSON.stringify({ ApiKey: readOnly.key, ProjectGuid: PROJECT, Url: receiver.url }),
    );
    expect(refusedPost.status).toBe(403);
  });

  it("refuse a bad URL, an unknown event type or token, naming the field", async () => {
    const bad = async (fields: Record<string, unknown>, pattern: RegExp) => {
      const response = await postJson("/Webhooks", { Url: receiver.url, ...fields });
      expect(response.status).toBe(400);
      expect(response.json.Message ?? response.text).toMatch(pattern);
    };
    await bad({ Url: "ftp://example.com/x" }, /Url.*http or https/);
    await bad({ Url: "not a url" }, /Url.*absolute URL/);
    await bad({ Url: "https://user:pw@example.com/" }, /Url.*user name or password/);
    await bad({ Events: ["award.made"] }, /Events.*must each be one of/);
    await bad(
      { LowBalance: [{ TokenGuid: randomUUID(), Below: 5 }] },
      /LowBalance\[0\]\.TokenGuid.*not a token/,
    );
    await bad({ LowBalance: [{ TokenGuid: GOLD, Below: 0 }] }, /LowBalance\[0\]\.Below/);
    const none = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
    expect(none.json.Data.Endpoints).toEqual([]);
  });

  it("update, disable, enable and delete; a disabled endpoint is sent nothing", async () => {
    const { Endpoint } = await addEndpoint();
    const updated = await postJson("/Webhooks/Update", {
      EndpointId: Endpoint.Id,
      Description: "new",
      Enabled: false,
    });
    expect(updated.json.Data.Endpoint).toMatchObject({ Description: "new", State: "disabled" });
    await award(service.base, { customer: "p1", allowance: true, lines: [gold("1")] });
    await drain();
    expect(receiver.received).toEqual([]);
    await postJson("/Webhooks/Update", { EndpointId: Endpoint.Id, Enabled: true });
    await award(service.base, { customer: "p2", allowance: true, lines: [gold("1")] });
    await drain();
    expect(receiver.received.map((r) => r.event.data.CustomerID)).toEqual(["p2"]);
    const deleted = await postJson("/Webhooks/Delete", { EndpointId: Endpoint.Id });
    expect(deleted.json.Data).toEqual({ EndpointId: Endpoint.Id });
    const again = await postJson("/Webhooks/Delete", { EndpointId: Endpoint.Id });
    expect(again.status).toBe(404);
  });
});

describe("events", () => {
  it("an award: award.completed, signed so that the library verifies it and a changed byte fails", async () => {
    const { Secret } = await addEndpoint();
    const requestId = randomUUID();
    await award(service.base, {
      requestId,
      customer: "hana",
      allowance: true,
      lines: [gold("12.5"), gem("1")],
    });
    await drain();
    expect(types(receiver.received)).toEqual(["award.completed"]);
    const [got] = receiver.received as [Received];
    expect(got.event.data).toEqual({
      ProjectGuid: PROJECT,
      RequestID: requestId,
      CustomerID: "hana",
      Kind: "Allowance",
      Wallet: "",
      Status: "Completed",
      Tokens: [
        expect.objectContaining({ TokenGuid: GOLD, ContractGuid: GOLD_DB, Amount: "12.5" }),
        expect.objectContaining({ TokenGuid: GEM, ContractGuid: GEM_DB, Amount: "1" }),
      ],
    });
    expect(got.headers["webhook-id"]).toBe(got.event.id);
    expect(verifies(got, Secret)).toBe(true);
    const changed = { ...got, body: got.body.replace("12.5", "12.6") };
    expect(verifies(changed, Secret)).toBe(false);
    const otherSecret = { ...got, headers: { ...got.headers, "webhook-id": randomUUID() } };
    expect(verifies(otherSecret, Secret)).toBe(false);
    // A repeated award is the same award: no second event.
    await award(service.base, {
      requestId,
      customer: "hana",
      allowance: true,
      lines: [gold("12.5"), gem("1")],
    });
    await drain();
    expect(receiver.received).toHaveLength(1);
  });

  it("a queued award, the funding that settles it, and its reversal", async () => {
    await addEndpoint();
    // The fixture's wallet holds GEM_DB 5: 8 waits.
    const queued = randomUUID();
    const waited = await award(service.base, {
      requestId: queued,
      customer: "kai",
      wallet: "w",
      lines: [gem("8")],
    });
    expect(waited.json.Status).toBe("Queued");
    await drain();
    const funding = randomUUID();
    await fund(service.base, { requestId: funding, lines: [gem("10")] });
    await drain();
    const reversal = randomUUID();
    const reversed = await reverse(service.base, {
      reversalId: randomUUID(),
      requestId: queued,
      reason: "typo",
    });
    expect(reversed.json, JSON.stringify(reversed.json)).toMatchObject({ isError: "0" });
    await drain();
    expect(types(receiver.received)).toEqual([
      "award.queued",
      "wallet.funded",
      "award.settled",
      "award.reversed",
    ]);
    const [q, f, s, r] = receiver.received as [Received, Received, Received, Received];
    expect(q.event.data).toMatchObject({
      RequestID: queued,
      Status: "Queued",
      Kind: "Distribution",
      Wallet: "w",
    });
    expect(f.event.data).toMatchObject({
      RequestID: funding,
      Tokens: [expect.objectContaining({ Amount: "10" })],
    });
    expect(s.event.data).toMatchObject({ RequestID: queued, Status: "Completed" });
    expect(r.event.data).toMatchObject({ RequestID: queued, Kind: "Reversed", Reason: "typo" });
    void reversal;
    expect(new Set(receiver.received.map((got) => got.event.id)).size).toBe(4);
  });

  it("wallet.low once per crossing of an endpoint's threshold, to that endpoint alone", async () => {
    const watching = await addEndpoint({ LowBalance: [{ TokenGuid: GOLD, Below: 900 }] });
    const other = await new WebhookReceiver().start();
    try {
      await post(
        service.base,
        "/Webhooks",
        JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, Url: other.url, Events: ["wallet.low"] }),
      );
      // The wallet holds GOLD_DB 1000: 50 leaves 950, 100 more 850 (crossing 900), 10 more 840.
      for (const amount of ["50", "100", "10"])
        await award(service.base, { customer: "low", wallet: "w", lines: [gold(amount)] });
      await drain();
      const low = receiver.ofType("wallet.low");
      expect(low).toHaveLength(1);
      expect(low[0]?.event.data).toMatchObject({
        TokenGuid: GOLD,
        ContractGuid: GOLD_DB,
        Balance: "850",
        Before: "950",
        Below: "900",
      });
      expect(other.received).toEqual([]);
      void watching;
    } finally {
      await other.stop();
    }
  });

  it("keys: rolled, expiring 7 days ahead (once, for a key that still works then), revoked", async () => {
    await addEndpoint({ Events: ["key.rolled", "key.revoked", "key.expiring"] });
    const made = await createApiKey(service.db, service.projectId, {
      label: "ci",
      expiresAt: new Date(Date.now() + 3 * 24 * 3600_000),
    });
    const rolled = await postJson("/Keys/Roll", { KeyId: made.id, GraceSeconds: 60 });
    expect(rolled.json).toMatchObject({ isError: "0" });
    const successor = rolled.json.Data.Key.Id as number;
    // The old key stops in 60 s, before its expiry: only its successor is warned of.
    await service.app.webhooks.sweep();
    await service.app.webhooks.sweep();
    await drain();
    expect(types(receiver.received)).toEqual(["key.rolled", "key.expiring"]);
    await postJson("/Keys/Revoke", { KeyId: successor });
    await service.app.webhooks.sweep();
    await drain();
    expect(types(receiver.received)).toEqual(["key.rolled", "key.expiring", "key.revoked"]);
    const [roll, expiring, revoked] = receiver.received as [Received, Received, Received];
    expect(roll.event.data).toMatchObject({ KeyId: made.id, Name: "ci" });
    expect(new Date(String(roll.event.data.WorksUntil)).getTime()).toBeGreaterThan(Date.now());
    expect(expiring.event.data).toMatchObject({ KeyId: successor, Name: "ci" });
    expect(revoked.event.data).toMatchObject({ KeyId: successor });
  });

  it("another project's changes are never sent to this project's endpoint, nor ours to theirs", async () => {
    await addEndpoint();
    const theirs = await new WebhookReceiver().start();
    try {
      const made = await post(
        service.base,
        "/Webhooks",
        JSON.stringify({ ApiKey: OTHER_KEY, ProjectGuid: OTHER_PROJECT, Url: theirs.url }),
      );
      expect(made.json).toMatchObject({ isError: "0" });
      const [other] = await rows<{ id: number }>(
        service.db,
        sql`select id from service.projects where guid = ${OTHER_PROJECT}::uuid`,
      );
      const key = await createApiKey(service.db, other?.id ?? 0, "theirs");
      const revoked = await post(
        service.base,
        "/Keys/Revoke",
        JSON.stringify({ ApiKey: OTHER_KEY, ProjectGuid: OTHER_PROJECT, KeyId: key.id }),
      );
      expect(revoked.json).toMatchObject({ isError: "0" });
      await award(service.base, { customer: "ours", allowance: true, lines: [gold("1")] });
      await drain();
      expect(types(receiver.received)).toEqual(["award.completed"]);
      expect(receiver.received.every((r) => r.event.data.ProjectGuid === PROJECT)).toBe(true);
      expect(types(theirs.received)).toEqual(["key.revoked"]);
      expect(theirs.received[0]?.event.data.ProjectGuid).toBe(OTHER_PROJECT);
      // Their endpoint is not ours to see or change.
      const listed = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
      expect(listed.json.Data.Endpoints).toHaveLength(1);
      const theirsId = made.json.Data.Endpoint.Id;
      expect((await postJson("/Webhooks/Delete", { EndpointId: theirsId })).status).toBe(404);
      expect((await postJson("/Webhooks/Test", { EndpointId: theirsId })).status).toBe(404);
    } finally {
      await theirs.stop();
    }
  });

  it("the sender's own loop delivers without being asked", async () => {
    await addEndpoint();
    const sender = new WebhookSender(service.db, { ...settings, enabled: true });
    sender.start();
    try {
      await award(service.base, { customer: "loop", allowance: true, lines: [gold("1")] });
      await within(10_000, async () => receiver.received.length === 1);
      expect(types(receiver.received)).toEqual(["award.completed"]);
    } finally {
      await sender.close();
    }
  });
});

/** Sends rounds until `done` holds (retries come due on their own clock). */
async function sendUntil(sender: { drain(): Promise<void> }, done: () => Promise<boolean>, ms = 15_000) {
  await within(ms, async () => {
    await sender.drain();
    return done();
  });
}

describe("delivery", () => {
  it("retries a failing endpoint with growing waits, logs every attempt, and stops once it answers", async () => {
    const { Endpoint } = await addEndpoint();
    let calls = 0;
    receiver.answer = () => (++calls <= 2 ? 500 : 200);
    await award(service.base, { customer: "retry", allowance: true, lines: [gold("1")] });
    await sendUntil(service.app.webhooks, async () => (await deliveries())[0]?.State === "delivered");
    const [delivery] = await deliveries(`?EndpointId=${Endpoint.Id}`);
    expect(delivery).toMatchObject({ Type: "award.completed", State: "delivered", AttemptCount: 3 });
    expect(delivery?.Attempts.map((a) => [a.StatusCode, a.Ok, a.Excerpt])).toEqual([
      [500, false, "receiver says 500"],
      [500, false, "receiver says 500"],
      [200, true, "thanks"],
    ]);
    expect(delivery?.Attempts.every((a) => a.LatencyMs >= 0)).toBe(true);
    // Waits of base 40 ms, then 80 ms, each times a factor in [0.5, 1): at least 20 and 40 ms.
    const [first = 0, second = 0, third = 0] = receiver.arrivals;
    expect(second - first).toBeGreaterThanOrEqual(19);
    expect(third - second).toBeGreaterThanOrEqual(39);
    // One event, one id, every time.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    await drain();
    expect(receiver.received).toHaveLength(3);
  });

  it("gives up after the give-up time and marks the endpoint failing; a replay after the fix delivers and clears it", async () => {
    const { Endpoint } = await addEndpoint();
    receiver.answer = 503;
    const since = `${new Date(Date.now() - 60_000).toISOString().slice(0, 19)}Z`;
    const brief = new WebhookSender(service.db, {
      ...settings,
      retry: { baseMs: 50, capMs: 100, giveUpMs: 1000 },
    });
    try {
      await award(service.base, { customer: "down", allowance: true, lines: [gold("1")] });
      await sendUntil(brief, async () => (await deliveries())[0]?.State === "failed");
      const listed = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
      expect(listed.json.Data.Endpoints[0]).toMatchObject({
        State: "failing",
        Health: { LastFailure: "HTTP 503", Succeeded24h: 0 },
      });
      expect(listed.json.Data.Endpoints[0].FailingSince).not.toBe("");
      const attempts = receiver.received.length;
      expect(attempts).toBeGreaterThanOrEqual(2);

      receiver.answer = 200;
      const resent = await postJson("/Webhooks/Resend", { EndpointId: Endpoint.Id, FailedSince: since });
      expect(resent.json.Data.Queued).toBe(1);
      // Sent at once, or once the endpoint's circuit (open after 5 failures in a row) closes.
      await sendUntil(brief, async () => (await deliveries())[0]?.State === "delivered");
      expect(receiver.received).toHaveLength(attempts + 1);
      const healed = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
      expect(healed.json.Data.Endpoints[0]).toMatchObject({ State: "enabled", FailingSince: "" });
    } finally {
      await brief.close();
    }
  });

  it("an endpoint failing past the period is disabled with the reason, and sent nothing more", async () => {
    await addEndpoint();
    receiver.answer = 500;
    const brief = new WebhookSender(service.db, {
      ...settings,
      retry: { baseMs: 10, capMs: 20, giveUpMs: 30 },
      disableAfterMs: 1,
    });
    try {
      await award(service.base, { customer: "gone", allowance: true, lines: [gold("1")] });
      await sendUntil(brief, async () => (await deliveries())[0]?.State === "failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
      await brief.sweep();
      const listed = await call(service.base, `/Webhooks/${KEY}/${PROJECT}`);
      expect(listed.json.Data.Endpoints[0].State).toBe("disabled");
      expect(listed.json.Data.Endpoints[0].DisabledReason).toMatch(
        /^Disabled by the service: every delivery failed since .* UTC \(0 days\)\.$/,
      );
      const before = receiver.received.length;
      await award(service.base, { customer: "after", allowance: true, lines: [gold("1")] });
      await brief.drain();
      expect(receiver.received).toHaveLength(before);
    } finally {
      await brief.close();
    }
  });

  it("a test event on demand, and one event sent again with its own id", async () => {
    const { Endpoint } = await addEndpoint({ Events: ["wallet.funded"] });
    const tested = await postJson("/Webhooks/Test", { EndpointId: Endpoint.Id });
    expect(tested.json.Data.Queued).toBe(1);
    const [eventId] = tested.json.Data.EventIds as [string];
    await drain();
    expect(types(receiver.received)).toEqual(["webhook.test"]);
    expect(receiver.received[0]?.event.id).toBe(eventId);
    const listed = await deliveries("?Type=webhook.test&State=delivered");
    expect(listed.map((d) => d.EventId)).toEqual([eventId]);
    expect(await deliveries("?State=failed")).toEqual([]);

    const again = await postJson("/Webhooks/Resend", { EndpointId: Endpoint.Id, EventId: eventId });
    expect(again.json.Data).toEqual({ Queued: 1, EventIds: [eventId] });
    await drain();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);

    const unknown = await postJson("/Webhooks/Resend", { EndpointId: Endpoint.Id, EventId: randomUUID() });
    expect(unknown.status).toBe(404);
    const both = await postJson("/Webhooks/Resend", {
      EndpointId: Endpoint.Id,
      EventId: eventId,
      FailedSince: "2026-01-01T00:00:00Z",
    });
    expect(both.status).toBe(400);
    expect(both.text).toMatch(/exactly one of EventId/);
  });

  it("a rolled secret: both sign during the grace period, only the new one after", async () => {
    const { Endpoint, Secret: first } = await addEndpoint();
    const rolled = await postJson("/Webhooks/RollSecret", { EndpointId: Endpoint.Id, GraceSeconds: 3600 });
    const second = rolled.json.Data.Secret as string;
    expect(second).not.toBe(first);
    expect(rolled.json.Data.OldSecretWorksUntil).not.toBe("");
    expect(rolled.json.Data.Endpoint.PreviousSecretUntil).toBe(rolled.json.Data.OldSecretWorksUntil);
    await award(service.base, { customer: "rot1", allowance: true, lines: [gold("1")] });
    await drain();
    const during = receiver.received.at(-1) as Received;
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifies(during, first)).toBe(true);
    expect(verifies(during, second)).toBe(true);

    const now = await postJson("/Webhooks/RollSecret", { EndpointId: Endpoint.Id, GraceSeconds: 0 });
    const third = now.json.Data.Secret as string;
    expect(now.json.Data.OldSecretWorksUntil).toBe("");
    await award(service.base, { customer: "rot2", allowance: true, lines: [gold("1")] });
    await drain();
    const after = receiver.received.at(-1) as Received;
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifies(after, third)).toBe(true);
    expect(verifies(after, second)).toBe(false);
    expect(verifies(after, first)).toBe(false);
  });

  it("never calls a loopback, private or metadata address, nor another protocol's port, unless the host is allowed", async () => {
    const guarded = new WebhookSender(service.db, {
      ...settings,
      allowedHosts: new Set(),
      // hooks.example.test resolves to a private address, metadata.example.test to the metadata one.
      lookup: ((
        host: string,
        _options: unknown,
        callback: (e: null, a: { address: string; family: number }[]) => void,
      ) =>
        callback(null, [
          { address: host.startsWith("metadata") ? "169.254.169.254" : "10.1.2.3", family: 4 },
        ])) as never,
    });
    try {
      for (const url of [
        receiver.url,
        "http://hooks.example.test/x",
        "http://metadata.example.test/",
        "http://example.com:25/",
      ])
        await post(
          service.base,
          "/Webhooks",
          JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, Url: url }),
        );
      await award(service.base, { customer: "ssrf", allowance: true, lines: [gold("1")] });
      await guarded.drain();
      expect(receiver.received).toEqual([]);
      const errors = (await deliveries()).map((d) => d.Attempts[0]?.Error).sort();
      expect(errors).toEqual(
        [
          "127.0.0.1 is a loopback address: not called",
          "hooks.example.test resolves to a private address: not called",
          "metadata.example.test resolves to a link-local address (where cloud metadata services answer): not called",
          "port 25 belongs to another protocol: not called",
        ].sort(),
      );
    } finally {
      await guarded.close();
    }
  });
});
