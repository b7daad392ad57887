import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { storageState } from "./roles";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

test.describe("signed out", () => {
  test("the sign-in page has no serious accessibility violations", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageState("owner") });

  for (const path of [
    "/catalogue/products",
    "/catalogue/products?lang=ja&type=4",
    "/catalogue/prices?all=1",
    "/catalogue/tokens",
    "/catalogue/translations",
    "/players",
    "/players/player-1001",
    "/items/77",
    "/awards",
    "/settings/users",
    "/settings/connections",
    "/not-allowed?need=users%3Amanage",
  ]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
