import { expect, type Page, test } from "@playwright/test";
import { compareDecimals } from "../lib/contract/decimal";
import { ROLES, type RoleName, storageState } from "./roles";

/** The table's body rows, as the user sees them. */
const rows = (page: Page) => page.locator("tbody tr");
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });

test.describe("every role browses the catalogue", () => {
  for (const role of Object.keys(ROLES) as RoleName[]) {
    test.describe(role, () => {
      test.use({ storageState: storageState(role) });
      test(`${role} reads products, prices, tokens and the translations check`, async ({ page }) => {
        for (const [link, heading] of [
          ["Products", "Products"],
          ["Prices", "Prices"],
          ["Tokens", "Tokens"],
          ["Translations", "Translations check"],
        ] as const) {
          await page.goto("/");
          await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: link }).click();
          await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
          await expect(rows(page).first()).toBeVisible();
          await expect(page.getByTestId("service-failure")).toHaveCount(0);
        }
      });
    });
  }
});

test.describe("products", () => {
  test.use({ storageState: storageState("support") });

  test("the language switcher changes titles and marks the fallback", async ({ page }) => {
    await page.goto("/catalogue/products");
    const language = page.getByLabel("Language");
    await expect(language.locator("option")).toHaveText([
      "English (en)",
      "German (de)",
      "Japanese (ja)",
      "French (fr)",
      "Spanish (es)",
      "Arabic (ar)",
      "Korean (ko)",
    ]);
    await expect(row(page, "3d2a9c30-0001")).toContainText("Ember Blade");
    // The VIP membership has no English title: its German one stands in, marked.
    await expect(row(page, "3d2a9c30-0004")).toContainText("VIP-MitgliedschaftFallback: de");

    await language.selectOption("de");
    await expect(page).toHaveURL(/lang=de/);
    await expect(row(page, "3d2a9c30-0001")).toContainText("Glutklinge");
    await expect(row(page, "3d2a9c30-0001").getByTestId("fallback")).toHaveCount(0);
    await expect(row(page, "3d2a9c30-0005")).toContainText("Healing PotionFallback: en");

    await language.selectOption("ja");
    await expect(row(page, "3d2a9c30-0001")).toContainText("残り火の剣");
    await expect(row(page, "3d2a9c30-0004")).toContainText("VIP会員");
    await expect(row(page, "3d2a9c30-0002")).toContainText("Aegis ShieldFallback: en");
  });

  test("type filter, text filter and sorting live in the URL", async ({ page }) => {
    await page.goto("/catalogue/products");
    // 53 of the demo's 54 products: the retired helmet is inactive, never listed.
    await expect(page.getByTestId("table-count")).toHaveText("53 of 53 products");
    await expect(row(page, "3d2a9c30-0006")).toHaveCount(0);
    await page.getByLabel("Type").selectOption({ label: "Subscription" });
    await expect(rows(page)).toHaveCount(6);
    await expect(page).toHaveURL(/type=4/);

    await page.getByLabel("Type").selectOption({ label: "All" });
    await page.getByLabel("Filter products").fill("potion");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText("Healing Potion");
    await expect(page).toHaveURL(/q=potion/);

    await page.getByLabel("Filter products").fill("");
    await expect(page).not.toHaveURL(/q=/);
    await page.getByRole("link", { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/sort=amount/);
    const amounts = await rows(page).locator("td:nth-child(5)").allInnerTexts();
    expect(amounts[0]).toBe("0.5");
    expect(amounts).toEqual([...amounts].sort(compareDecimals));

    // A shared link opens the same view.
    await page.goto("/catalogue/products?type=2&sort=title.desc");
    const titles = await rows(page).locator("td:nth-child(2)").allInnerTexts();
    expect(titles.slice(0, 3)).toEqual(["Sun Staff", "Sun Shield", "Sun Scroll"]);
  });
});

test.describe("prices", () => {
  test.use({ storageState: storageState("manager") });

  test("effective prices, and IsAll shows the scheduled and expired ones", async ({ page }) => {
    await page.goto("/catalogue/prices");
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).filter({ hasText: "Scheduled" })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: "Expired" })).toHaveCount(0);
    // 9.99 EUR less 20 % is 7.992, shown at the euro's two decimals.
    await expect(row(page, "4e3b0d40-0001")).toContainText(/9\.99\s*20 %\s*7\.99/);
    // 14.50 USD less 2.50 USD, for 1 to 9 items.
    await expect(row(page, "4e3b0d40-0002")).toContainText(/14\.50\s*2\.50 USD\s*12\.00/);

    await page.getByLabel("Include scheduled and expired").check();
    await expect(page).toHaveURL(/all=1/);
    await expect(rows(page)).toHaveCount(12);
    await expect(row(page, "4e3b0d40-0004")).toContainText("Scheduled");
    await expect(row(page, "4e3b0d40-0005")).toContainText("Expired");
    // 19.99 less 50 % is 9.995: half-up gives 10.00.
    await expect(row(page, "4e3b0d40-0005")).toContainText(/19\.99\s*50 %\s*10\.00/);

    await page.getByLabel("Include scheduled and expired").uncheck();
    await expect(rows(page)).toHaveCount(10);
  });

  test("the chain filter asks the service for one chain; products sold are listed in the chosen language", async ({
    page,
  }) => {
    await page.goto("/catalogue/prices?all=1");
    await page.getByLabel("Chain").selectOption("Polygon");
    await expect(page).toHaveURL(/chain=Polygon/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText("GEM");

    await page.getByLabel("Chain").selectOption("");
    await expect(rows(page)).toHaveCount(12);
    await page.getByLabel("Language").selectOption("de");
    await expect(page).toHaveURL(/lang=de/);
    const gold = row(page, "4e3b0d40-0006");
    await gold.getByText("3 products").click();
    await expect(gold.getByRole("listitem")).toHaveText([
      "Glutklinge",
      "Aegis-Schild",
      "Healing PotionFallback: en",
    ]);
  });
});

test.describe("tokens and translations", () => {
  test.use({ storageState: storageState("support") });

  test("tokens list their contract on each chain; a token without a contract is not listed", async ({
    page,
  }) => {
    await page.goto("/catalogue/tokens");
    await expect(rows(page)).toHaveCount(3);
    const gem = row(page, "GEM");
    await expect(gem).toContainText("Star Gem");
    await expect(gem).toContainText("DB2c1f8b20-0002-4b22-9c32-0000000000b2");
    await expect(gem).toContainText("Polygon2c1f8b20-0003-4b22-9c32-0000000000b3");
    await expect(page.getByText("DRAFT")).toHaveCount(0);
    await expect(gem.getByRole("button", { name: "Copy GUID of GEM" })).toBeVisible();
  });

  test("the translations check lists what is missing per product and language", async ({ page }) => {
    await page.goto("/catalogue/translations");
    await expect(page.getByTestId("translation-summary")).toHaveText(
      "101 missing texts across 36 of 53 products in 7 languages.",
    );
    // Shown, not only in the page: React reveals a streamed part on an animation frame or a
    // timer, after the load event, and until then its hidden copy's text has no CSS applied
    // (innerText without the headers' upper case). A fresh-clone run read it there once.
    await expect(page.locator("thead")).toBeVisible();
    const header = await page.locator("thead th").allInnerTexts();
    expect(header.map((text) => text.replace(/[↕▲▼]/g, "").trim())).toEqual([
      "PRODUCT",
      "GAPS",
      "EN",
      "DE",
      "JA",
      "FR",
      "ES",
      "AR",
      "KO",
    ]);
    // demo.json's products have no French, Spanish, Arabic or Korean texts: 8 gaps more each.
    const untranslated = /(\s*Missing title and description){4}$/;
    await expect(row(page, "Ember Blade")).toContainText(/8\s*Complete\s*Complete\s*Complete/);
    await expect(row(page, "Ember Blade")).toHaveText(untranslated);
    await expect(row(page, "Aegis Shield")).toContainText(
      /11\s*Complete\s*Missing description\s*Missing title and description/,
    );
    await expect(row(page, "VIP-Mitgliedschaft")).toContainText(
      /12\s*Missing title and description\s*Missing description\s*Missing description/,
    );
  });
});
