import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { call, post } from "@/testing/service/http-client";

// docs/service.md, "Identifiers and parameters": text that is not well-formed Unicode is refused.
const service = serveFixtures({ per: "file" });

let request = 0;
const nextRequestId = () => `0f000000-0000-4000-8000-${String(++request).padStart(12, "0")}`;

/** An allowance award; JSON.stringify writes a lone surrogate as its `\ud800` escape. */
const allowance = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    ApiKey: KEY,
    RequestID: nextRequestId(),
    ProjectGuid: PROJECT,
    IsAllowance: true,
    CustomerID: "unicode-player",
    Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
    ...fields,
  });

async function customerCount(): Promise<number> {
  const result = (await service.db.execute(
    sql`select count(*)::int as n from service.customers`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe("rule 3: text must be well-formed Unicode", () => {
  it("rule 3: two CustomerIDs ending in different lone surrogates are refused, not stored as one customer", async () => {
    const before = await customerCount();
    for (const [id, codePoint] of [
      ["twin\ud800", "U+D800"],
      ["twin\udfff", "U+DFFF"],
    ] as const) {
      const response = await post(service.base, "/AwardTokens", allowance({ CustomerID: id }));
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        isError: "1",
        ErrorCode: "INVALID_REQUEST",
        Error: `CustomerID must be well-formed Unicode text (it holds a lone surrogate, ${codePoint}).`,
      });
    }
    expect(await customerCount()).toBe(before);
  });

  it.each([
    ["Wallet of a direct award", { IsAllowance: false, Wallet: "w\udbff" }, "Wallet"],
    [
      "a token line's Guid",
      { Tokens: [{ Guid: `${GOLD}\ud800`, ContractGuid: GOLD_DB, Amount: 1 }] },
      "Tokens[0].Guid",
    ],
    ["a field the service ignores", { Comment: "note \udc00" }, "Comment"],
    ["the RequestID", { RequestID: "\ud800" }, "RequestID"],
  ])("rule 3: a lone surrogate in %s is 400 naming the field", async (_name, fields, field) => {
    const response = await post(service.base, "/AwardTokens", allowance(fields));
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(
      new RegExp(`^${field.replace(/[[\]]/g, "\\$&")} must be well-formed Unicode text`),
    );
  });

  it("rule 3: a field name holding a lone surrogate is 400", async () => {
    const body = `${allowance().slice(0, -1)},"\\ud800":1}`;
    const response = await post(service.base, "/AwardTokens", body);
    expect(response.status).toBe(400);
    expect(response.json.Error).toBe(
      "Body must not have a field name that is not well-formed Unicode text (a lone surrogate, U+D800).",
    );
  });

  it("rule 3: FundWallet is checked the same way", async () => {
    const body = JSON.stringify({
      ApiKey: KEY,
      RequestID: nextRequestId(),
      ProjectGuid: PROJECT,
      Tokens: [{ Guid: GOLD, ContractGuid: `${GOLD_DB}\udfff`, Amount: 1 }],
    });
    const response = await post(service.base, "/FundWallet", body);
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(/^Tokens\[0\]\.ContractGuid must be well-formed Unicode text/);
  });

  it("rule 3: a path segment cannot carry a lone surrogate: its UTF-8 form is malformed percent-encoding", async () => {
    const response = await call(service.base, `/Tokens/${KEY}/${PROJECT}/twin%ED%A0%80`);
    expect(response.status).toBe(400);
    expect(response.json.ErrorCode).toBe("INVALID_REQUEST");
  });

  it("rule 3: well-formed text outside the BMP (surrogate pairs) is accepted", async () => {
    const response = await post(service.base, "/AwardTokens", allowance({ CustomerID: "spieler 😀𝄞" }));
    expect(response.status).toBe(200);
    const tokens = await call(service.base, `/Tokens/${KEY}/${PROJECT}/${encodeURIComponent("spieler 😀𝄞")}`);
    expect(tokens.json.Data.Tokens).toHaveLength(1);
  });
});
