import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareDecimals, sumDecimals } from "@/lib/contract/decimal";
import { awardJson, holdingsOf, walletBalances } from "@/testing/service/awards-client";
import { GEM, GEM_DB, GOLD, GOLD_DB, testFixture } from "@/testing/service/fixtures";
import {
  expectLedgerBalanced,
  startSecondInstance,
  startTestService,
  TEST_DB,
  type TestService,
} from "@/testing/service/harness";
import { post, type TestResponse } from "@/testing/service/http-client";
import { importFixture } from "../domain/import";

// The fixture's project wallet holds GOLD_DB 1000 and GEM_DB 5.
let service: TestService;
let services: TestService[];
beforeEach(async () => {
  service = await startTestService();
  await importFixture(service.db, testFixture(), { reset: false });
  services = [service];
});
afterEach(async () => {
  await expectLedgerBalanced(service.db);
  for (const s of services.slice(1)) await s.stop();
  await service.stop();
});

/** A second service instance on the same PostgreSQL database (its own pool, own process state). */
async function secondInstance(): Promise<TestService> {
  if (!service.database.url) throw new Error("A second instance needs PostgreSQL.");
  const other = await startSecondInstance(service);
  services.push(other);
  return other;
}

/** Sends every body at once, spreading them over the running instances in turn. */
const sendAll = (bodies: string[]): Promise<TestResponse[]> =>
  Promise.all(
    bodies.map((raw, i) => post((services[i % services.length] as TestService).base, "/AwardTokens", raw)),
  );

async function countAwards(): Promise<{ status: string; n: number }[]> {
  const result = (await service.db.execute(
    sql`select status, count(*)::int as n from service.awards where kind = 'award' group by status order by status`,
  )) as unknown as { rows: { status: string; n: number }[] };
  return result.rows;
}

async function identicalAwardsHaveOneEffect(): Promise<void> {
  const raw = awardJson({
    requestId: randomUUID(),
    customer: "twin",
    wallet: "w",
    lines: [{ token: GOLD, contract: GOLD_DB, amount: "10" }],
  });
  const responses = await sendAll(Array.from({ length: 20 }, () => raw));
  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(new Set(responses.map((r) => r.json.Status))).toEqual(new Set(["Completed"]));
  expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "990" });
  expect(await holdingsOf(service.base, "twin")).toEqual({ [`${GOLD_DB}|w|false`]: "10" });
  expect(await countAwards()).toEqual([{ status: "Completed", n: 1 }]);
}

/**
 * 50 different direct awards worth 12.5 GEM against 5 GEM: some complete, the rest queue, and
 * the wallet is never overdrawn — what left it is exactly what the completed awards paid.
 */
async function differentAwardsNeverOverdraw(): Promise<void> {
  const amount = "0.25";
  const bodies = Array.from({ length: 50 }, (_, i) =>
    awardJson({
      customer: `racer-${i}`,
      wallet: `w-${i}`,
      // Every other award also takes GOLD, so locks on two contracts interleave.
      lines: [
        { token: GEM, contract: GEM_DB, amount },
        ...(i % 2 ? [{ token: GOLD, contract: GOLD_DB, amount: "1" }] : []),
      ],
    }),
  );
  const responses = await sendAll(bodies);
  expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
  const completed = responses.filter((r) => r.json.Status === "Completed").length;
  const queued = responses.filter((r) => r.json.Status === "Queued").length;
  expect(completed + queued).toBe(50);
  expect(completed).toBe(20); // 5 GEM / 0.25: never more, and no award waits needlessly first
  const wallet = await walletBalances(service.base);
  expect(compareDecimals(wallet[GEM_DB] ?? "", "0")).toBe(0);
  const paid: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    const held = await holdingsOf(service.base, `racer-${i}`);
    paid.push(held[`${GEM_DB}|w-${i}|false`] ?? "0");
  }
  expect(sumDecimals(paid)).toBe("5");
  expect(await countAwards()).toEqual([
    { status: "Completed", n: completed },
    { status: "Queued", n: queued },
  ]);
}

describe("concurrency", () => {
  it("rule 17: 20 concurrent identical awards have one effect and all answer 200 with the same Status", async () => {
    await identicalAwardsHaveOneEffect();
  });

  it("rule 17: 20 concurrent identical awards that must queue all answer Queued, queued once", async () => {
    const raw = awardJson({
      requestId: randomUUID(),
      wallet: "w",
      lines: [{ token: GEM, contract: GEM_DB, amount: "6" }],
    });
    const responses = await sendAll(Array.from({ length: 20 }, () => raw));
    expect(responses.map((r) => `${r.status} ${r.json.Status}`)).toEqual(Array(20).fill("200 Queued"));
    expect(await countAwards()).toEqual([{ status: "Queued", n: 1 }]);
  });

  it("rule 15: 50 concurrent different direct awards against a wallet that covers only some never overdraw", async () => {
    await differentAwardsNeverOverdraw();
  });

  it.runIf(TEST_DB === "postgres")(
    "rule 17: two service instances on one PostgreSQL: 20 identical awards have one effect",
    async () => {
      await secondInstance();
      await identicalAwardsHaveOneEffect();
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "rule 17: two service instances on one PostgreSQL: 30 different awards, each sent to both at once, have one effect each",
    async () => {
      // Each instance decides its awards as a set (migration 0017) and finds their RequestIDs
      // free; the other takes some of them first, and those are answered as repeats.
      const other = await secondInstance();
      const bodies = Array.from({ length: 30 }, (_, i) =>
        awardJson({
          customer: `both-${i}`,
          allowance: i % 3 === 0,
          wallet: "w",
          lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
        }),
      );
      const responses = await Promise.all(
        [service, other].flatMap((instance) => bodies.map((raw) => post(instance.base, "/AwardTokens", raw))),
      );
      expect(responses.map((r) => `${r.status} ${r.json.Status}`)).toEqual(Array(60).fill("200 Completed"));
      expect(await countAwards()).toEqual([{ status: "Completed", n: 30 }]);
      expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "980" });
      const customers = (await service.db.execute(
        sql`select count(*)::int as n from service.customers where customer_id like 'both-%'`,
      )) as unknown as { rows: { n: number }[] };
      expect(customers.rows).toEqual([{ n: 30 }]);
      for (let i = 0; i < 30; i += 1)
        expect(await holdingsOf(service.base, `both-${i}`)).toEqual({
          [`${GOLD_DB}|${i % 3 === 0 ? "" : "w"}|${i % 3 === 0}`]: "1",
        });
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "rule 17: two service instances on one PostgreSQL: 30 RequestIDs each sent to both at once with other bodies: one wins, the other is a conflict that leaves nothing",
    async () => {
      // Other contracts, so neither instance's batch waits for the other's wallet locks: each
      // finds the RequestIDs free and decides them as a set (migration 0017); the inserts of the
      // one that comes second wait for the first's commit, and its awards are answered as
      // repeats of the first's — a conflict, and the customers it created for them removed.
      const other = await secondInstance();
      const ids = Array.from({ length: 30 }, () => randomUUID());
      const send = (instance: TestService, token: string, contract: string, name: string) =>
        ids.map((requestId, i) =>
          post(
            instance.base,
            "/AwardTokens",
            awardJson({
              requestId,
              customer: `${name}-${i}`,
              wallet: "w",
              lines: [{ token, contract, amount: "0.1" }],
            }),
          ),
        );
      const [gold, gem] = await Promise.all([
        Promise.all(send(service, GOLD, GOLD_DB, "gold")),
        Promise.all(send(other, GEM, GEM_DB, "gem")),
      ]);
      const winners = ids.map((_, i) => {
        const pair = [gold[i], gem[i]].map((r) => `${r?.status} ${r?.json.Status ?? r?.json.ErrorCode}`);
        expect(pair.sort()).toEqual(["200 Completed", "409 REQUEST_ID_CONFLICT"]);
        return gold[i]?.status === 200 ? `gold-${i}` : `gem-${i}`;
      });
      expect(await countAwards()).toEqual([{ status: "Completed", n: 30 }]);
      const customers = (await service.db.execute(
        sql`select customer_id from service.customers
             where customer_id like 'gold-%' or customer_id like 'gem-%' order by customer_id`,
      )) as unknown as { rows: { customer_id: string }[] };
      expect(customers.rows.map((c) => c.customer_id)).toEqual([...winners].sort());
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "rule 15: two service instances on one PostgreSQL: 50 different direct awards never overdraw",
    async () => {
      await secondInstance();
      await differentAwardsNeverOverdraw();
    },
  );
});
