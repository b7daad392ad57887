import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  GOLD,
  GOLD_DB,
  KEY,
  OTHER_KEY,
  otherFixture,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import { startTestService } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import { importFixture } from "../domain/import";

const service = serveFixtures({
  per: "file",
  fixtures: () => [testFixture(), otherFixture()],
  rateLimit: 0,
});

const REQUEST = "0e000000-0000-4000-8000-000000000001";
const awardBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    ApiKey: KEY,
    RequestID: REQUEST,
    ProjectGuid: PROJECT,
    IsAllowance: true,
    CustomerID: "envelope-player",
    Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
    ...overrides,
  });

describe("rule 1: envelope", () => {
  it('rule 1: success carries isError "0" and an empty Error', async () => {
    const response = await call(service.base, `/Tokens/${KEY}/${PROJECT}`);
    expect(response.status).toBe(200);
    expect(response.json.isError).toBe("0");
    expect(response.json.Error).toBe("");
    expect(response.json.ErrorCode).toBeUndefined();
  });

  it.each([
    ["Prices", `/Prices/wrong/${PROJECT}/all/false`, { Prices: [] }],
    ["Products", `/Products/wrong/${PROJECT}`, { Data: { Types: [], Products: [] } }],
    ["project Tokens", `/Tokens/wrong/${PROJECT}`, { Data: { Tokens: [] } }],
    ["customer Tokens", `/Tokens/wrong/${PROJECT}/p`, { Data: { Tokens: [] } }],
    ["Items", `/Items/wrong/${PROJECT}/p`, { Items: [] }],
    ["Item", `/Item/wrong/${PROJECT}/1`, { Items: [] }],
    ["Wallet", `/Wallet/wrong/${PROJECT}`, { Data: { Balances: [], Queue: [] } }],
  ])("rule 1: a failing %s keeps its list field, empty", async (_name, path, lists) => {
    const response = await call(service.base, path);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      isError: "1",
      Error: expect.stringMatching(/API key/),
      ErrorCode: "INVALID_API_KEY",
      ...lists,
    });
  });
});

describe("rule 2: status codes", () => {
  it.each([
    ["unknown route", "GET", "/Nothing/here", undefined, 404, "NOT_FOUND"],
    ["too few segments", "GET", `/Items/${KEY}/${PROJECT}`, undefined, 404, "NOT_FOUND"],
    [
      "wrong method on a GET path",
      "DELETE",
      `/Products/${KEY}/${PROJECT}`,
      undefined,
      405,
      "METHOD_NOT_ALLOWED",
    ],
    ["wrong method on the POST path", "GET", "/AwardTokens", undefined, 405, "METHOD_NOT_ALLOWED"],
    [
      "missing API key in the body",
      "POST",
      "/AwardTokens",
      awardBody({ ApiKey: undefined }),
      401,
      "INVALID_API_KEY",
    ],
    ["non-string API key", "POST", "/AwardTokens", awardBody({ ApiKey: 12 }), 401, "INVALID_API_KEY"],
    ["unknown key", "GET", `/Products/nope/${PROJECT}`, undefined, 401, "INVALID_API_KEY"],
    ["key of another project", "GET", `/Products/${OTHER_KEY}/${PROJECT}`, undefined, 401, "INVALID_API_KEY"],
    ["malformed ProjectGuid", "GET", `/Products/${KEY}/not-a-guid`, undefined, 401, "INVALID_API_KEY"],
    ["unknown ProjectGuid", "GET", `/Products/${KEY}/${REQUEST}`, undefined, 401, "INVALID_API_KEY"],
    ["bad body field", "POST", "/AwardTokens", awardBody({ IsAllowance: "yes" }), 400, "INVALID_REQUEST"],
    ["bad path parameter", "GET", `/Prices/${KEY}/${PROJECT}/all/perhaps`, undefined, 400, "INVALID_REQUEST"],
    ["unknown item", "GET", `/Item/${KEY}/${PROJECT}/999`, undefined, 404, "NOT_FOUND"],
  ])("rule 2: %s answers %s", async (_name, method, path, body, status, code) => {
    const response = await call(service.base, path, { method, body });
    expect(response.status).toBe(status);
    expect(response.json.isError).toBe("1");
    expect(response.json.ErrorCode).toBe(code);
    expect(response.json.Error.length).toBeGreaterThan(10);
  });

  it("rule 2: 405 names the allowed methods in Allow", async () => {
    const onGet = await call(service.base, `/Tokens/${KEY}/${PROJECT}`, { method: "PUT", body: "{}" });
    expect(onGet.status).toBe(405);
    expect(onGet.headers.get("allow")).toBe("GET, HEAD");
    const onPost = await call(service.base, "/AwardTokens", { method: "GET" });
    expect(onPost.headers.get("allow")).toBe("POST");
  });

  it("rule 2: one message for every kind of bad key, so projects cannot be enumerated", async () => {
    const messages = new Set<string>();
    for (const path of [
      `/Products/nope/${PROJECT}`,
      `/Products/${OTHER_KEY}/${PROJECT}`,
      `/Products/${KEY}/${REQUEST}`,
    ]) {
      messages.add((await call(service.base, path)).json.Error);
    }
    expect(messages.size).toBe(1);
  });

  it("rule 2: 415 for a POST without Content-Type: application/json", async () => {
    for (const headers of [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
    ]) {
      const response = await post(service.base, "/AwardTokens", awardBody(), headers);
      expect(response.status).toBe(415);
      expect(response.json.ErrorCode).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    const charset = await post(
      service.base,
      "/AwardTokens",
      awardBody({ RequestID: "0e000000-0000-4000-8000-0000000000cc" }),
      {
        "content-type": "application/json; charset=utf-8",
      },
    );
    expect(charset.status).toBe(200);
  });

  it("rule 2: malformed JSON and non-object bodies are 400", async () => {
    for (const body of ["{", '{"ApiKey":', "[1,2]", '"text"', "42", "null"]) {
      const response = await post(service.base, "/AwardTokens", body);
      expect(response.status, body).toBe(400);
      expect(response.json.ErrorCode).toBe("INVALID_REQUEST");
    }
  });

  // Each row breaks two checks at once; the earlier check in rule 2's order must answer.
  it.each([
    ["404 before 405", "DELETE", "/Nothing", undefined, {}, 404],
    ["405 before 415", "PUT", "/AwardTokens", "x", { "content-type": "text/plain" }, 405],
    ["415 before 413", "POST", "/AwardTokens", "x".repeat(70_000), { "content-type": "text/plain" }, 415],
    ["413 before 400 (JSON syntax)", "POST", "/AwardTokens", `{${"x".repeat(70_000)}`, {}, 413],
    ["400 (JSON syntax) before 401", "POST", "/AwardTokens", '{"ApiKey": "wrong",', {}, 400],
    ["400 (not an object) before 401", "POST", "/AwardTokens", "[]", {}, 400],
    ["401 before 400 (fields)", "POST", "/AwardTokens", awardBody({ ApiKey: "wrong", Tokens: [] }), {}, 401],
    ["401 before 400 (path)", "GET", `/Prices/wrong/${PROJECT}/all/perhaps`, undefined, {}, 401],
  ])("rule 2 order: %s", async (_name, method, path, body, headers, status) => {
    const response = await call(service.base, path, {
      method,
      body,
      headers: { "content-type": "application/json", ...headers },
    });
    expect(response.status).toBe(status);
  });

  it("rule 2: internal errors are a generic 500 with a correlation id, no stack or SQL", async () => {
    const broken = await startTestService();
    await importFixture(broken.db, testFixture(), { reset: false });
    // Break the database under the running service: a table the catalogue reads disappears.
    await broken.db.execute(sql`drop table service.product_texts cascade`);
    const response = await call(broken.base, `/Products/${KEY}/${PROJECT}`);
    await broken.stop();
    expect(response.status).toBe(500);
    expect(response.json.ErrorCode).toBe("INTERNAL_ERROR");
    expect(response.json.Error).toMatch(/Correlation id: [0-9a-f-]{36}/);
    expect(response.text).not.toMatch(/product_texts|select|at \w+ \(|\.ts:/i);
    expect(broken.logs.join("")).toMatch(/product_texts/); // the detail is in the log instead
  });
});

describe("rule 18: limits", () => {
  it("rule 18: a body over 64 KiB is 413", async () => {
    const padding = "x".repeat(64 * 1024);
    const response = await post(service.base, "/AwardTokens", awardBody({ Padding: padding }));
    expect(response.status).toBe(413);
    expect(response.json.ErrorCode).toBe("PAYLOAD_TOO_LARGE");
  });

  it("rule 18: the rate limit answers 429 with Retry-After, after the key check", async () => {
    const limited = await startTestService({ rateLimit: 5 });
    await importFixture(limited.db, testFixture(), { reset: false });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i += 1) {
      const response = await call(limited.base, `/Tokens/${KEY}/${PROJECT}`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get("retry-after");
    }
    // A wrong key is refused as 401 even while the limit is exhausted: the key comes first.
    const wrongKey = await call(limited.base, `/Tokens/wrong/${PROJECT}`);
    await limited.stop();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(wrongKey.status).toBe(401);
  });

  it("rule 18: a rate limit of 0 turns it off", async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => call(service.base, `/Tokens/${KEY}/${PROJECT}`)),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });
});
