import { expect, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, player } from "./award-form";
import { seriousViolationsInBothThemes } from "./axe";
import { storageState } from "./roles";

/** Axe in the light and the dark theme (issue 10: every page in both). */
const NONE = { light: [], dark: [] };

test.describe("signed out", () => {
  test("the sign-in page has no serious accessibility violations", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageState("owner") });

  for (const path of [
    "/",
    "/catalogue/products",
    "/catalogue/products?lang=ja&type=4",
    "/catalogue/prices?all=1",
    "/catalogue/tokens",
    "/catalogue/translations",
    "/players",
    "/players/player-1001",
    "/items/77",
    "/awards",
    "/awards/new",
    "/awards/bulk",
    "/wallet",
    "/settings/users",
    "/settings/connections",
    "/settings/security",
    "/audit",
    "/account",
    "/not-allowed?need=users%3Amanage",
  ]) {
    test(`${path} has no serious accessibility violations, light or dark`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);
    });
  }

  test("the award form with its errors, its confirmation dialog, and an award's timeline", async ({
    page,
  }) => {
    await page.goto("/awards/new");
    await page.getByRole("button", { name: "Review award" }).click();
    await expect(page.locator("#reason-error")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);

    await fillAward(page, {
      customerId: player("e2e-axe"),
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "1",
    });
    await page.getByRole("button", { name: "Review award" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("review-player")).toHaveText("New player: no tokens or items yet.");
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);

    const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
    await dialog.getByLabel(/Send to this new player/).check();
    await dialog.getByRole("button", { name: "Send award" }).click();
    await expect(page.getByTestId("award-outcome")).toContainText("Completed");
    await page.goto(`/awards/${requestId}`);
    await expect(page.getByTestId("award-timeline")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);
  });

  test("a bulk upload's dry run with errors, and a batch's page", async ({ page }) => {
    const who = player("e2e-axe-bulk");
    await page.goto("/awards/bulk");
    const csv = (text: string) => ({ name: "axe.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
    await page
      .getByLabel("CSV file")
      .setInputFiles(
        csv(`customer_id,token,amount,mode\n${who},GOLD,1,allowance\n${who},NOPE,1,allowance\n`),
      );
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("dry-run-errors")).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);

    await page
      .getByLabel("CSV file")
      .setInputFiles(csv(`customer_id,token,amount,mode\n${who},GOLD,1,allowance\n`));
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByLabel("Reason").fill("E2E: accessibility");
    await page.getByLabel("Send to the new players too").check();
    await page.getByRole("button", { name: "Send batch (1 award)" }).click();
    const dialog = page.getByRole("dialog", { name: "Send this batch?" });
    await expect(dialog).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);
    await dialog.getByRole("button", { name: "Send batch" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NONE);
  });
});
