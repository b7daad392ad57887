import { expect, test } from "@playwright/test";
import { pressUntilHeard } from "./keys";
import { storageState } from "./roles";

test.use({ storageState: storageState("support") });

test("support looks a player up: totals, where each part is held, items with attributes", async ({
  page,
}) => {
  await page.goto("/catalogue/products");
  // "/" from anywhere opens the lookup.
  await pressUntilHeard(page, "/", async () => /\/players$/.test(new URL(page.url()).pathname));
  await expect(page.getByLabel("Find a player")).toBeFocused();
  await page.getByLabel("Find a player").fill("player-1001");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/players\/player-1001$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player player-1001");

  await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("1,250");
  // 12.5 + 3.000000000000000001 + 7, to the last digit.
  const gem = page.getByTestId("token-GEM");
  // Every digit is the text (copy, screen readers); past six decimals it is drawn cut, whole on hover.
  const gemTotal = gem.getByTestId("token-total").locator("[data-amount]");
  await expect(gemTotal).toHaveText("22.500000000000000001");
  await expect(gemTotal).toHaveAttribute("title", "22.500000000000000001");
  expect(await gemTotal.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(gem.locator("tbody tr")).toHaveCount(3);
  await expect(gem.locator("tbody tr").nth(1)).toContainText(
    /Distributed\s*3\.000000000000000001\s*Polygon\s*0x52908400098527886E0F7030069857D2E4169EE7/,
  );
  await expect(gem.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("token-SHARD").locator("tbody tr")).toContainText(/Allowance\s*2\s*Polygon/);

  const blade = page.getByTestId("item-1001");
  await expect(blade).toContainText("Ember Blade");
  await expect(blade).toContainText(/Durability\s*87\s*Dynamic/);
  await expect(blade).toContainText(/Rarity\s*Epic\s*Durability/); // static: no mark
  await expect(blade.getByText("Dynamic")).toHaveCount(1);

  // Item detail: every item with that TokenID, on every chain.
  await page.getByTestId("item-77").getByRole("link", { name: "77" }).click();
  await expect(page).toHaveURL(/\/items\/77$/);
  await expect(page.locator("[data-testid='item-77']")).toHaveCount(2);
  await expect(page.getByText("Starfall Banner")).toBeVisible();
  await expect(page.getByText("Practice Shield")).toBeVisible();
});

test("any characters in a Customer ID make a shareable URL", async ({ page }) => {
  await page.goto("/players");
  await page.getByLabel("Find a player").fill("sakura@例え.jp");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/players\/sakura%40%E4%BE%8B%E3%81%88\.jp$/);
  await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("42.25");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player sakura@例え.jp");
});

test("allowances are marked as such; a player with nothing is a plain state, not an error", async ({
  page,
}) => {
  await page.goto("/players/player-1002");
  await expect(page.getByTestId("token-GOLD").locator("tbody tr")).toContainText(/Allowance\s*300/);
  await expect(page.getByTestId("token-GEM").locator("tbody tr")).toContainText(/Allowance\s*15/);

  await page.goto("/players/player-1004");
  await expect(page.getByTestId("player-empty")).toHaveText(
    "This player has no tokens or items in this project.",
  );
  await expect(page.getByTestId("service-failure")).toHaveCount(0);

  expect((await page.goto("/items/424242"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Item not found" })).toBeVisible();
});

test("spaces around a looked-up ID are dropped, in the form and in a link; control characters are refused", async ({
  page,
}) => {
  await page.goto("/players");
  await page.getByLabel("Find a player").fill("  player-1001  ");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/players\/player-1001$/);
  await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("1,250");

  await page.goto("/players/%20player-1001%20");
  await expect(page).toHaveURL(/\/players\/player-1001$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player player-1001");

  await page.goto("/players");
  await page.getByLabel("Find a player").fill("player\u200b1001");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.locator("#player-search-error")).toHaveText(
    "Customer ID must not contain invisible characters (zero-width spaces or direction marks).",
  );
  await expect(page).toHaveURL(/\/players$/);
});

test("support has no Award tokens action; a manager's opens the award form for that player", async ({
  page,
  browser,
}) => {
  await page.goto("/players/player-1001");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player player-1001");
  await expect(page.getByRole("link", { name: "Award tokens" })).toHaveCount(0);

  const manager = await browser.newContext({ storageState: storageState("manager") });
  try {
    const managerPage = await manager.newPage();
    await managerPage.goto("/players/player-1001");
    await managerPage.getByRole("link", { name: "Award tokens" }).click();
    await expect(managerPage).toHaveURL(/\/awards\/new\?customer=player-1001$/);
    await expect(managerPage.getByLabel("Customer ID")).toHaveValue("player-1001");
    // The player's balances show while awarding: the first token line is GOLD.
    await expect(managerPage.getByTestId("player-check")).toContainText("1,250 GOLD");
    await expect(managerPage.getByTestId("holds-0")).toHaveText("Player holds 1,250 GOLD");
    // A direct distribution offers the wallets the player's tokens were distributed to.
    await managerPage.getByLabel("Direct distribution").check();
    const offered = managerPage.getByTestId("known-wallets").locator("option");
    await expect(offered.first()).toBeAttached();
    expect(
      await offered.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toContain("0x52908400098527886E0F7030069857D2E4169EE7");
    await expect(managerPage.getByLabel("Wallet")).toHaveAttribute("list", "known-wallets");
    await managerPage.getByLabel("Allowance").check();

    // Another ID typed and reviewed at once: nothing of player-1001 is shown for it.
    await managerPage.getByLabel("Customer ID").fill("e2e-not-1001-yet");
    await expect(managerPage.getByTestId("holds-0")).toHaveCount(0);
    // What the person sees before reviewing: the service's answer for the new ID.
    await expect(managerPage.getByTestId("player-check")).toContainText("New player");
    await expect(managerPage.getByTestId("holds-new-0")).toHaveText("New player: holds none");
    await managerPage.getByLabel("Amount", { exact: true }).fill("1");
    await managerPage.getByLabel("Reason").fill("E2E: stale figures check");
    await managerPage.getByRole("button", { name: "Review award" }).click();
    const dialog = managerPage.getByRole("dialog");
    await expect(dialog.getByTestId("review-player")).toHaveText("New player: no tokens or items yet.");
    await expect(managerPage.getByTestId("award-summary")).not.toContainText("holds");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  } finally {
    await manager.close();
  }
});

test("the award form stays where it is while a typed player is checked: Review award does not move under the pointer", async ({
  browser,
}) => {
  const manager = await browser.newContext({ storageState: storageState("manager") });
  try {
    const page = await manager.newPage();
    await page.goto("/awards/new");
    const customer = page.getByLabel("Customer ID");
    const review = page.getByRole("button", { name: "Review award" });
    // Measured from the field the person types in, so nothing above the form can move the figure.
    const below = async () =>
      ((await review.boundingBox())?.y ?? 0) - ((await customer.boundingBox())?.y ?? 0);
    const before = await below();
    expect(before).toBeGreaterThan(0);
    await customer.fill(`e2e-layout-${Date.now().toString(36)}`);
    await expect(page.getByTestId("player-check")).toContainText("New player");
    expect(await below()).toBe(before);
  } finally {
    await manager.close();
  }
});

test("each token's holdings sort through a link in the URL, as the table's header says", async ({ page }) => {
  await page.goto("/players/player-1001?gem.sort=amount.desc");
  const gem = page.getByTestId("token-GEM");
  await expect(gem.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "descending");
  await expect(gem.locator("tbody tr").first()).toContainText("12.5");
  await expect(gem.locator("tbody tr").last()).toContainText("3.000000000000000001");
  // The next order is a link that keeps the page's other parameters; another token's table is not sorted.
  await gem.getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/[?&]gem\.sort=amount$/);
  await expect(gem.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");
  await expect(gem.locator("tbody tr").first()).toContainText("3.000000000000000001");
  await expect(
    page.getByTestId("token-GOLD").getByRole("columnheader", { name: "Amount" }),
  ).not.toHaveAttribute("aria-sort", /./);
});
