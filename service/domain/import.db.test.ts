import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  GOLD,
  GOLD_DB,
  KEY,
  OTHER_KEY,
  otherFixture,
  PROJECT,
  testFixture,
} from "@/testing/service/fixtures";
import { createTestDatabase, expectLedgerBalanced } from "@/testing/service/harness";
import type { ServiceDatabase } from "../db/connection";
import { FixtureError } from "../db/fixture";
import { awardTokens } from "./awards";
import { importFixture } from "./import";

let database: ServiceDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await expectLedgerBalanced(database.db);
  await database.close();
});

async function count(table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(`service.${table}`)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

const everything = [
  "projects",
  "api_keys",
  "chains",
  "tokens",
  "contracts",
  "products",
  "product_texts",
  "prices",
  "price_products",
  "customers",
  "items",
  "item_attributes",
  "accounts",
  "ledger_transactions",
  "postings",
];
const counts = async () =>
  Object.fromEntries(await Promise.all(everything.map(async (t) => [t, await count(t)])));

type Mutable = ReturnType<typeof testFixture> & Record<string, unknown>;
const broken = (change: (f: Mutable) => void) => {
  const fixture = testFixture() as Mutable;
  change(fixture);
  return fixture;
};

describe("fixture import", () => {
  it("loads every table, and the opening balances as one balanced ledger transaction", async () => {
    const result = await importFixture(database.db, testFixture(), { reset: false });
    expect(result).toMatchObject({
      mode: "created",
      counts: { tokens: 3, products: 3, prices: 5, customers: 2, items: 3 },
    });
    expect(await count("ledger_transactions")).toBe(1);
  });

  it.each([
    [
      "a holding of an unknown token",
      (f: Mutable) => {
        f.customers[0]!.holdings[0]!.token = "99999999-0000-4000-8000-000000000000";
      },
      /customers\[0\]\.holdings\[0\]\.token .* is not a token of this fixture/,
    ],
    [
      "a contract of another token",
      (f: Mutable) => {
        f.customers[0]!.holdings[0]!.contract = f.tokens[1]!.contracts[0]!.guid;
      },
      /customers\[0\]\.holdings\[0\]\.contract .* is not a contract of that token/,
    ],
    [
      "a price of an unknown chain",
      (f: Mutable) => {
        f.prices[0]!.chain = "Solana";
      },
      /prices\[0\]\.chain "Solana" is neither FIAT nor a chain/,
    ],
    [
      "a price selling an unknown product",
      (f: Mutable) => {
        f.prices[0]!.products.push("99999999-0000-4000-8000-000000000000");
      },
      /prices\[0\]\.products\[2\] .* is not a product/,
    ],
    [
      "a float amount written as a number",
      (f: Mutable) => {
        (f.projectWallet[0] as { amount: unknown }).amount = 10.5;
      },
      /projectWallet\[0\]\.amount must be a decimal string/,
    ],
    [
      "19 decimals",
      (f: Mutable) => {
        f.projectWallet[0]!.amount = "1.0000000000000000001";
      },
      /projectWallet\[0\]\.amount must have at most 60 integer digits and 18 decimal places/,
    ],
    [
      "a non-EVM wallet on an EVM chain",
      (f: Mutable) => {
        f.customers[0]!.holdings[3]!.wallet = "not-evm";
      },
      /customers\[0\]\.holdings\[3\]\.wallet must be an EVM address/,
    ],
    [
      "a repeated token guid",
      (f: Mutable) => {
        f.tokens[1]!.guid = f.tokens[0]!.guid.toLowerCase();
      },
      /tokens\[1\]\.guid repeats the guid of entry 0/,
    ],
    [
      "a date that is not ISO UTC",
      (f: Mutable) => {
        f.prices[0]!.fromDate = "31/01/2026" as never;
      },
      /prices\[0\]\.fromDate must be an ISO 8601 UTC date/,
    ],
    [
      "an unknown product type",
      (f: Mutable) => {
        (f.products[0] as { type: number }).type = 3;
      },
      /products\[0\]\.type must be 2 \(Item\) or 4 \(Subscription\)/,
    ],
  ])("refuses %s with the JSON path and the rule, writing nothing", async (_name, change, message) => {
    const error = await importFixture(database.db, broken(change), { reset: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as Error).message).toMatch(message);
    expect(await count("projects")).toBe(0);
  });

  it("a failure late in the import (a key of another project) rolls everything back", async () => {
    await importFixture(database.db, otherFixture(), { reset: false });
    const before = await counts();
    const fixture = testFixture();
    fixture.project.apiKeys.push(OTHER_KEY);
    await expect(importFixture(database.db, fixture, { reset: false })).rejects.toThrow(
      /belongs to another project/,
    );
    expect(await counts()).toEqual(before);
  });

  it("re-import replaces catalogue and holdings, keeps the keys; after an award it needs --reset", async () => {
    const { projectId } = await importFixture(database.db, testFixture(), { reset: false });
    const changed = testFixture();
    changed.prices = changed.prices.slice(0, 1);
    const again = await importFixture(database.db, changed, { reset: false });
    expect(again).toMatchObject({ projectId, mode: "replaced", counts: { prices: 1 } });
    expect(await count("prices")).toBe(1);
    expect(await count("api_keys")).toBe(2);

    await awardTokens(database.db, projectId, {
      RequestID: "0c000000-0000-4000-8000-000000000001",
      ProjectGuid: PROJECT,
      IsAllowance: true,
      IsMintable: false,
      CustomerID: "someone",
      Wallet: "",
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }],
    });
    const before = await counts();
    await expect(importFixture(database.db, testFixture(), { reset: false })).rejects.toThrow(
      /already has 1 award\(s\) or funding\(s\).*Use --reset/,
    );
    expect(await counts()).toEqual(before);
    const reset = await importFixture(database.db, testFixture(), { reset: true });
    expect(reset.mode).toBe("reset");
    expect(await count("awards")).toBe(0);
    const keys = (await database.db.execute(
      sql`select count(*)::int as n from service.api_keys`,
    )) as unknown as { rows: { n: number }[] };
    expect(keys.rows[0]?.n).toBe(2);
    expect(KEY).toBeTruthy();
  });
});

// docs/service.md, "Data in": a fixture's text follows the rule of all stored text.
describe("fixture text is well-formed and holds no control characters", () => {
  const BAD_TEXT = [
    ["a NUL", "in\u0000side", "must not contain control characters"],
    ["an ESC sequence", "in\u001b[31mside", "must not contain control characters"],
    ["a newline", "in\nside", "must not contain control characters"],
    [
      "a lone surrogate",
      "in\ud800side",
      "must be well-formed Unicode text (it holds a lone surrogate, U+D800)",
    ],
  ] as const;

  it.each([
    [
      "project.name",
      (f: Mutable, text: string) => {
        f.project.name = text;
      },
    ],
    [
      "tokens[0].name",
      (f: Mutable, text: string) => {
        f.tokens[0]!.name = text;
      },
    ],
    [
      "chains[0].symbol",
      (f: Mutable, text: string) => {
        f.chains[0]!.symbol = text;
      },
    ],
    [
      "customers[0].holdings[0].wallet",
      (f: Mutable, text: string) => {
        f.customers[0]!.holdings[0]!.wallet = text;
      },
    ],
    [
      "customers[0].items[0].attributes[0].value",
      (f: Mutable, text: string) => {
        f.customers[0]!.items[0]!.attributes[0]!.value = text;
      },
    ],
    [
      "products[0].languages.en[0].value",
      (f: Mutable, text: string) => {
        f.products[0]!.languages.en![0]!.value = text;
      },
    ],
  ])(
    "refuses a NUL, an ESC sequence, a newline and a lone surrogate in %s, naming it, writing nothing",
    async (path, put) => {
      for (const [what, text, rule] of BAD_TEXT) {
        const error = await importFixture(
          database.db,
          broken((f) => put(f, text)),
          { reset: false },
        ).catch((e: unknown) => e);
        expect(error, what).toBeInstanceOf(FixtureError);
        expect((error as Error).message, what).toContain(`${path} ${rule}`);
      }
      expect(await count("projects")).toBe(0);
    },
  );

  it("a product's Description may hold line breaks and tabs, and no other control character", async () => {
    const description = (text: string) =>
      broken((f) => {
        f.products[0]!.languages.en![1]!.value = text;
      });
    const refused = await importFixture(database.db, description("Sharp.\u0000"), { reset: false }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(FixtureError);
    expect((refused as Error).message).toContain(
      "products[0].languages.en[1].value must not contain control characters",
    );
    await importFixture(database.db, description("Sharp.\r\n\tVery."), { reset: false });
    const stored = (await database.db.execute(
      sql`select value from service.product_texts where value like 'Sharp.%'`,
    )) as unknown as { rows: { value: string }[] };
    expect(stored.rows[0]?.value).toBe("Sharp.\r\n\tVery.");
  });
});
