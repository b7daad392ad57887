import { expect, type Page, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, knownPlayer } from "./award-form";
import { storageState } from "./roles";
import { pageSettled } from "./settled";

/** What has the keyboard's focus: its accessible-ish name, for a readable failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()}#${el.id}[${el.getAttribute("data-testid") ?? ""}] ${el.textContent?.trim().slice(0, 40)}`
      : "";
  });

test.describe("keyboard basics", () => {
  test.use({ storageState: storageState("manager") });

  test("Tab first reaches 'Skip to content', which moves the focus past the navigation to the page", async ({
    page,
  }) => {
    await page.goto("/awards");
    await pageSettled(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#content")).toBeFocused();
    // The next Tab goes into the page, not back to the sidebar.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.querySelector("#content")?.contains(document.activeElement)),
    ).toBe(true);
  });

  test("a dialog closed with Escape gives the focus back to the control that opened it; after sending, to the outcome", async ({
    page,
    request,
  }) => {
    const customerId = await knownPlayer(request, "e2e-focus");
    await page.goto("/awards/new");
    await pageSettled(page);
    // The form opens on its first field.
    await expect(page.getByLabel("Customer ID")).toBeFocused();
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "1" });
    const review = page.getByRole("button", { name: "Review award" });
    await review.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(review, await focused(page)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("review-player")).not.toHaveText("Checking the player…");
    await dialog.getByRole("button", { name: "Send award" }).click();
    await expect(dialog).toBeHidden();
    const outcome = page.getByTestId("award-outcome");
    await expect(outcome).toContainText("Completed");
    await expect(outcome, await focused(page)).toBeFocused();
  });
});

test.describe("pages in the shell", () => {
  test.use({ storageState: storageState("owner") });

  test("Settings marks its current page; Account sits inside the console's shell", async ({ page }) => {
    await page.goto("/settings/connections");
    const settings = page.getByRole("navigation", { name: "Settings" });
    await expect(settings.getByRole("link", { name: "Connections" })).toHaveAttribute("aria-current", "page");
    await expect(settings.locator('[aria-current="page"]')).toHaveCount(1);
    await settings.getByRole("link", { name: "Security" }).click();
    await expect(settings.getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
    await expect(settings.getByRole("link", { name: "Connections" })).not.toHaveAttribute("aria-current");

    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" }).first()).toBeAttached();
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached();
  });
});

test.describe("not allowed", () => {
  test.use({ storageState: storageState("support") });

  test("the Not-allowed page sits inside the console's shell", async ({ page }) => {
    await page.goto("/settings/users");
    await expect(page).toHaveURL(/\/not-allowed\?need=users%3Amanage$/);
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" }).first()).toBeAttached();
  });
});
