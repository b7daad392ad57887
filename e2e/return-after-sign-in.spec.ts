import { expect, type Page, test } from "@playwright/test";
import { ROLES } from "./roles";

async function signInAsManager(page: Page) {
  await page.getByLabel("Email").fill(ROLES.manager.email);
  await page.getByLabel("Password").fill(ROLES.manager.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("after sign-in the person returns to the link they opened", () => {
  test("a deep link opened signed out comes back after sign-in, query included", async ({ page }) => {
    await page.goto("/players/player-1001?from=mail");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fplayers%2Fplayer-1001%3Ffrom%3Dmail$/);
    await signInAsManager(page);
    await expect(page).toHaveURL(/\/players\/player-1001\?from=mail$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("player-1001");
  });

  test.describe("a link elsewhere is ignored", () => {
    for (const next of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example"]) {
      test(`next=${next} lands on the console's home`, async ({ page }) => {
        await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
        await signInAsManager(page);
        await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/);
      });
    }
  });

  test("a client-sent requested-path header is not trusted", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-console-requested-path": "//evil.example" });
    await page.goto("/awards");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fawards$/);
  });
});
