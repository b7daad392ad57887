import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { ungroupDigits } from "../lib/format/grouped-decimal";
import { readCsv } from "../testing/read-csv";
import { storageState } from "./roles";

/**
 * Every list's Export CSV (docs/console.md, "Exports"): the file holds the rows the list shows
 * under the address's filter and sort — all pages — in the same order, and parses back to them.
 */
test.use({ storageState: storageState("owner") });

/** Clicks the list's Export CSV; the file as records by its header's names. */
async function exported(
  page: Page,
): Promise<{ header: string[]; records: Record<string, string>[]; name: string }> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).first().click();
  const file = await download;
  const [header = [], ...rows] = readCsv(await readFile((await file.path()) as string, "utf8"));
  return {
    header,
    name: file.suggestedFilename(),
    records: rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""]))),
  };
}

/** The list's total from its count line ("12 of 53 products", "40 awards"). */
async function total(page: Page, testId = "table-count"): Promise<number> {
  const text = (await page.getByTestId(testId).first().textContent()) ?? "";
  return Number(ungroupDigits(/^([\d,]+)/.exec(text.trim())?.[1] ?? "NaN"));
}

/** Each row of the first page holds its record's key, in the file's order. */
async function expectSameOrder(page: Page, keys: string[], rows = page.locator("tbody tr")) {
  const texts = await rows.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const [i, text] of texts.entries()) expect(text, `row ${i + 1}`).toContain(keys[i]);
}

test("products: the filtered, sorted view, every page of it, in the chosen language", async ({ page }) => {
  await page.goto("/catalogue/products?sort=title.desc&lang=de");
  const { header, records, name } = await exported(page);
  expect(header).toEqual([
    "guid",
    "title",
    "title_language",
    "description",
    "type",
    "amount",
    "unlimited",
    "image_url",
  ]);
  expect(name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(records).toHaveLength(await total(page));
  // More rows than one page shows: the file is not the page.
  expect(records.length).toBeGreaterThan(25);
  await expectSameOrder(
    page,
    records.map((r) => r.guid ?? ""),
  );
  expect(records.some((r) => r.title_language === "de")).toBe(true);

  await page.goto("/catalogue/products?q=blade");
  const filtered = await exported(page);
  expect(filtered.records).toHaveLength(await total(page));
  expect(filtered.records.length).toBeLessThan(records.length);
  for (const record of filtered.records)
    expect(`${record.title} ${record.description} ${record.guid}`.toLowerCase()).toContain("blade");
});

test("prices, tokens and translations export what their lists show", async ({ page }) => {
  await page.goto("/catalogue/prices?all=1");
  const prices = await exported(page);
  expect(prices.records).toHaveLength(await total(page));
  await expectSameOrder(
    page,
    prices.records.map((r) => r.guid ?? ""),
  );
  // Exact decimals as the service sent them, never rounded through a float.
  for (const record of prices.records) expect(record.amount).toMatch(/^\d+(\.\d+)?$/);

  await page.goto("/catalogue/tokens?sort=Symbol.asc");
  const tokens = await exported(page);
  const symbols = [...new Set(tokens.records.map((r) => r.symbol ?? ""))];
  await expectSameOrder(page, symbols);
  expect(tokens.records.every((r) => r.contract_guid !== "")).toBe(true);

  await page.goto("/catalogue/translations?sort=gaps.desc");
  const translations = await exported(page);
  expect(translations.records).toHaveLength(await total(page));
  await expectSameOrder(
    page,
    translations.records.map((r) => r.product ?? ""),
  );
  expect(translations.header).toContain("missing_ja");
});

test("the award history, a player's holdings, keys and requests export what their lists show", async ({
  page,
}) => {
  await page.goto("/awards?status=completed");
  const history = await exported(page);
  expect(history.records).toHaveLength(await total(page, "awards-count"));
  expect(history.records.every((r) => r.status === "completed")).toBe(true);
  await expectSameOrder(
    page,
    history.records.map((r) => r.request_id ?? ""),
  );

  await page.goto("/players/player-1001");
  const holdings = await exported(page);
  expect(holdings.header).toEqual([
    "symbol",
    "token_guid",
    "kind",
    "amount",
    "chain",
    "wallet",
    "contract_guid",
  ]);
  // Every holding of every token, to the last digit (player-1001 holds 22.500000000000000001 GEM).
  const gem = holdings.records.filter((r) => r.symbol === "GEM").map((r) => r.amount);
  expect(gem).toContain("3.000000000000000001");
  expect(holdings.records.length).toBe(await page.locator("[data-testid^='token-'] tbody tr").count());

  await page.goto("/developers/keys");
  const keys = await exported(page);
  await expectSameOrder(
    page,
    keys.records.map((r) => r.name ?? ""),
    page.locator("tbody tr[data-testid^='key-']"),
  );
  // Names and prefixes only: a key's secret is never in the file.
  expect(keys.header).not.toContain("secret");

  await page.goto("/developers/requests?Status=2xx");
  const requests = await exported(page);
  expect(requests.records.length).toBeGreaterThan(0);
  expect(requests.records.every((r) => r.status?.startsWith("2"))).toBe(true);
  const shown = await page.locator("tbody tr[data-testid^='request-']").count();
  expect(requests.records.length).toBeGreaterThanOrEqual(shown);
});
