import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { requestLog as requestLogSchemas } from "@/lib/contract/request-log";
import { awardJson } from "@/testing/service/awards-client";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  AWKWARD_PLAYER,
  GOLD,
  GOLD_DB,
  KEY,
  OTHER_KEY,
  OTHER_PROJECT,
  otherFixture,
  PROJECT,
  SECOND_KEY,
  testFixture,
} from "@/testing/service/fixtures";
import { call, post, type TestResponse } from "@/testing/service/http-client";
import { createApiKey, hashApiKey } from "../domain/keys";
import { sweepRequestLog, writeRequestLog } from "../domain/request-log";
import type { RequestLogRow } from "../domain/request-log-batch";
import { rows } from "../domain/sql-rows";
import { RequestIds } from "./request-ids";

/** The request log (docs/service.md, "Request log"), over HTTP on both databases. */
const service = serveFixtures({ per: "file", fixtures: () => [testFixture(), otherFixture()] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = 86_400_000;

interface LoggedRow {
  id: string;
  at: string;
  project_id: number;
  key_id: number;
  method: string;
  route: string;
  status: number;
  duration_us: number;
  error_code: string | null;
  error: string | null;
  request_id: string | null;
  customer_id: string | null;
  caller_request_id: string;
}

/** Every column of every row, oldest first (after the writer's buffer reached the database). */
async function logged(): Promise<LoggedRow[]> {
  await service.app.requestLog.flush();
  const found = await rows<LoggedRow>(
    service.db,
    sql`select id::text as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               project_id, key_id, method, route, status, duration_us, error_code, error, request_id,
               customer_id, caller_request_id
          from service.request_log l
         -- l.id, the number: a bare "id" would be the text column above, and "1000000" < "900000".
         order by l.id`,
  );
  return found.map((row) => ({
    ...row,
    project_id: Number(row.project_id),
    key_id: Number(row.key_id),
    status: Number(row.status),
    duration_us: Number(row.duration_us),
  }));
}

/** Rows whose caller's request id starts with `prefix` (each test labels its own calls). */
const labelled = async (prefix: string) =>
  (await logged()).filter((row) => row.caller_request_id.startsWith(prefix));

async function keyRowId(key: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    service.db,
    sql`select id from service.api_keys where key_hash = ${hashApiKey(key)}`,
  );
  if (!row) throw new Error("no such key");
  return Number(row.id);
}

const traced = (id: string) => ({ headers: { "x-request-id": id } });
const get = (path: string, id: string) => call(service.base, path, traced(id));
const awardBody = (input: Parameters<typeof awardJson>[0]) => awardJson(input);
const sendAward = (body: string, id: string) => post(service.base, "/AwardTokens", body, traced(id).headers);

/** `GET /Requests` with these query parameters, with KEY unless told. */
function readLog(query: Record<string, string> = {}, key = KEY): Promise<TestResponse> {
  const search = new URLSearchParams(query).toString();
  return call(service.base, `/Requests/${key}/${PROJECT}${search ? `?${search}` : ""}`);
}

/** The labels of the entries an answer lists, leaving out the log's own reads. */
const labels = (answer: TestResponse): string[] =>
  (answer.json.Data.Requests as { Route: string; CallerRequestId: string }[])
    .filter((entry) => !entry.Route.startsWith("/Requests"))
    .map((entry) => entry.CallerRequestId);

/** A row written straight through the domain (old ones for retention; many for paging). */
function row(overrides: Partial<RequestLogRow>): RequestLogRow {
  return {
    at: Date.now(),
    projectId: service.projectId,
    keyId: 1,
    method: "GET",
    route: "/Wallet/:YourAPIKEY/:ProjectGuid",
    status: 200,
    durationUs: 1500,
    errorCode: null,
    error: null,
    requestId: null,
    customerId: null,
    callerRequestId: randomUUID(),
    ip: null,
    ...overrides,
  };
}

beforeEach(async () => {
  await service.app.requestLog.flush();
  await service.db.execute(sql`delete from service.request_log_segments`);
});

describe("the request log", () => {
  it("records a read, an award, a 400 and a 403 with exactly what was asked and answered", async () => {
    const started = Date.now();
    const reader = await createApiKey(service.db, service.projectId, { label: "reader", scopes: ["read"] });
    const read = await get(`/Tokens/${KEY}/${PROJECT}/${encodeURIComponent(AWKWARD_PLAYER)}`, "rows-read");
    expect(read.status).toBe(200);
    const requestId = randomUUID().toUpperCase();
    const awarded = await sendAward(
      awardBody({
        requestId,
        customer: "rows-player",
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "2" }],
      }),
      "rows-award",
    );
    expect(awarded.json.Status).toBe("Completed");
    const refused = await sendAward(
      awardBody({
        requestId: "A1B2C3D4-0000-4000-8000-00000000000F",
        customer: "rows-player",
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "0" }],
      }),
      "rows-invalid",
    );
    expect(refused.status).toBe(400);
    const scoped = await get(`/Keys/${reader.key}/${PROJECT}`, "rows-scope");
    expect(scoped.status).toBe(403);
    const finished = Date.now();

    const found = await labelled("rows-");
    const key = await keyRowId(KEY);
    const base = { project_id: service.projectId, at: expect.stringMatching(ISO_MS), id: expect.any(String) };
    expect(found).toEqual([
      {
        ...base,
        key_id: key,
        method: "GET",
        route: "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID",
        status: 200,
        duration_us: expect.any(Number),
        error_code: null,
        error: null,
        request_id: null,
        customer_id: AWKWARD_PLAYER,
        caller_request_id: "rows-read",
      },
      {
        ...base,
        key_id: key,
        method: "POST",
        route: "/AwardTokens",
        status: 200,
        duration_us: expect.any(Number),
        error_code: null,
        error: null,
        request_id: requestId.toLowerCase(),
        customer_id: "rows-player",
        caller_request_id: "rows-award",
      },
      {
        ...base,
        key_id: key,
        method: "POST",
        route: "/AwardTokens",
        status: 400,
        duration_us: expect.any(Number),
        error_code: "INVALID_REQUEST",
        error: refused.json.Error,
        request_id: "a1b2c3d4-0000-4000-8000-00000000000f",
        customer_id: "rows-player",
        caller_request_id: "rows-invalid",
      },
      {
        ...base,
        key_id: reader.id,
        method: "GET",
        route: "/Keys/:YourAPIKEY/:ProjectGuid",
        status: 403,
        duration_us: expect.any(Number),
        error_code: "KEY_NOT_ALLOWED",
        error: scoped.json.Error,
        request_id: null,
        customer_id: null,
        caller_request_id: "rows-scope",
      },
    ]);
    expect(refused.json.Error).toMatch(/Tokens\[0\]\.Amount/);
    expect(scoped.json.Error).toContain('Use a key with the "keys" scope.');
    for (const entry of found) {
      // Arrival to the millisecond, within the test; a duration in whole microseconds.
      const at = Date.parse(entry.at);
      expect(at).toBeGreaterThanOrEqual(started - 1);
      expect(at).toBeLessThanOrEqual(finished);
      expect(entry.duration_us).toBeGreaterThan(0);
      expect(entry.duration_us).toBeLessThan((finished - started + 1) * 1000);
    }

    // The endpoint shows the same entries, with the key's prefix and the days kept.
    const page = await readLog({ Route: "/AwardTokens" });
    expect(page.status).toBe(200);
    expect(requestLogSchemas.emit.RequestLogResponse.safeParse(page.json).success).toBe(true);
    const invalid = found[2] as LoggedRow;
    expect(page.json.Data).toEqual({
      Requests: [
        {
          Id: invalid.id,
          At: invalid.at,
          KeyId: key,
          KeyPrefix: KEY.slice(0, 10),
          Method: "POST",
          Route: "/AwardTokens",
          Status: 400,
          DurationMs: expect.stringMatching(/^\d+(\.\d{0,2}[1-9])?$/),
          isError: "1",
          ErrorCode: "INVALID_REQUEST",
          Error: refused.json.Error,
          RequestID: "a1b2c3d4-0000-4000-8000-00000000000f",
          CustomerID: "rows-player",
          CallerRequestId: "rows-invalid",
          IP: "",
        },
        expect.objectContaining({
          Status: 200,
          isError: "0",
          ErrorCode: "",
          Error: "",
          CallerRequestId: "rows-award",
        }),
      ],
      NextCursor: "",
      KeptDays: 7,
    });
    expect(Number(page.json.Data.Requests[0].DurationMs) * 1000).toBeCloseTo(invalid.duration_us, 6);
  });

  it("never holds the API key, plain or hashed, in a row or an answer — even where a caller puts it", async () => {
    const secret = await createApiKey(service.db, service.projectId, { label: "secret" });
    const keys = [KEY, SECOND_KEY, secret.key];
    await get(`/Products/${KEY}/${PROJECT}`, "nokey-1");
    await get(`/Tokens/${KEY}/${PROJECT}/${KEY}`, "nokey-2"); // the key as a CustomerID
    // The key as X-Request-Id: a GET's path holds it, so the service names the call itself …
    const named = await get(`/Items/${KEY}/${PROJECT}/x`, KEY);
    expect(named.headers.get("x-request-id")).toMatch(UUID);
    // … as it does for any id shaped like the keys it issues.
    expect(
      (await get(`/Items/${KEY}/${PROJECT}/x`, "gcc_lookslikeakey")).headers.get("x-request-id"),
    ).toMatch(UUID);
    // A POST's key is in its body: the id is kept for the call, and the log still never holds it.
    const posted = await sendAward(awardBody({ allowance: true, lines: [] }), KEY);
    expect(posted.headers.get("x-request-id")).toBe(KEY);
    await call(service.base, `/Item/${secret.key}/${PROJECT}/not-a-number`, traced("nokey-4"));
    await sendAward(
      awardBody({ customer: KEY, allowance: true, lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }] }),
      "nokey-5",
    );
    await sendAward(awardBody({ requestId: KEY, lines: [] }), "nokey-6");
    await post(
      service.base,
      "/FundWallet",
      JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, RequestID: randomUUID(), Tokens: [] }),
      traced("nokey-7").headers,
    );
    await readLog({}, secret.key);
    const all = await logged();
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.filter((entry) => entry.customer_id === "[API key]")).toHaveLength(2);
    expect(all.filter((entry) => entry.caller_request_id === "[API key]")).toHaveLength(1);
    expect(all.filter((entry) => entry.request_id === "[API key]")).toHaveLength(1);
    const stored = JSON.stringify(all);
    const answers = [
      (await readLog({ Limit: "200" })).text,
      (await readLog({ Limit: "200" }, secret.key)).text,
      (await call(service.base, `/Requests/Errors/${KEY}/${PROJECT}`)).text,
    ];
    for (const text of [stored, ...answers])
      for (const key of keys) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(hashApiKey(key).toString("hex"));
        expect(text.toLowerCase()).not.toContain(hashApiKey(key).toString("hex").slice(0, 16));
      }
  });

  it("stores any text exactly as given, and a NUL or half a UTF-16 pair (which PostgreSQL cannot store) as U+FFFD without losing the batch", async () => {
    const awkward = [
      '"quoted"',
      "back\\slash",
      "a,b",
      "{braces}",
      "NULL",
      "",
      " spaced ",
      "ü€😀",
      "x\u0000y",
      "half \ud83d of a pair",
    ];
    await writeRequestLog(
      service.db,
      awkward.map((text, n) => row({ customerId: text, error: text, callerRequestId: `text-${n}` })),
    );
    const body = awardBody({ customer: "nul\u0000player", allowance: true, lines: [] });
    expect((await sendAward(body, "text-http")).status).toBe(400);
    await get(`/Products/${KEY}/${PROJECT}`, "text-after");
    const stored = await labelled("text-");
    // A NUL, and half of a UTF-16 pair (which JSON text in PostgreSQL cannot hold), become U+FFFD.
    const expected = awkward.map((text) => text.replace("\u0000", "\uFFFD").replace(" \ud83d ", " \uFFFD "));
    expect(stored.slice(0, awkward.length).map((entry) => [entry.customer_id, entry.error])).toEqual(
      expected.map((text) => [text, text]),
    );
    expect(stored.slice(awkward.length).map((entry) => [entry.caller_request_id, entry.customer_id])).toEqual(
      [
        ["text-http", "nul\uFFFDplayer"],
        ["text-after", null],
      ],
    );
  });

  it("keeps what repeats once per segment and the service's own request ids as counters, and reads every entry back exactly", async () => {
    const mine = new RequestIds();
    const other = new RequestIds();
    const ids = [mine.next(), mine.next(), other.next(), mine.next().toUpperCase(), randomUUID(), "caller-7"];
    // Two players, a RequestID twice, failures with and without a RequestID, one key and route many times.
    const since = Date.now() - 1000;
    const calls = ids.map((id, n) =>
      row({
        callerRequestId: id,
        customerId: n % 3 === 2 ? null : `player-${n % 2}`,
        requestId: n >= 3 ? `rq-${n % 2}` : null,
        status: n % 2 ? 409 : 200,
        errorCode: n % 2 ? "REQUEST_ID_REUSED" : null,
        error: n === 1 ? "first failure" : null,
        at: since + n,
      }),
    );
    await writeRequestLog(service.db, calls);
    const stored = (await logged()).filter((entry) => ids.includes(entry.caller_request_id));
    expect(
      stored.map((entry) => [
        entry.caller_request_id,
        entry.customer_id,
        entry.request_id,
        entry.status,
        entry.error_code,
        entry.error,
      ]),
    ).toEqual(
      calls.map((c) => [c.callerRequestId, c.customerId, c.requestId, c.status, c.errorCode, c.error]),
    );
    expect(stored.map((entry) => Date.parse(entry.at))).toEqual(calls.map((c) => c.at));
    const [segment] = await rows<{
      id_prefix: string;
      key_ids: number[];
      statuses: number[];
      methods: string[];
      routes: string[];
      customer_ids: string[];
      request_ids: string[];
      entries: string;
    }>(
      service.db,
      sql`select id_prefix, key_ids, statuses, methods, routes, customer_ids, request_ids, entries
            from service.request_log_segments order by id desc limit 1`,
    );
    expect(segment?.id_prefix).toBe(mine.prefix);
    expect(segment?.customer_ids).toEqual(["player-0", "player-1"]);
    expect(segment?.request_ids).toEqual(["rq-1", "rq-0"]);
    // Kinds (key, status, method, route) once; each entry: ms after the one before, kind, µs, the
    // player's place, and this instance's id as its counter's step from the one before.
    expect(segment).toMatchObject({
      key_ids: [1, 1],
      statuses: [200, 409],
      methods: ["GET", "GET"],
      routes: ["/Wallet/:YourAPIKEY/:ProjectGuid", "/Wallet/:YourAPIKEY/:ProjectGuid"],
    });
    expect(JSON.parse(segment?.entries ?? "[]")).toEqual([
      [0, 0, 1500, 0, 1],
      [1, 1, 1500, 1, 1, "REQUEST_ID_REUSED", "first failure"],
      [1, 0, 1500, null, ids[2]],
      [1, 1, 1500, 1, ids[3], "REQUEST_ID_REUSED", null, 0],
      [1, 0, 1500, 0, ids[4], null, null, 1],
      [1, 1, 1500, null, "caller-7", "REQUEST_ID_REUSED", null, 0],
    ]);
  });

  it("stores a segment's entries, CustomerIDs and RequestIDs uncompressed (compressing them cost a quarter of a write)", async () => {
    const since = Date.now() - 10_000;
    const ids = new RequestIds();
    // 3,000 calls of 600 players, 500 with a RequestID: long values, which PostgreSQL compresses by default.
    const calls = Array.from({ length: 3000 }, (_, n) =>
      row({
        at: since + n,
        callerRequestId: ids.next(),
        customerId: `player-${n % 600}`,
        requestId: n < 500 ? `award-request-${n}` : null,
        durationUs: 1000 + (n % 50),
      }),
    );
    await writeRequestLog(service.db, calls);
    const [segment] = await rows<{ stored: Record<string, number>; raw: Record<string, number> }>(
      service.db,
      sql`select json_build_object('entries', pg_column_size(entries), 'customer_ids', pg_column_size(customer_ids),
                                   'request_ids', pg_column_size(request_ids)) as stored,
                 json_build_object('entries', octet_length(entries), 'customer_ids', octet_length(customer_ids::text),
                                   'request_ids', octet_length(request_ids::text)) as raw
            from service.request_log_segments order by id desc limit 1`,
    );
    // Compressed, the players and RequestIDs would take about a quarter of their length; kept as
    // they are, at least their bytes.
    for (const column of ["entries", "customer_ids", "request_ids"]) {
      expect(segment?.raw[column], column).toBeGreaterThan(2000);
      expect(segment?.stored[column], column).toBeGreaterThanOrEqual(segment?.raw[column] as number);
    }
    // The columns' storage: EXTERNAL (e), out of line and never compressed, not the default EXTENDED (x).
    const storage = await rows<{ attname: string; attstorage: string }>(
      service.db,
      sql`select attname, attstorage from pg_attribute
           where attrelid = 'service.request_log_segments'::regclass and attname in ('entries', 'customer_ids', 'request_ids')
           order by attname`,
    );
    expect(storage).toEqual([
      { attname: "customer_ids", attstorage: "e" },
      { attname: "entries", attstorage: "e" },
      { attname: "request_ids", attstorage: "e" },
    ]);
  });

  it("records the IP a Prices call names (the buyer's address), as sent, and no IP for other calls", async () => {
    expect((await get(`/Prices/${KEY}/${PROJECT}/all/false?IP=2001%3Adb8%3A%3A1`, "ip-good")).status).toBe(
      200,
    );
    expect((await get(`/Prices/${KEY}/${PROJECT}/all/false?IP=not-an-ip`, "ip-bad")).status).toBe(400);
    expect((await get(`/Products/${KEY}/${PROJECT}?IP=10.0.0.1`, "ip-elsewhere")).status).toBe(200);
    await service.app.requestLog.flush();
    const entries = (await readLog({ Limit: "20" })).json.Data.Requests as {
      CallerRequestId: string;
      IP: string;
    }[];
    const ipOf = (label: string) => entries.find((entry) => entry.CallerRequestId === label)?.IP;
    expect([ipOf("ip-good"), ipOf("ip-bad"), ipOf("ip-elsewhere")]).toEqual(["2001:db8::1", "not-an-ip", ""]);
  });

  it("filters by status, route, customer, RequestID, key and time, alone and together", async () => {
    const second = await keyRowId(SECOND_KEY);
    const awardId = randomUUID();
    await get(`/Tokens/${KEY}/${PROJECT}/player-1`, "f-a");
    await get(`/Items/${KEY}/${PROJECT}/player-2`, "f-b");
    await sendAward(
      awardBody({
        requestId: awardId.toUpperCase(),
        customer: "player-1",
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
      }),
      "f-c",
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const middle = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sendAward(
      awardBody({
        customer: "player-2",
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "0" }],
      }),
      "f-d",
    );
    expect((await get(`/Item/${KEY}/${PROJECT}/987654321`, "f-e")).status).toBe(404);
    await get(`/Products/${SECOND_KEY}/${PROJECT}`, "f-f");
    // Another project's calls never show.
    await get(`/Tokens/${OTHER_KEY}/${OTHER_PROJECT}/player-1`, "f-other");
    await service.app.requestLog.flush();

    const cases: [Record<string, string>, string[]][] = [
      [{}, ["f-f", "f-e", "f-d", "f-c", "f-b", "f-a"]],
      [{ Status: "2xx" }, ["f-f", "f-c", "f-b", "f-a"]],
      [{ Status: "4xx" }, ["f-e", "f-d"]],
      [{ Status: "404" }, ["f-e"]],
      [{ Status: "5xx" }, []],
      [{ Route: "/AwardTokens" }, ["f-d", "f-c"]],
      [{ Route: "/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID" }, ["f-a"]],
      // As the console shows it: without the key and project parameters; never a prefix.
      [{ Route: "/Tokens/:CustomerID" }, ["f-a"]],
      [{ Route: "/Tokens" }, []],
      [{ CustomerID: "player-1" }, ["f-c", "f-a"]],
      [{ RequestID: awardId }, ["f-c"]],
      [{ RequestID: awardId.toUpperCase() }, ["f-c"]],
      [{ KeyId: String(second) }, ["f-f"]],
      [{ From: middle }, ["f-f", "f-e", "f-d"]],
      [{ To: middle }, ["f-c", "f-b", "f-a"]],
      [{ Route: "/AwardTokens", Status: "4xx" }, ["f-d"]],
      [{ CustomerID: "player-2", From: middle }, ["f-d"]],
    ];
    for (const [query, expected] of cases) {
      const answer = await readLog(query);
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(labels(answer), JSON.stringify(query)).toEqual(expected);
    }

    const refused: [Record<string, string>, string][] = [
      [{ Status: "3xx" }, "Query parameter Status must be a status class (2xx, 4xx, 5xx) or a status (404)."],
      [{ Limit: "0" }, "Query parameter Limit must be a whole number from 1 to 200."],
      [{ Limit: "201" }, "Query parameter Limit must be a whole number from 1 to 200."],
      [{ From: "yesterday" }, "Query parameter From must be an ISO 8601 UTC time (2027-01-31T00:00:00Z)."],
      [
        { To: "2027-02-30T00:00:00Z" },
        "Query parameter To must be a time that exists (2027-01-31T00:00:00Z).",
      ],
      [{ Cursor: "abc" }, "Query parameter Cursor must be the NextCursor of an earlier page."],
      [{ KeyId: "-1" }, "Query parameter KeyId must be a key's Id."],
    ];
    for (const [query, message] of refused) {
      const answer = await readLog(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.json, JSON.stringify(query)).toMatchObject({
        isError: "1",
        ErrorCode: "INVALID_REQUEST",
        Error: message,
        Data: { Requests: [], NextCursor: "", KeptDays: 7 },
      });
    }
  });

  it("pages with Cursor from newest to oldest, every entry once, NextCursor empty at the end", async () => {
    const route = "/Paging/:YourAPIKEY/:ProjectGuid";
    const now = Date.now();
    await writeRequestLog(
      service.db,
      Array.from({ length: 23 }, (_, n) => row({ route, at: now - 1000 + n, callerRequestId: `page-${n}` })),
    );
    const seen: string[] = [];
    const ids: bigint[] = [];
    let cursor = "";
    let pages = 0;
    do {
      const answer = await readLog({ Route: route, Limit: "5", ...(cursor ? { Cursor: cursor } : {}) });
      expect(answer.status).toBe(200);
      const entries = answer.json.Data.Requests as { Id: string; CallerRequestId: string }[];
      expect(entries.length).toBe(pages < 4 ? 5 : 3);
      seen.push(...entries.map((entry) => entry.CallerRequestId));
      ids.push(...entries.map((entry) => BigInt(entry.Id)));
      cursor = answer.json.Data.NextCursor;
      if (cursor) expect(cursor).toBe(entries[entries.length - 1]?.Id);
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, n) => `page-${22 - n}`));
    expect(ids.every((id, n) => n === 0 || id < (ids[n - 1] as bigint))).toBe(true);
    // Without Limit a page holds 50.
    await writeRequestLog(
      service.db,
      Array.from({ length: 40 }, () => row({ route })),
    );
    const first = await readLog({ Route: route });
    expect(first.json.Data.Requests).toHaveLength(50);
    expect(first.json.Data.NextCursor).not.toBe("");
  });

  it("finds a page's entries across many segments, newest first, however sparse the matches", async () => {
    const route = "/Sparse/:YourAPIKEY/:ProjectGuid";
    const customerId = "sparse-player";
    const matches: string[] = [];
    const everything: string[] = [];
    // 300 writes (segments). Each holds a 404 on another route and a 200 on this one, so that it
    // names the status and the route without one call having both; every 60th also a match.
    for (let n = 0; n < 300; n += 1) {
      const calls = [
        row({
          route: "/Other/:YourAPIKEY/:ProjectGuid",
          status: 404,
          customerId,
          callerRequestId: `other-${n}`,
        }),
        row({ route, customerId, callerRequestId: `ok-${n}` }),
      ];
      if (n % 60 === 7) {
        calls.push(row({ route, status: 404, customerId, callerRequestId: `match-${n}` }));
        matches.unshift(`match-${n}`);
      }
      everything.unshift(...calls.map((call) => call.callerRequestId).reverse());
      await writeRequestLog(service.db, calls);
    }
    const walk = async (query: Record<string, string>) => {
      const seen: string[] = [];
      let cursor = "";
      let pages = 0;
      do {
        const answer = await readLog({ ...query, ...(cursor ? { Cursor: cursor } : {}) });
        expect(answer.status).toBe(200);
        seen.push(...labels(answer));
        cursor = answer.json.Data.NextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      return { seen, pages };
    };
    expect(await walk({ Route: "/Sparse", Status: "404", Limit: "2" })).toEqual({ seen: matches, pages: 3 });
    const all = await walk({ CustomerID: customerId, Limit: "50" });
    expect(all.seen).toEqual(everything);
    expect(all.pages).toBe(Math.ceil(everything.length / 50));
    expect(await walk({ Route: "/Nowhere", Limit: "5" })).toEqual({ seen: [], pages: 1 });
  });

  it("groups failures by route, status, ErrorCode and Error over the last 24 hours, most frequent first", async () => {
    const zero = () =>
      sendAward(
        awardBody({
          allowance: true,
          customer: "e",
          lines: [{ token: GOLD, contract: GOLD_DB, amount: "0" }],
        }),
        randomUUID(),
      );
    const first = await zero();
    await zero();
    await zero();
    const missing = await get(`/Item/${KEY}/${PROJECT}/987654321`, "err-404");
    await get(`/Tokens/${KEY}/${PROJECT}/player-1`, "err-ok");
    // Two days ago: outside the default window.
    await writeRequestLog(service.db, [
      row({
        at: Date.now() - 2 * DAY,
        status: 409,
        errorCode: "REQUEST_ID_CONFLICT",
        error: "old",
        route: "/AwardTokens",
      }),
      row({
        at: Date.now() - 3600_000,
        status: 500,
        errorCode: "INTERNAL_ERROR",
        error:
          "Internal error; nothing was changed unless a retry with the same RequestID says so. Correlation id: one.",
      }),
      row({
        at: Date.now() - 1800_000,
        status: 500,
        errorCode: "INTERNAL_ERROR",
        error:
          "Internal error; nothing was changed unless a retry with the same RequestID says so. Correlation id: two.",
      }),
    ]);
    await service.app.requestLog.flush();
    const answer = await call(service.base, `/Requests/Errors/${KEY}/${PROJECT}`);
    expect(answer.status).toBe(200);
    expect(requestLogSchemas.emit.RequestErrorsResponse.safeParse(answer.json).success).toBe(true);
    const at = expect.stringMatching(ISO_MS);
    expect(answer.json.Data.Groups).toEqual([
      {
        Route: "/AwardTokens",
        Status: 400,
        ErrorCode: "INVALID_REQUEST",
        Error: first.json.Error,
        Count: 3,
        FirstAt: at,
        LastAt: at,
      },
      {
        Route: "/Wallet/:YourAPIKEY/:ProjectGuid",
        Status: 500,
        ErrorCode: "INTERNAL_ERROR",
        Error: "Internal error; nothing was changed unless a retry with the same RequestID says so.",
        Count: 2,
        FirstAt: at,
        LastAt: at,
      },
      {
        Route: "/Item/:YourAPIKEY/:ProjectGuid/:TokenID",
        Status: 404,
        ErrorCode: "NOT_FOUND",
        Error: missing.json.Error,
        Count: 1,
        FirstAt: at,
        LastAt: at,
      },
    ]);
    const group = answer.json.Data.Groups[0];
    expect(Date.parse(group.FirstAt)).toBeLessThanOrEqual(Date.parse(group.LastAt));
    const wider = await call(
      service.base,
      `/Requests/Errors/${KEY}/${PROJECT}?From=${new Date(Date.now() - 3 * DAY).toISOString()}`,
    );
    expect(wider.json.Data.Groups.map((g: { Status: number }) => g.Status).sort()).toEqual([
      400, 404, 409, 500,
    ]);
  });

  it("both endpoints need the keys scope (403) and only list the caller's project", async () => {
    const reader = await createApiKey(service.db, service.projectId, { scopes: ["read", "award", "fund"] });
    const listed = await readLog({}, reader.key);
    expect(listed.status).toBe(403);
    expect(listed.json).toMatchObject({
      ErrorCode: "KEY_NOT_ALLOWED",
      Data: { Requests: [], NextCursor: "" },
    });
    const errors = await call(service.base, `/Requests/Errors/${reader.key}/${PROJECT}`);
    expect(errors.status).toBe(403);
    expect(errors.json).toMatchObject({ ErrorCode: "KEY_NOT_ALLOWED", Data: { Groups: [] } });
    await get(`/Tokens/${OTHER_KEY}/${OTHER_PROJECT}/p`, "own-other");
    await get(`/Tokens/${KEY}/${PROJECT}/p`, "own-mine");
    await service.app.requestLog.flush();
    expect(labels(await readLog())).toEqual(["own-mine"]);
    const other = await call(service.base, `/Requests/${OTHER_KEY}/${OTHER_PROJECT}`);
    expect(labels(other)).toEqual(["own-other"]);
    expect((await call(service.base, `/Requests/${KEY}/${OTHER_PROJECT}`)).status).toBe(401);
  });

  it("retention deletes old segments in bulk, the row bound keeps the newest, and sweeps may run at once", async () => {
    const now = Date.now();
    const names = async () => (await logged()).map((entry) => entry.caller_request_id);
    // Each write is a segment, and a segment goes whole: once its newest call is past the days kept.
    for (let n = 0; n < 9; n += 1)
      await writeRequestLog(service.db, [row({ at: now - 8 * DAY - n * 1000, callerRequestId: `old-${n}` })]);
    await writeRequestLog(service.db, [
      row({ at: now - 8 * DAY, callerRequestId: "straddling-old" }),
      row({ at: now - 6 * DAY, callerRequestId: "straddling-new" }),
    ]);
    await writeRequestLog(
      service.db,
      Array.from({ length: 3 }, (_, n) => row({ at: now - 6 * DAY + n, callerRequestId: `kept-${n}` })),
    );
    expect(await service.app.requestLog.sweep()).toEqual({ expired: 9, overflow: 0 });
    const recent = ["straddling-old", "straddling-new", "kept-0", "kept-1", "kept-2"];
    expect(await names()).toEqual(recent);

    // In chunks of 2, twice at once: every old segment goes exactly once, the recent stay.
    for (let n = 0; n < 11; n += 1)
      await writeRequestLog(service.db, [row({ at: now - 30 * DAY, callerRequestId: `older-${n}` })]);
    const both = await Promise.all([
      sweepRequestLog(service.db, { keptDays: 7, maxRows: 1000, chunk: 2 }),
      sweepRequestLog(service.db, { keptDays: 7, maxRows: 1000, chunk: 2 }),
    ]);
    expect(both[0].expired + both[1].expired).toBe(11);
    expect(await names()).toEqual(recent);

    // The bound: 12 calls more, in segments of one, at most 5 kept: the 5 newest.
    for (let n = 0; n < 12; n += 1)
      await writeRequestLog(service.db, [row({ callerRequestId: `bound-${n}` })]);
    const bounded = await sweepRequestLog(service.db, { keptDays: 7, maxRows: 5, chunk: 4 });
    expect(bounded).toEqual({ expired: 0, overflow: 12 });
    expect(await names()).toEqual(["bound-7", "bound-8", "bound-9", "bound-10", "bound-11"]);

    // A segment that would pass the bound goes whole: 3 more in one segment, at most 4 kept.
    await writeRequestLog(
      service.db,
      Array.from({ length: 3 }, (_, n) => row({ callerRequestId: `three-${n}` })),
    );
    expect(await sweepRequestLog(service.db, { keptDays: 7, maxRows: 4 })).toEqual({
      expired: 0,
      overflow: 4,
    });
    expect(await names()).toEqual(["bound-11", "three-0", "three-1", "three-2"]);
  });

  it("sets the key's last_used_at from its calls, never moves it back, and drops no cache doing so", async () => {
    const fresh = await createApiKey(service.db, service.projectId, { label: "fresh" });
    const lastUsed = async () => {
      const [found] = await rows<{ at: string | null }>(
        service.db,
        sql`select to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
              from service.api_keys where id = ${fresh.id}`,
      );
      return found?.at ?? null;
    };
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    await get(`/Products/${fresh.key}/${PROJECT}`, "used-1");
    const entry = (await labelled("used-1"))[0] as LoggedRow;
    const used = await lastUsed();
    expect(used).toBe(entry.at);
    expect(Date.parse(used as string)).toBeGreaterThanOrEqual(before - 1);
    // An entry from earlier (another instance's late batch) does not move it back.
    await writeRequestLog(service.db, [row({ keyId: fresh.id, at: before - DAY })]);
    expect(await lastUsed()).toBe(used);
    // Writing it notified nothing: the caches of every instance stay (docs/service.md, "Caches").
    const generation = service.app.changeFeed.generation;
    await get(`/Products/${fresh.key}/${PROJECT}`, "used-2");
    await service.app.requestLog.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.app.changeFeed.generation).toBe(generation);
    expect(Date.parse((await lastUsed()) as string)).toBeGreaterThanOrEqual(Date.parse(used as string));
  });

  it("writes a batch of two projects whole, each key's last_used_at its latest call over every kind", async () => {
    const [other] = await rows<{ id: number }>(
      service.db,
      sql`select id from service.projects where guid = ${OTHER_PROJECT}`,
    );
    const otherProject = other?.id as number;
    const first = await createApiKey(service.db, service.projectId, { label: "batch-a" });
    const second = await createApiKey(service.db, service.projectId, { label: "batch-b" });
    const third = await createApiKey(service.db, otherProject, { label: "batch-c" });
    const at = Date.UTC(2026, 10, 26, 9, 0, 0);
    await writeRequestLog(service.db, [
      row({ keyId: first.id, at: at + 5 }),
      row({ keyId: first.id, at: at + 9, status: 404, errorCode: "NOT_FOUND", error: "none" }),
      row({ keyId: second.id, at: at + 7, method: "POST", route: "/AwardTokens" }),
      row({ keyId: first.id, at: at + 1 }),
      row({ keyId: third.id, at: at + 3, projectId: otherProject }),
      row({ keyId: third.id, at: at + 2, projectId: otherProject, status: 409 }),
    ]);
    const used = await rows<{ id: number; at: string }>(
      service.db,
      sql`select id, to_char(last_used_at at time zone 'UTC', 'HH24:MI:SS.MS') as at from service.api_keys
           where id in (${first.id}, ${second.id}, ${third.id}) order by id`,
    );
    expect(used).toEqual([
      { id: first.id, at: "09:00:00.009" },
      { id: second.id, at: "09:00:00.007" },
      { id: third.id, at: "09:00:00.003" },
    ]);
    const segments = await rows<{ project_id: number; entry_count: number; error_count: number }>(
      service.db,
      sql`select project_id, entry_count, error_count from service.request_log_segments
           where first_at between '2026-11-26T09:00:00Z' and '2026-11-26T09:00:01Z'
           order by project_id`,
    );
    expect(segments).toEqual([
      { project_id: service.projectId, entry_count: 4, error_count: 1 },
      { project_id: otherProject, entry_count: 2, error_count: 1 },
    ]);
  });

  it("takes the caller's X-Request-Id and sends it back; a bad one is replaced by a UUID", async () => {
    const good = "client_trace.v2:42-A";
    const echoed = await get(`/Products/${KEY}/${PROJECT}`, good);
    expect(echoed.headers.get("x-request-id")).toBe(good);
    const long = "a".repeat(129);
    const replaced: string[] = [];
    for (const bad of ["has space", long, "semi;colon", "ünï", "slash/ed"]) {
      const answer = await get(`/Products/${KEY}/${PROJECT}`, bad);
      const id = answer.headers.get("x-request-id") ?? "";
      expect(id, bad).toMatch(UUID);
      replaced.push(id);
    }
    expect((await get(`/Products/${KEY}/${PROJECT}`, "a".repeat(128))).headers.get("x-request-id")).toBe(
      "a".repeat(128),
    );
    // Without one, and on answers that never reach a route, the service names the call itself.
    const own = await call(service.base, `/Products/${KEY}/${PROJECT}`);
    expect(own.headers.get("x-request-id")).toMatch(UUID);
    expect((await get("/NoSuchRoute", "lost-1")).headers.get("x-request-id")).toBe("lost-1");
    const logged_ = await logged();
    expect(logged_.map((entry) => entry.caller_request_id)).toEqual(
      expect.arrayContaining([good, ...replaced, own.headers.get("x-request-id")]),
    );
  });

  it("does not log a call without a valid key: there is no project to file it under", async () => {
    expect((await get(`/Products/wrong-key/${PROJECT}`, "unkeyed-1")).status).toBe(401);
    expect((await get(`/Products/${KEY}/${OTHER_PROJECT}`, "unkeyed-2")).status).toBe(401);
    expect((await sendAward(awardBody({ extra: { ApiKey: "wrong" }, lines: [] }), "unkeyed-3")).status).toBe(
      401,
    );
    expect((await get("/NoSuchRoute", "unkeyed-4")).status).toBe(404);
    await get(`/Products/${KEY}/${PROJECT}`, "keyed-1");
    expect((await logged()).map((entry) => entry.caller_request_id)).toEqual(["keyed-1"]);
  });
});
