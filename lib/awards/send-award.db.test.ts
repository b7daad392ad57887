import { randomUUID } from "node:crypto";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { fundWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { freePort } from "@/testing/free-port";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { recordAward } from "./lifecycle/single-award";
import { sendAward } from "./send-award";
import { settleQueuedAwards } from "./settle-queued";
import { awardTimeline, findAward, listAwards, type NewAward, TrailError } from "./trail";

const service = serveFixtures({ per: "file" });
const connection = (baseUrl = service.base): ServiceConnection => ({
  baseUrl,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

let database: ConsoleDatabase;
let actorId: number;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  actorId = (
    await createUser(database.db, { email: "max@studio.test", role: "manager", password: "long enough pw" })
  ).id;
});
afterEach(async () => {
  await database.close();
});

function award(overrides: Partial<NewAward> = {}): NewAward {
  return {
    requestId: randomUUID(),
    connection: "env",
    baseUrl: service.base,
    projectGuid: PROJECT,
    actorId,
    actorEmail: "max@studio.test",
    customerId: `trail-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "2.500000000000000001" }],
    reason: "Tournament prize",
    ...overrides,
  };
}

async function goldOf(customerId: string): Promise<string | undefined> {
  const tokens = await getCustomerTokens(connection(), customerId);
  return tokens.Data.Tokens.find((token) => token.Guid.toLowerCase() === GOLD.toLowerCase())?.Total;
}

/**
 * A proxy in front of the service that forwards every request and, when armed, drops the
 * answer to an award: the service has paid, the console never hears it.
 */
let proxy: Server;
let dropAnswers = false;
beforeAll(async () => {
  proxy = createServer((incoming, outgoing) => {
    const target = new URL(service.base);
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        if (dropAnswers && incoming.url?.endsWith("/AwardTokens")) {
          answer.resume();
          answer.on("end", () => outgoing.socket?.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});
const proxied = () => {
  const { port } = proxy.address() as AddressInfo;
  return `http://127.0.0.1:${port}${new URL(service.base).pathname}`;
};

describe("the award trail", () => {
  it("writes an award before sending, then its outcome; the timeline shows each step", async () => {
    const recorded = await recordAward(database.db, award());
    expect(recorded.status).toBe("sending");
    const sent = await sendAward(database.db, connection(), recorded, "max@studio.test");
    expect(sent).toMatchObject({ status: "completed", error: "", attempt: 1 });
    expect(await goldOf(recorded.customerId)).toBe("2.500000000000000001");

    const stored = await findAward(database.db, recorded.requestId.toUpperCase());
    expect(stored).toMatchObject({ status: "completed", attempts: 1, reason: "Tournament prize" });
    // Stored with its GUIDs in the trail's one spelling (docs/console.md, "Identifiers").
    expect(stored?.lines).toEqual([
      { Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "2.500000000000000001" },
    ]);
    const timeline = await awardTimeline(database.db, recorded.id);
    expect(timeline.map((event) => [event.kind, event.status])).toEqual([
      ["created", "sending"],
      ["sent", null],
      ["outcome", "completed"],
    ]);
  });

  it("a lost answer is 'unknown'; the retry with the same RequestID pays exactly once", async () => {
    const recorded = await recordAward(database.db, award({ baseUrl: proxied() }));
    dropAnswers = true;
    try {
      const lost = await sendAward(database.db, connection(proxied()), recorded, "max@studio.test");
      expect(lost.status).toBe("unknown");
      expect(lost.error).toMatch(/^The answer was lost on the way/);
    } finally {
      dropAnswers = false;
    }
    // The service did pay: the first attempt went through.
    expect(await goldOf(recorded.customerId)).toBe("2.500000000000000001");

    const again = await recordAward(database.db, award({ ...recorded, actorId, baseUrl: proxied() }));
    expect(again.id).toBe(recorded.id);
    const retried = await sendAward(database.db, connection(proxied()), again, "max@studio.test");
    expect(retried).toMatchObject({ status: "completed", attempt: 2 });
    expect(await goldOf(recorded.customerId)).toBe("2.500000000000000001");
    const timeline = await awardTimeline(database.db, recorded.id);
    expect(timeline.map((event) => event.status ?? event.kind)).toEqual([
      "sending",
      "sent",
      "unknown",
      "sent",
      "completed",
    ]);
    expect(timeline[3]?.detail).toBe("Retry: attempt 2, same RequestID and body.");
  });

  it("a refusal is 'failed' with the service's words; a service that cannot be reached is 'failed' too", async () => {
    const refused = await recordAward(
      database.db,
      award({ lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }], isAllowance: false, wallet: "" }),
    );
    const answer = await sendAward(database.db, connection(), refused, "max@studio.test");
    expect(answer.error).toMatch(/^The service refused the request: Wallet/);
    expect(answer.status).toBe("failed");
    expect(answer.error).toMatch(/^The service refused the request: Wallet/);

    const nowhere = await recordAward(database.db, award());
    const closed = `http://127.0.0.1:${await freePort()}/api/public`;
    const down = await sendAward(database.db, connection(closed), nowhere, "max@studio.test");
    expect(down.error).toContain("ECONNREFUSED");
    expect(down.status).toBe("failed");
  });

  it("refuses a RequestID already used for a different award", async () => {
    const first = await recordAward(database.db, award());
    await expect(
      recordAward(database.db, award({ requestId: first.requestId, customerId: "someone-else" })),
    ).rejects.toThrow(TrailError);
  });

  it("a RequestID's award spelled differently is the same award, as the service judges it (lib/contract/award-body.ts)", async () => {
    const gold = { Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1.50" };
    const gem = { Guid: GEM, ContractGuid: GEM_DB, Amount: "2" };
    const lines = [gold, gem];
    const first = await recordAward(database.db, award({ lines }));
    // Capitals, trailing zeros, another order of the lines: the same body.
    const again = await recordAward(
      database.db,
      award({
        requestId: first.requestId.toUpperCase(),
        customerId: first.customerId,
        lines: [
          { Guid: GEM.toUpperCase(), ContractGuid: GEM_DB.toUpperCase(), Amount: "2.000" },
          { Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1.5" },
        ],
      }),
    );
    expect(again.id).toBe(first.id);
    // A different amount is not.
    await expect(
      recordAward(
        database.db,
        award({
          requestId: first.requestId,
          customerId: first.customerId,
          lines: [gold, { ...gem, Amount: "2.01" }],
        }),
      ),
    ).rejects.toThrow(TrailError);
  });

  it("lists awards newest first with filters and paging", async () => {
    const a = await recordAward(database.db, award({ customerId: "list-a" }));
    await recordAward(database.db, award({ customerId: "list-b" }));
    await recordAward(database.db, award({ customerId: "list-a" }));
    const all = await listAwards(database.db, {}, { offset: 0, limit: 2 });
    expect(all.total).toBe(3);
    expect(all.rows).toHaveLength(2);
    const forA = await listAwards(database.db, { customerId: "list-a" }, { offset: 0, limit: 10 });
    // The history's filter finds part of an ID in any case; % and _ match only themselves.
    expect(
      (await listAwards(database.db, { customerContains: "ST-A" }, { offset: 0, limit: 10 })).total,
    ).toBe(2);
    expect(
      (await listAwards(database.db, { customerContains: "list" }, { offset: 0, limit: 10 })).total,
    ).toBe(3);
    expect((await listAwards(database.db, { customerContains: "l%t" }, { offset: 0, limit: 10 })).total).toBe(
      0,
    );
    const byPlayer = await listAwards(
      database.db,
      {},
      { offset: 0, limit: 10, sort: { column: "player", descending: false } },
    );
    expect(byPlayer.rows.map((row) => row.customerId)).toEqual(["list-a", "list-a", "list-b"]);
    expect(forA.rows.map((row) => row.customerId)).toEqual(["list-a", "list-a"]);
    expect(forA.rows.at(-1)?.id).toBe(a.id);
    const byActor = await listAwards(
      database.db,
      { actorEmail: "MAX@studio.test", status: "sending" },
      { offset: 0, limit: 10 },
    );
    expect(byActor.total).toBe(3);
    const future = await listAwards(
      database.db,
      { from: new Date(Date.now() + 60_000) },
      { offset: 0, limit: 10 },
    );
    expect(future.total).toBe(0);
  });

  it("the settlement job records a queued award's later settlement, asked through the Awards extension", async () => {
    // The project wallet holds 5 GEM on DB: 8 waits in the queue.
    const queued = await recordAward(
      database.db,
      award({
        isAllowance: false,
        wallet: "wallet-q",
        lines: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "8" }],
      }),
    );
    expect((await sendAward(database.db, connection(), queued, "max@studio.test")).status).toBe("queued");
    const stored = async () =>
      (await findAward(database.db, queued.requestId)) as NonNullable<Awaited<ReturnType<typeof findAward>>>;
    const settle = () => settleQueuedAwards(database.db, async () => connection());
    expect(await settle()).toEqual({ checked: 1, settled: 0 });
    expect((await stored()).status).toBe("queued");
    expect((await stored()).statusCheckedAt).not.toBeNull();

    // Someone funds the wallet elsewhere (the service's own API): the award settles there.
    await fundWallet(connection(), {
      RequestID: randomUUID(),
      Tokens: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "3" }],
    });
    expect(await settle()).toEqual({ checked: 1, settled: 1 });
    expect((await stored()).status).toBe("completed");
    // Settled awards are not asked about again.
    expect(await settle()).toEqual({ checked: 0, settled: 0 });
    const timeline = await awardTimeline(database.db, queued.id);
    expect(timeline.at(-1)).toMatchObject({ kind: "status", status: "completed" });
    expect(timeline.at(-1)?.detail).toMatch(/^Settled at .*: the project wallet was funded\.$/);
  });
});
