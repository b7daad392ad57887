import { LosslessNumber, parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { holdings } from "@/lib/contract/holdings";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  AWKWARD_PLAYER,
  EVM_WALLET,
  GEM,
  GEM_POLYGON,
  GOLD,
  GOLD_DB,
  KEY,
  PLAYER,
  PROJECT,
} from "@/testing/service/fixtures";
import { call, post, rawGet } from "@/testing/service/http-client";

const service = serveFixtures({ per: "file" });

const tokensOf = (customer: string) =>
  call(service.base, `/Tokens/${KEY}/${PROJECT}/${encodeURIComponent(customer)}`);
const itemsOf = (customer: string) =>
  call(service.base, `/Items/${KEY}/${PROJECT}/${encodeURIComponent(customer)}`);

describe("rule 9: customer tokens", () => {
  it('rule 9: one entry per token held, details per (wallet, chain, contract, allowance), allowances with Wallet ""', async () => {
    const response = await tokensOf(PLAYER);
    expect(response.status).toBe(200);
    expect(response.json.Data.Tokens).toEqual([
      {
        Total: 123.5,
        TokenSymbol: "GOLD",
        Guid: GOLD,
        Name: "Gold",
        Image: "https://img.test/gold.png",
        Details: [
          { Wallet: "wallet-a", Amount: "100", ChainName: "DB", ContractGuid: GOLD_DB, IsAllowance: false },
          { Wallet: "wallet-b", Amount: "23.5", ChainName: "DB", ContractGuid: GOLD_DB, IsAllowance: false },
        ],
      },
      {
        Total: 7, // JSON.parse rounds; the exact digits are checked below
        TokenSymbol: "GEM",
        Guid: GEM,
        Name: "Gem",
        Image: "https://img.test/gem.png",
        Details: [
          { Wallet: "", Amount: "7", ChainName: "Polygon", ContractGuid: GEM_POLYGON, IsAllowance: true },
          {
            Wallet: EVM_WALLET,
            Amount: "0.000000000000000001",
            ChainName: "Polygon",
            ContractGuid: GEM_POLYGON,
            IsAllowance: false,
          },
        ],
      },
    ]);
    // The strict contract, with each Total read as the text of its number literal.
    const strict = parse(response.text, undefined, (literal: string) => literal);
    expect(holdings.emit.CustomerTokensResponse.safeParse(strict).success).toBe(true);
  });

  it("rule 7: Total is a JSON number carrying every digit of the exact sum", async () => {
    const response = await tokensOf(PLAYER);
    // The raw text holds the number literal unquoted, and a lossless parser gets every digit.
    expect(response.text).toContain('"Total":7.000000000000000001,');
    expect(response.text).toContain('"Total":123.5,');
    const gem = response.exact.Data.Tokens[1].Total as LosslessNumber;
    expect(gem).toBeInstanceOf(LosslessNumber);
    expect(gem.value).toBe("7.000000000000000001");
  });

  it("rule 7: amounts are canonical (no trailing zeros, no exponent)", async () => {
    const amounts = (await tokensOf(PLAYER)).json.Data.Tokens.flatMap(
      (t: { Details: { Amount: string }[] }) => t.Details.map((d) => d.Amount),
    );
    for (const amount of amounts) expect(amount).toMatch(/^\d+(\.\d*[1-9])?$/);
  });

  it("rule 9: a token whose balance went back to zero is not listed", async () => {
    // Allowances only add; an award to a new player then shows exactly that token.
    const body = `{"ApiKey":"${KEY}","RequestID":"0a000000-0000-4000-8000-000000000001","ProjectGuid":"${PROJECT}",
      "IsAllowance":true,"CustomerID":"fresh","Tokens":[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":2.50}]}`;
    expect((await post(service.base, "/AwardTokens", body)).status).toBe(200);
    const tokens = (await tokensOf("fresh")).json.Data.Tokens;
    expect(tokens.map((t: { TokenSymbol: string }) => t.TokenSymbol)).toEqual(["GOLD"]);
    expect(tokens[0].Details).toEqual([
      { Wallet: "", Amount: "2.5", ChainName: "DB", ContractGuid: GOLD_DB, IsAllowance: true },
    ]);
  });
});

describe("rule 10: unknown customer", () => {
  it("rule 10: an unknown customer is 200 with empty lists", async () => {
    const tokens = await tokensOf("nobody-we-know");
    expect(tokens.status).toBe(200);
    expect(tokens.json).toEqual({ isError: "0", Error: "", Data: { Tokens: [] } });
    const items = await itemsOf("nobody-we-know");
    expect(items.status).toBe(200);
    expect(items.json).toEqual({ isError: "0", Error: "", Items: [] });
  });
});

describe("rule 3: CustomerID in the path", () => {
  it("rule 3: a percent-encoded CustomerID with /, %, space and non-ASCII is decoded", async () => {
    const tokens = await tokensOf(AWKWARD_PLAYER);
    expect(tokens.status).toBe(200);
    expect(tokens.json.Data.Tokens[0].Details[0].Wallet).toBe("w");
    const items = await itemsOf(AWKWARD_PLAYER);
    expect(items.json.Items.map((i: { Name: string }) => i.Name)).toEqual(["Polygon shield"]);
  });

  it("rule 3: 128 code points are fine, 129 are 400 naming CustomerID", async () => {
    const ok = await tokensOf("ü".repeat(128));
    expect(ok.status).toBe(200);
    const long = await tokensOf("ü".repeat(129));
    expect(long.status).toBe(400);
    expect(long.json.Error).toMatch(/CustomerID must be at most 128 characters/);
    expect(long.json.Data.Tokens).toEqual([]);
  });

  it.each([
    ["a control character", encodeURIComponent("a\u0001b"), /control characters/],
    ["a tab", encodeURIComponent("a\tb"), /control characters/],
    // URL handling would drop a bare `.` or `..` segment before it leaves the client; a client
    // that percent-encodes the dots reaches the service, which refuses them.
    ["a single dot", "%2E", /"\." or "\.\."/],
    ["two dots", "%2E%2E", /"\." or "\.\."/],
  ])("rule 3: a CustomerID with %s is 400", async (_name, segment, message) => {
    const response = await rawGet(service.base, `/Items/${KEY}/${PROJECT}/${segment}`);
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(message);
  });
});

describe("rule 11: item by TokenID", () => {
  it("rule 11: every item of the project with that TokenID, on any chain", async () => {
    const response = await call(service.base, `/Item/${KEY}/${PROJECT}/42`);
    expect(response.status).toBe(200);
    expect(response.json.Items).toEqual([
      {
        Chain: "DB",
        ChainSymbol: "DB",
        Guid: "F1000000-0000-4000-8000-000000000001",
        Name: "Shield",
        TokenID: "42",
        Attributes: [
          { Name: "Defense", Value: "12", IsDynamic: false },
          { Name: "Durability", Value: "80", IsDynamic: true },
        ],
      },
      {
        Chain: "Polygon",
        ChainSymbol: "MATIC",
        Guid: "F3000000-0000-4000-8000-000000000003",
        Name: "Polygon shield",
        TokenID: "42",
        Attributes: [{ Name: "Defense", Value: "14", IsDynamic: false }],
      },
    ]);
  });

  it("rule 11: a 78-digit TokenID (uint256 max) is found; leading zeros name the same TokenID", async () => {
    const max = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
    expect((await call(service.base, `/Item/${KEY}/${PROJECT}/${max}`)).json.Items[0].Name).toBe("Dragon");
    expect((await call(service.base, `/Item/${KEY}/${PROJECT}/0042`)).json.Items).toHaveLength(2);
  });

  it("rule 11: no item with that TokenID is 404 with Items []", async () => {
    const response = await call(service.base, `/Item/${KEY}/${PROJECT}/7`);
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ isError: "1", ErrorCode: "NOT_FOUND", Items: [] });
  });

  it.each(["abc", "-1", "1.5", "1".repeat(79)])("rule 3: TokenID %s is 400", async (tokenId) => {
    const response = await call(service.base, `/Item/${KEY}/${PROJECT}/${tokenId}`);
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(/TokenID must be 1 to 78 decimal digits/);
  });

  it("rule 8: a customer's items are listed in creation order with their attributes", async () => {
    const response = await itemsOf(PLAYER);
    expect(response.json.Items.map((i: { Name: string }) => i.Name)).toEqual(["Shield", "Dragon"]);
    expect(holdings.emit.ItemsResponse.safeParse(response.json).success).toBe(true);
  });
});
