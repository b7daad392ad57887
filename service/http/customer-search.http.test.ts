import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerSearch } from "@/lib/contract/customer-search";
import { awardJson } from "@/testing/service/awards-client";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  AWKWARD_PLAYER,
  EVM_WALLET,
  GOLD,
  GOLD_DB,
  KEY,
  OTHER_KEY,
  OTHER_PROJECT,
  otherFixture,
  PLAYER,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import { call, post } from "@/testing/service/http-client";
import { createApiKey } from "../domain/keys";

/** Customer search (docs/service.md, "Customer search"), over HTTP on both databases. */

/** Customers of the test project besides the fixture's own, in the order they are created. */
const NAMES = [
  "hana",
  "Hana",
  "hana-tanaka",
  "HANAKO_77",
  "yuki.hana",
  "xHANAx",
  "Ünal-Şahin",
  "日本語プレイヤー",
  "spieler_x50yy",
  "axb-player",
  "a_b-player",
];
const CHAIN_WALLET = "0xAbC1230000000000000000000000000000000001";

function searchFixtures() {
  const fixture = testFixture();
  fixture.customers.push(...NAMES.map((id) => ({ id, holdings: [], items: [] })), {
    id: "wallet-holder",
    holdings: [
      {
        token: GOLD,
        contract: GOLD_DB,
        wallet: CHAIN_WALLET,
        amount: "2",
        isAllowance: false,
        isMintable: false,
      },
    ],
    items: [],
  });
  const other = otherFixture();
  other.customers = [{ id: "hana-elsewhere", holdings: [], items: [] }] as never;
  return [fixture, other];
}

const service = serveFixtures({ per: "file", fixtures: searchFixtures });

type Found = {
  CustomerID: string;
  Match: string;
  Wallets: string[];
  TokenCount: number;
  LastActivity: string;
};

async function search(query: Record<string, string>, key = KEY, project = PROJECT) {
  const response = await call(
    service.base,
    `/Customers/${encodeURIComponent(key)}/${project}?${new URLSearchParams(query)}`,
  );
  return response;
}

/** Every page of a search, `limit` at a time. */
async function everyPage(q: string, limit: number): Promise<Found[]> {
  const found: Found[] = [];
  let cursor = "";
  for (let page = 0; page < 50; page += 1) {
    const response = await search({ q, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(response.status).toBe(200);
    customerSearch.emit.CustomerSearchResponse.parse(response.json);
    found.push(...response.json.Data.Customers);
    cursor = response.json.Data.NextCursor;
    if (cursor === "") return found;
  }
  throw new Error("more than 50 pages");
}

const ids = (found: Found[]) => found.map((f) => [f.CustomerID, f.Match]);

describe("customer search: the fragment", () => {
  it("is case-insensitive, best matches first: the whole ID, its start, anywhere; within each in byte order", async () => {
    const found = await everyPage("hAnA", 50);
    expect(ids(found)).toEqual([
      ["hana", "exact"],
      ["Hana", "exact"],
      ["hana-tanaka", "prefix"],
      ["HANAKO_77", "prefix"],
      ["xHANAx", "contains"],
      ["yuki.hana", "contains"],
    ]);
  });

  it("finds Unicode IDs whatever their case and script", async () => {
    expect(ids(await everyPage("ünal", 50))).toEqual([["Ünal-Şahin", "prefix"]]);
    expect(ids(await everyPage("ŞAHIN", 50))).toEqual([["Ünal-Şahin", "contains"]]);
    expect(ids(await everyPage("プレイ", 50))).toEqual([["日本語プレイヤー", "contains"]]);
  });

  it("takes %, _ and \\ as the characters they are", async () => {
    expect(ids(await everyPage("50%", 50))).toEqual([[AWKWARD_PLAYER, "contains"]]);
    expect(ids(await everyPage("a_b", 50))).toEqual([["a_b-player", "prefix"]]);
    expect(await everyPage("x\\5", 50)).toEqual([]);
  });

  it("finds a customer by a wallet's start, case-insensitive, naming the wallets that matched", async () => {
    const [byChain] = await everyPage(CHAIN_WALLET.slice(0, 8).toLowerCase(), 50);
    expect(byChain).toMatchObject({ CustomerID: "wallet-holder", Match: "wallet", Wallets: [CHAIN_WALLET] });
    const byName = await everyPage("WALLET-", 50);
    // The fixture's player holds in wallet-a and wallet-b (one row, both wallets); "wallet-holder"
    // starts with the fragment itself, so it is a prefix match, listed first.
    expect(ids(byName)).toEqual([
      ["wallet-holder", "prefix"],
      [PLAYER, "wallet"],
    ]);
    expect(byName[1]?.Wallets).toEqual(["wallet-a", "wallet-b"]);
    expect(byName[0]?.Wallets).toEqual([]);
    expect((await everyPage(EVM_WALLET.slice(0, 10), 50)).map((f) => f.CustomerID)).toEqual([PLAYER]);
  });

  it("says how many tokens each holds and when the studio last awarded or reversed anything to them", async () => {
    const [before] = await everyPage("hana-tanaka", 50);
    expect(before).toMatchObject({ TokenCount: 0, LastActivity: "" });
    const award = await post(
      service.base,
      "/AwardTokens",
      awardJson({
        customer: "hana-tanaka",
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "1.5" }],
      }),
    );
    expect(award.status).toBe(200);
    const [after] = await everyPage("hana-tanaka", 50);
    expect(after?.TokenCount).toBe(1);
    expect(after?.LastActivity).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.now() - Date.parse(after?.LastActivity ?? "")).toBeLessThan(10 * 60_000);
    const [player] = await everyPage(PLAYER, 50);
    expect(player?.TokenCount).toBe(2);
  });
});

describe("customer search: a fragment in very many IDs", () => {
  it("ranks the first 200 IDs that contain it and says so (Capped); fewer are ranked whole", async () => {
    await service.db.execute(
      sql`insert into service.customers (project_id, customer_id)
          select ${service.projectId}, 'x-crowd-' || i from generate_series(1, 201) i`,
    );
    const crowd = await search({ q: "crowd", limit: "50" });
    expect(crowd.status).toBe(200);
    expect(crowd.json.Data.Capped).toBe(true);
    const listed: string[] = crowd.json.Data.Customers.map((f: Found) => f.CustomerID);
    expect(listed).toHaveLength(50);
    expect(listed).toEqual([...listed].sort());
    const fewer = await search({ q: "hana" });
    expect(fewer.json.Data.Capped).toBe(false);
  });
});

describe("customer search: pages", () => {
  it("pages by cursor through every match once, in the same order as one page", async () => {
    const one = await everyPage("hana", 50);
    for (const limit of [1, 2, 4])
      expect(ids(await everyPage("hana", limit)), `limit ${limit}`).toEqual(ids(one));
    const player = await everyPage("player", 50);
    for (const limit of [1, 3]) expect(ids(await everyPage("player", limit))).toEqual(ids(player));
  });

  it("never returns another project's customers; its own key finds them", async () => {
    expect(await everyPage("elsewhere", 50)).toEqual([]);
    const theirs = await search({ q: "hana" }, OTHER_KEY, OTHER_PROJECT);
    expect(theirs.status).toBe(200);
    expect(theirs.json.Data.Customers.map((f: Found) => f.CustomerID)).toEqual(["hana-elsewhere"]);
    // A key of one project naming the other is refused before anything is searched.
    expect((await search({ q: "hana" }, KEY, OTHER_PROJECT)).status).toBe(401);
  });

  it("needs the read scope", async () => {
    const awarder = (await createApiKey(service.db, service.projectId, { scopes: ["award"] })).key;
    const refused = await search({ q: "hana" }, awarder);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ ErrorCode: "KEY_NOT_ALLOWED" });
    const reader = (await createApiKey(service.db, service.projectId, { scopes: ["read"] })).key;
    expect((await search({ q: "hana" }, reader)).status).toBe(200);
  });
});

describe("customer search: refusals name the parameter and the rule", () => {
  it.each([
    [{}, "Query parameter q is required: a part of a CustomerID or the start of a wallet address."],
    [{ q: "ha" }, "Query parameter q must have at least 3 characters."],
    [{ q: "  ha  " }, "Query parameter q must have at least 3 characters."],
    [{ q: "x".repeat(129) }, "Query parameter q must have at most 128 characters."],
    [{ q: "hana", limit: "0" }, "Query parameter limit must be a whole number from 1 to 50."],
    [{ q: "hana", limit: "51" }, "Query parameter limit must be a whole number from 1 to 50."],
    [
      { q: "hana", cursor: "not-a-cursor" },
      "Query parameter cursor must be the NextCursor of an earlier page.",
    ],
  ])("%j", async (query, message) => {
    const response = await search(query as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ isError: "1", Error: message });
  });
});
