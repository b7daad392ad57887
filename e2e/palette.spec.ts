import { expect, type Page, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, knownPlayer, send } from "./award-form";
import { pressUntilHeard } from "./keys";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { SERVICE_BASE_URL } from "./servers";

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

async function openWithKeys(page: Page) {
  await pressUntilHeard(page, "Control+k", () => palette(page).isVisible());
  return palette(page);
}

test.describe("manager", () => {
  test.use({ storageState: storageState("manager") });

  test("Ctrl+K opens the palette; a page name goes there; Escape closes it", async ({ page }) => {
    await page.goto("/");
    let dialog = await openWithKeys(page);
    await dialog.getByRole("combobox").fill("tokens");
    await expect(dialog.getByRole("option").first()).toHaveText("Tokens");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/catalogue\/tokens$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tokens" })).toBeVisible();
    await expect(palette(page)).toBeHidden();

    // Words of a page's keywords find it too; Escape gives the page back.
    dialog = await openWithKeys(page);
    await dialog.getByRole("combobox").fill("csv");
    await expect(dialog.getByRole("option", { name: "Bulk awards" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
  });

  test("the top bar's button opens it; a player ID looks that player up", async ({ page, request }) => {
    const customerId = await knownPlayer(request, "e2e-palette");
    await page.goto("/catalogue/products");
    await page.getByRole("button", { name: /Search or jump to/ }).click();
    const dialog = palette(page);
    await dialog.getByRole("combobox").fill(`  ${customerId} `);
    await expect(dialog.getByRole("option", { name: `Look up player ${customerId}` })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/players/${customerId}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Player ${customerId}` })).toBeVisible();
  });

  test("a RequestID opens that award", async ({ page, request }) => {
    const customerId = await knownPlayer(request, "e2e-palette-award");
    await page.goto("/awards/new");
    const requestId = (await page.getByTestId("request-id").textContent())?.trim() ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/i);
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "2" });
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Completed");

    await page.goto("/catalogue/prices");
    const dialog = await openWithKeys(page);
    await dialog.getByRole("combobox").fill(requestId.toUpperCase());
    const open = dialog.getByRole("option", { name: `Open award ${requestId.toUpperCase()}` });
    await expect(open).toBeVisible();
    // The award comes before looking up a player of that name.
    await expect(dialog.getByRole("option").first()).toHaveText(`Open award ${requestId.toUpperCase()}`);
    await open.click();
    await expect(page.getByRole("heading", { level: 1, name: `Award to ${customerId}` })).toBeVisible();
  });
});

test.describe("support", () => {
  test.use({ storageState: storageState("support") });
  test("offers only the pages the role may open", async ({ page }) => {
    await page.goto("/");
    const dialog = await openWithKeys(page);
    await expect(dialog.getByRole("option", { name: "Award history" })).toBeVisible();
    await dialog.getByRole("combobox").fill("new award");
    // "new award" is a valid Customer ID, so the player lookup is all that is left.
    await expect(dialog.getByRole("option")).toHaveText(["Look up player new award"]);
    await dialog.getByRole("combobox").fill("settings");
    await expect(dialog.getByRole("option", { name: "Settings", exact: true })).toHaveCount(0);
  });
});

test.describe("owner", () => {
  test.use({ storageState: storageState("owner") });
  const NAME = "Palette second project";

  test("switches project from the palette, and back", async ({ page, browser }) => {
    const connection = await addConnection(browser, NAME, SERVICE_BASE_URL);
    try {
      await page.goto("/catalogue/tokens");
      const switcher = page.getByLabel("Project", { exact: true });
      await expect(switcher).toHaveValue("env");
      let dialog = await openWithKeys(page);
      await dialog.getByRole("combobox").fill("second project");
      await dialog.getByRole("option", { name: `Switch to ${NAME}` }).click();
      await expect(palette(page)).toBeHidden();
      await expect(switcher).toHaveValue(/^db:\d+$/);
      await expect(page.getByTestId("project-environment")).toContainText("test");

      dialog = await openWithKeys(page);
      await dialog.getByRole("combobox").fill("project");
      await expect(
        dialog.getByRole("option", { name: new RegExp(`^${NAME} \\(current\\)`) }),
      ).toHaveAttribute("aria-disabled", "true");
      await dialog.getByRole("option", { name: /Switch to Starfall Arena \(demo\)/ }).click();
      await expect(switcher).toHaveValue("env");
    } finally {
      await page.goto("/settings/connections");
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
      await connection.remove();
    }
  });
});
