import { describe, expect, it } from "vitest";
import { catalogue } from "@/lib/contract/catalogue";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  GEM,
  GEM_DB,
  GEM_POLYGON,
  GOLD,
  GOLD_DB,
  KEY,
  PRICE_EXPIRED,
  PRICE_FIAT,
  PRICE_POLYGON,
  PRICE_SCHEDULED,
  PRODUCT_HIDDEN,
  PRODUCT_PASS,
  PRODUCT_SWORD,
  PROJECT,
} from "@/testing/service/fixtures";
import { call } from "@/testing/service/http-client";

const service = serveFixtures({ per: "file" });

const prices = async (chains: string, isAll: string, query = "") =>
  call(service.base, `/Prices/${KEY}/${PROJECT}/${chains}/${isAll}${query}`);
const guids = (response: { json: { Prices: { PriceGuid: string }[] } }) =>
  response.json.Prices.map((p) => p.PriceGuid);

describe("rule 5: Prices filters", () => {
  it("rule 5: IsAll false lists only prices valid now; inactive never", async () => {
    const response = await prices("all", "false");
    expect(response.status).toBe(200);
    expect(guids(response)).toEqual([PRICE_FIAT, PRICE_POLYGON]);
  });

  it.each(["true", "1", "TRUE"])("rule 5: IsAll %s adds scheduled and expired prices", async (isAll) => {
    expect(guids(await prices("all", isAll))).toEqual([
      PRICE_FIAT,
      PRICE_POLYGON,
      PRICE_SCHEDULED,
      PRICE_EXPIRED,
    ]);
  });

  it.each([
    ["FIAT", [PRICE_FIAT, PRICE_SCHEDULED, PRICE_EXPIRED]],
    ["fiat", [PRICE_FIAT, PRICE_SCHEDULED, PRICE_EXPIRED]],
    ["polygon", [PRICE_POLYGON]],
    ["Polygon,FIAT", [PRICE_FIAT, PRICE_POLYGON, PRICE_SCHEDULED, PRICE_EXPIRED]],
    ["Solana", []],
    ["ALL", [PRICE_FIAT, PRICE_POLYGON, PRICE_SCHEDULED, PRICE_EXPIRED]],
  ])("rule 5: Chains %s (case-insensitive, unknown names match nothing)", async (chains, expected) => {
    expect(guids(await prices(chains, "true"))).toEqual(expected);
  });

  it.each(["yes", "2", "truee"])("rule 5: IsAll %s is 400 naming IsAll", async (isAll) => {
    const response = await prices("all", isAll);
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(/IsAll/);
    expect(response.json.Prices).toEqual([]);
  });

  it("rule 5: Chains with an empty name is 400", async () => {
    const response = await prices("FIAT,,Polygon", "true");
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(/Chains/);
  });

  it.each(["203.0.113.7", "2001:db8::1"])(
    "rule 5: IP %s is accepted, recorded, and changes nothing",
    async (ip) => {
      const withIp = await prices("all", "false", `?IP=${encodeURIComponent(ip)}`);
      expect(withIp.status).toBe(200);
      expect(withIp.json.Prices).toEqual((await prices("all", "false")).json.Prices);
      expect(service.logs.join("")).toContain(`"clientIp":"${ip}"`);
    },
  );

  it.each(["300.1.1.1", "localhost", "1.2.3"])("rule 5: IP %s is 400 naming IP", async (ip) => {
    const response = await prices("all", "false", `?IP=${ip}`);
    expect(response.status).toBe(400);
    expect(response.json.Error).toMatch(/IP must be an IPv4 or IPv6 address/);
  });
});

describe("rules 6 and 7: dates and price values", () => {
  it('rule 6: dates are ISO 8601 UTC to the second, "" when unset', async () => {
    const all = (await prices("all", "true")).json.Prices as {
      PriceGuid: string;
      FromDate: string;
      ToDate: string;
    }[];
    const fiat = all.find((p) => p.PriceGuid === PRICE_FIAT);
    const polygon = all.find((p) => p.PriceGuid === PRICE_POLYGON);
    expect(fiat?.FromDate).toBe("");
    expect(fiat?.ToDate).toBe("");
    expect(polygon?.FromDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(polygon?.ToDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("rules 6 and 7: a price carries every field, amounts with three decimals, tiers as integer text", async () => {
    const [fiat] = (await prices("FIAT", "false")).json.Prices;
    expect(fiat).toEqual({
      Currency: "EUR",
      FromDate: "",
      ToDate: "",
      FromAmount: "1",
      ToAmount: "10",
      Amount: "9.990",
      DiscountAmount: "10.000",
      DiscountIsPercentage: true,
      TaxIncludedInPrice: "true",
      Chain: "FIAT",
      PriceGuid: PRICE_FIAT,
      // The inactive product this price also sells is left out.
      Products: [expect.objectContaining({ Guid: PRODUCT_SWORD })],
    });
    const [polygon] = (await prices("Polygon", "false")).json.Prices;
    expect(polygon).toMatchObject({
      Amount: "120.500",
      DiscountAmount: "0.500",
      TaxIncludedInPrice: "false",
      FromAmount: "",
      ToAmount: "",
    });
  });

  it("rule 7: responses match the strict contract schema", async () => {
    const response = await prices("all", "true");
    expect(catalogue.emit.PricesResponse.safeParse(response.json).success).toBe(true);
  });
});

describe("rules 8 and 12: Products", () => {
  it("rule 12: Data.Types is the whole type table and Type is the value as text", async () => {
    const response = await call(service.base, `/Products/${KEY}/${PROJECT}`);
    expect(response.status).toBe(200);
    expect(response.json.Data.Types).toEqual([
      { value: "2", name: "Item" },
      { value: "4", name: "Subscription" },
    ]);
    expect(response.json.Data.Products.map((p: { Type: string }) => p.Type)).toEqual(["2", "4"]);
  });

  it("rules 8 and 12: active products in fixture order, Languages one object per language in order", async () => {
    const { Products } = (await call(service.base, `/Products/${KEY}/${PROJECT}`)).json.Data;
    expect(Products.map((p: { Guid: string }) => p.Guid)).toEqual([PRODUCT_SWORD, PRODUCT_PASS]);
    expect(Products.map((p: { Guid: string }) => p.Guid)).not.toContain(PRODUCT_HIDDEN);
    expect(Products[0]).toEqual({
      Guid: PRODUCT_SWORD,
      IsUnlimited: false,
      Amount: "25",
      ImageUrl: "https://img.test/sword.png",
      Type: "2",
      Languages: [
        {
          en: [
            { Value: "Sword", Type: "Title" },
            { Value: "Sharp.", Type: "Description" },
          ],
        },
        { de: [{ Value: "Schwert", Type: "Title" }] },
        { ja: [{ Value: "剣", Type: "Title" }] },
      ],
    });
    expect(Products[1]).toMatchObject({ IsUnlimited: true, Amount: "" });
    expect(
      catalogue.emit.ProductsResponse.safeParse(
        (await call(service.base, `/Products/${KEY}/${PROJECT}`)).json,
      ).success,
    ).toBe(true);
  });
});

describe("rule 9: project tokens", () => {
  it("rule 9: only tokens with a contract, each with its contracts per chain, in order; each chain's address format (extension)", async () => {
    const response = await call(service.base, `/Tokens/${KEY}/${PROJECT}`);
    expect(response.json.Data.Tokens).toEqual([
      {
        Symbol: "GOLD",
        Guid: GOLD,
        Name: "Gold",
        Contracts: [{ ChainName: "DB", ContractGuid: GOLD_DB, AddressFormat: null }],
      },
      {
        Symbol: "GEM",
        Guid: GEM,
        Name: "Gem",
        Contracts: [
          { ChainName: "DB", ContractGuid: GEM_DB, AddressFormat: null },
          { ChainName: "Polygon", ContractGuid: GEM_POLYGON, AddressFormat: "evm" },
        ],
      },
    ]);
  });
});
