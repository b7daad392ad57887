import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { within } from "@/testing/service/eventually";
import {
  AWKWARD_PLAYER,
  GOLD,
  GOLD_DB,
  KEY,
  PLAYER,
  PRICE_FIAT,
  PRICE_POLYGON,
  PRICE_SCHEDULED,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import {
  createTestDatabase,
  expectLedgerBalanced,
  startTestService,
  TEST_DB,
  type TestService,
} from "@/testing/service/harness";
import { call } from "@/testing/service/http-client";
import type { ServiceDatabase, ServiceDb } from "../db/connection";
import * as schema from "../db/schema";
import { fundWallet } from "../domain/awards";
import { listPrices, listProducts, listProjectTokens } from "../domain/catalogue";
import { listCustomerItems, listCustomerTokens } from "../domain/holdings";
import { importFixture } from "../domain/import";
import { createApiKey, findProjectByGuid, revokeApiKey } from "../domain/keys";
import { requestLogSettings } from "../env";
import { ok } from "./envelope";
import { stringifyWithRawTotals } from "./wire-json";

/**
 * docs/service.md, "Caches": catalogue answers kept as bytes (ETag, 304, gzip/br, validity
 * boundaries), dropped on every instance when the catalogue changes; the key check without a
 * database round trip, a revoked key refused within 1 s on every instance; player reads in one
 * statement. Two instances share one database, as behind a load balancer.
 */

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET with the body as sent (fetch would decode gzip and br itself). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(`${base}${path}`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** A handle on the same database that records every statement it sends. */
function countingHandle(db: ServiceDb, statements: string[]): ServiceDb {
  const client = (db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => statements.push(query) };
  const counted =
    TEST_DB === "pglite" ? drizzlePglite(client, { schema, logger }) : drizzlePg(client, { schema, logger });
  return counted as unknown as ServiceDb;
}

let database: ServiceDatabase & { url?: string };
let projectId: number;
let clock = Date.now();
let a: TestService;
let b: TestService;
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  projectId = (await importFixture(database.db, testFixture(), { reset: false })).projectId;
  // Instance A counts its statements and trusts a key check for a minute (so a count is not
  // disturbed by a slow machine), and keeps no request log (its writes would land in a count at
  // random); B keeps the production settings. Both read prices by `clock`.
  a = await startTestService({
    database: { ...database, db: countingHandle(database.db, statements) },
    now: () => clock,
    keyCheckTtlMs: 60_000,
    requestLog: { ...requestLogSettings(), enabled: false },
  });
  b = await startTestService({ database, now: () => clock });
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await expectLedgerBalanced(database.db);
  await database.close();
});

const products = `/Products/${KEY}/${PROJECT}`;

// In this order, even when vitest shuffles tests (sequence.shuffle): every test shares one
// project, the catalogue import is refused once awards were made (docs/service.md, "Data in"), and
// the player answers are checked before the award tests change them.
describe("the service's caches, on one project", { shuffle: false }, () => {
  describe("catalogue answers from kept bytes", () => {
    it("the bytes are the plain answer's; a strong ETag; If-None-Match answers 304", async () => {
      const expected = JSON.stringify(ok({ Data: await listProducts(database.db, projectId) }));
      const first = await rawGet(a.base, products);
      expect(first.status).toBe(200);
      expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(first.body.toString("utf8")).toBe(expected);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      // Same bytes, same tag, on every instance.
      expect((await rawGet(b.base, products)).headers.etag).toBe(etag);
      for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const again = await rawGet(a.base, products, { "if-none-match": tag });
        expect(again.status, tag).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
      }
      expect((await rawGet(a.base, products, { "if-none-match": '"stale"' })).status).toBe(200);
    });

    it("gzip and br as Accept-Encoding asks (q values), decoding to the same bytes", async () => {
      const plain = (await rawGet(a.base, products)).body;
      const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
        ["gzip", "gzip", gunzipSync],
        ["br", "br", brotliDecompressSync],
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["br;q=0.5, gzip;q=0.9", "gzip", gunzipSync],
        ["br;q=0, gzip;q=0, identity", undefined, (x) => x],
        ["deflate", undefined, (x) => x],
      ];
      for (const [accept, coding, decode] of cases) {
        const response = await rawGet(a.base, products, { "accept-encoding": accept });
        expect(response.status, accept).toBe(200);
        expect(response.headers["content-encoding"], accept).toBe(coding);
        expect(response.headers.vary, accept).toBe("Accept-Encoding");
        expect(decode(response.body).equals(plain), accept).toBe(true);
        if (coding) expect(response.body.length, accept).toBeLessThan(plain.length);
        // A compressed answer is another representation: its own tag, which If-None-Match also knows.
        const etag = response.headers.etag as string;
        expect(
          (await rawGet(a.base, products, { "accept-encoding": accept, "if-none-match": etag })).status,
        ).toBe(304);
      }
    });

    it("project Tokens and Prices are the plain answers' bytes too", async () => {
      const tokens = await rawGet(a.base, `/Tokens/${KEY}/${PROJECT}`);
      expect(tokens.body.toString("utf8")).toBe(
        JSON.stringify(ok({ Data: { Tokens: await listProjectTokens(database.db, projectId) } })),
      );
      const prices = await rawGet(a.base, `/Prices/${KEY}/${PROJECT}/fiat,Polygon/true`);
      const expected = await listPrices(database.db, projectId, {
        chains: ["fiat", "Polygon"],
        includeAll: true,
      });
      expect(prices.body.toString("utf8")).toBe(JSON.stringify(ok({ Prices: expected })));
    });

    it("a price appears when its validity starts and disappears when it ends, to the millisecond", async () => {
      const all = (await call(a.base, `/Prices/${KEY}/${PROJECT}/all/true`)).json.Prices as {
        PriceGuid: string;
        FromDate: string;
        ToDate: string;
      }[];
      const starts = Date.parse(all.find((p) => p.PriceGuid === PRICE_SCHEDULED)?.FromDate ?? "");
      const ends = Date.parse(all.find((p) => p.PriceGuid === PRICE_POLYGON)?.ToDate ?? "");
      expect(starts).toBeLessThan(ends);
      const validNow = async (at: number) => {
        clock = at;
        const response = await call(a.base, `/Prices/${KEY}/${PROJECT}/all/false`);
        return (response.json.Prices as { PriceGuid: string }[]).map((p) => p.PriceGuid);
      };
      try {
        expect(await validNow(starts - 1)).toEqual([PRICE_FIAT, PRICE_POLYGON]);
        expect(await validNow(starts - 1)).toEqual([PRICE_FIAT, PRICE_POLYGON]); // kept
        expect(await validNow(starts)).toEqual([PRICE_FIAT, PRICE_POLYGON, PRICE_SCHEDULED]);
        expect(await validNow(ends)).toEqual([PRICE_FIAT, PRICE_POLYGON, PRICE_SCHEDULED]); // ToDate inclusive
        expect(await validNow(ends + 1)).toEqual([PRICE_FIAT, PRICE_SCHEDULED]);
      } finally {
        clock = Date.now();
      }
    });
  });

  describe("one database round trip or none", () => {
    const counted = async (path: string) => {
      await call(a.base, path); // the key check (and a catalogue entry) warm
      statements.length = 0;
      const response = await call(a.base, path);
      expect(response.status, path).toBe(200);
      return [...statements];
    };

    it("customer Tokens, Items and Item: one statement each, the key check none", async () => {
      // Read on B first: A keeps no player answer yet, so its first read is the one statement.
      for (const path of [`/Tokens/${KEY}/${PROJECT}/${PLAYER}`, `/Items/${KEY}/${PROJECT}/${PLAYER}`]) {
        await call(a.base, `/Tokens/${KEY}/${PROJECT}/nobody-kept`); // the key check warm
        a.app.cachedReads.players.clear();
        statements.length = 0;
        expect((await call(a.base, path)).status, path).toBe(200);
        expect(statements, path).toHaveLength(1);
        expect(statements[0], path).not.toMatch(/api_keys/);
      }
      const sent = await counted(`/Item/${KEY}/${PROJECT}/42`);
      expect(sent).toHaveLength(1);
      expect(sent[0]).not.toMatch(/api_keys/);
    });

    it("a kept player answer: no statement at all", async () => {
      for (const path of [`/Tokens/${KEY}/${PROJECT}/${PLAYER}`, `/Items/${KEY}/${PROJECT}/${PLAYER}`]) {
        expect(await counted(path), path).toEqual([]);
      }
    });

    it("a customer the database does not know is asked about every time", async () => {
      const path = `/Tokens/${KEY}/${PROJECT}/nobody-here`;
      expect(await counted(path)).toHaveLength(1);
      expect(await counted(path)).toHaveLength(1);
    });

    it("kept catalogue answers: no statement at all", async () => {
      for (const path of [products, `/Tokens/${KEY}/${PROJECT}`, `/Prices/${KEY}/${PROJECT}/all/false`]) {
        expect(await counted(path), path).toEqual([]);
      }
    });
  });

  describe("every instance hears of every change", () => {
    it("a catalogue import is visible on the next request of both instances; the old ETag no longer answers 304", async () => {
      const before = await rawGet(b.base, products);
      await rawGet(a.base, products);
      const fixture = testFixture();
      const sword = fixture.products[0];
      if (!sword?.languages.en[0]) throw new Error("The test fixture lost its sword.");
      sword.languages.en[0].value = "Sword, reforged";
      await importFixture(database.db, fixture, { reset: false });
      for (const instance of [a, b]) {
        const tries = await within(1000, async () =>
          (await rawGet(instance.base, products)).body.toString("utf8").includes("Sword, reforged"),
        );
        // PGlite tells its listeners before the import returns; PostgreSQL a moment after commit.
        if (TEST_DB === "pglite") expect(tries).toBe(1);
        const stale = await rawGet(instance.base, products, {
          "if-none-match": before.headers.etag as string,
        });
        expect(stale.status).toBe(200);
        expect(stale.body.toString("utf8")).toBe(
          JSON.stringify(ok({ Data: await listProducts(database.db, projectId) })),
        );
      }
    });

    it("a revoked key is refused within 1 s by both instances, the cached key check notwithstanding", async () => {
      const project = await findProjectByGuid(database.db, PROJECT);
      if (!project) throw new Error("no project");
      const issued = await createApiKey(database.db, project.id, "revoke-me");
      const path = `/Tokens/${issued.key}/${PROJECT}/${PLAYER}`;
      for (const instance of [a, b]) expect((await call(instance.base, path)).status).toBe(200);
      expect(await revokeApiKey(database.db, project.id, String(issued.id))).toBe(true);
      for (const instance of [a, b]) {
        // `within` fails past 1 s; on PGlite the very next request is refused.
        const tries = await within(1000, async () => (await call(instance.base, path)).status === 401);
        if (TEST_DB === "pglite") expect(tries).toBe(1);
      }
    });

    it.runIf(TEST_DB === "postgres")(
      "with its listening connection lost, an instance keeps nothing until it listens again, and misses no change",
      async () => {
        await call(a.base, products);
        const terminated = (await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        )) as unknown as { rows: unknown[] };
        expect(terminated.rows).toHaveLength(2); // one per instance
        await within(1000, async () => !a.app.changeFeed.live);
        // Changed while nobody listens: no notification reaches A, yet its next answer has it.
        const fixture = testFixture();
        const sword = fixture.products[0];
        if (!sword?.languages.en[0]) throw new Error("The test fixture lost its sword.");
        sword.languages.en[0].value = "Sword, unheard of";
        await importFixture(database.db, fixture, { reset: false });
        statements.length = 0;
        expect((await rawGet(a.base, products)).body.toString("utf8")).toContain("Sword, unheard of");
        expect(statements.length).toBeGreaterThan(0); // asked the database: nothing kept meanwhile
        // Listening again (retried every second): answers are kept again.
        await within(5000, async () => a.app.changeFeed.live);
        await call(a.base, products);
        statements.length = 0;
        expect((await rawGet(a.base, products)).body.toString("utf8")).toContain("Sword, unheard of");
        expect(statements).toEqual([]);
      },
    );
  });

  // Last: a project with awards made through the API can no longer be re-imported (the tests above do).
  describe("one database round trip for an award", () => {
    it("AwardTokens: one statement, the batch that decides it, which checks the key itself", async () => {
      const body = (customer: string) => ({
        ApiKey: KEY,
        RequestID: randomUUID(),
        ProjectGuid: PROJECT,
        IsAllowance: true,
        CustomerID: customer,
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
      });
      await call(a.base, "/AwardTokens", { method: "POST", body: body("counted-warm") });
      statements.length = 0;
      const response = await call(a.base, "/AwardTokens", { method: "POST", body: body("counted") });
      expect(response.status).toBe(200);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/award_tokens_batch/);
    });
  });

  // Last too: awards through the API (see above).
  describe("player answers kept per customer", () => {
    const tokensOf = (customer: string) => `/Tokens/${KEY}/${PROJECT}/${encodeURIComponent(customer)}`;
    const plainTokens = async (customer: string) =>
      stringifyWithRawTotals(
        ok({ Data: { Tokens: await listCustomerTokens(database.db, projectId, customer) } }),
      );
    const award = (customer: string, amount: number) => ({
      ApiKey: KEY,
      RequestID: randomUUID(),
      ProjectGuid: PROJECT,
      IsAllowance: true,
      CustomerID: customer,
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
    });

    it("the bytes are the plain answer's (Total with every digit); a strong ETag, 304 on If-None-Match", async () => {
      for (const instance of [a, b]) {
        const first = await rawGet(instance.base, tokensOf(PLAYER));
        expect(first.body.toString("utf8")).toBe(await plainTokens(PLAYER));
        expect(first.body.toString("utf8")).toContain('"Total":123.5,');
        const again = await rawGet(instance.base, tokensOf(PLAYER), {
          "if-none-match": first.headers.etag as string,
        });
        expect(again.status).toBe(304);
        const items = await rawGet(instance.base, `/Items/${KEY}/${PROJECT}/${PLAYER}`);
        expect(items.body.toString("utf8")).toBe(
          JSON.stringify(ok({ Items: await listCustomerItems(database.db, projectId, PLAYER) })),
        );
      }
    });

    it("an award shows on the player's next read: at once where it was taken, within 1 s on every instance; other players stay kept", async () => {
      for (const instance of [a, b]) {
        await rawGet(instance.base, tokensOf(PLAYER));
        await rawGet(instance.base, tokensOf(AWKWARD_PLAYER));
      }
      statements.length = 0;
      await rawGet(a.base, tokensOf(AWKWARD_PLAYER));
      expect(statements).toEqual([]); // kept

      for (const [taker, other] of [
        [b, a],
        [a, b],
      ] as const) {
        const response = await call(taker.base, "/AwardTokens", { method: "POST", body: award(PLAYER, 2) });
        expect(response.status).toBe(200);
        const expected = await plainTokens(PLAYER);
        // Where the award was taken: the very next read, on either database.
        expect((await rawGet(taker.base, tokensOf(PLAYER))).body.toString("utf8")).toBe(expected);
        const tries = await within(
          1000,
          async () => (await rawGet(other.base, tokensOf(PLAYER))).body.toString("utf8") === expected,
        );
        // PGlite tells its listeners before the award's statement returns; PostgreSQL a moment after commit.
        if (TEST_DB === "pglite") expect(tries).toBe(1);
      }
      statements.length = 0;
      expect((await rawGet(a.base, tokensOf(AWKWARD_PLAYER))).body.toString("utf8")).toBe(
        await plainTokens(AWKWARD_PLAYER),
      );
      expect(statements).toEqual([]); // still kept: only the player who changed is read again
    });

    it("a change made in the database by anyone else (a settlement) reaches every instance within 1 s", async () => {
      const customer = "queued-then-paid";
      const direct = {
        ApiKey: KEY,
        RequestID: randomUUID(),
        ProjectGuid: PROJECT,
        IsAllowance: false,
        CustomerID: customer,
        Wallet: "wallet-q",
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1_000_000 }],
      };
      // First something the player holds, so the answer is kept; then a direct award that must wait.
      expect((await call(a.base, "/AwardTokens", { method: "POST", body: award(customer, 1) })).status).toBe(
        200,
      );
      const queued = await call(a.base, "/AwardTokens", { method: "POST", body: direct });
      expect(queued.json?.Status, queued.text).toBe("Queued");
      const before = await plainTokens(customer);
      for (const instance of [a, b])
        expect((await rawGet(instance.base, tokensOf(customer))).body.toString("utf8")).toBe(before);
      // The funding settles it through the database functions, not through either instance's award route.
      await fundWallet(database.db, projectId, {
        ApiKey: KEY,
        ProjectGuid: PROJECT,
        RequestID: randomUUID(),
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1000000" }],
      });
      const after = await plainTokens(customer);
      expect(after).not.toBe(before);
      for (const instance of [a, b]) {
        const tries = await within(
          1000,
          async () => (await rawGet(instance.base, tokensOf(customer))).body.toString("utf8") === after,
        );
        if (TEST_DB === "pglite") expect(tries).toBe(1);
      }
    });
  });
});
