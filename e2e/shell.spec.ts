import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { pressUntilHeard } from "./keys";
import { type RoleName, signInAs, storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, SERVICE_BASE_URL } from "./servers";

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });
// A count beside a link ("Approvals 2 waiting for your approval") depends on what other specs asked for.
const linkNames = async (page: Page) =>
  (await nav(page).getByRole("link").allTextContents()).map((name) =>
    name.replace(/\s*\d+ waiting for your approval$/, "").trim(),
  );

// The sidebar per role, in order (docs/console.md, "The shell"); the demo's service offers the wallet.
const READ = ["Overview", "Products", "Prices", "Tokens", "Translations", "Players", "History"];
const SEND = ["New award", "Bulk awards", "Campaigns", "Approvals", "Wallet"];
const SIDEBAR: Record<RoleName, string[]> = {
  support: [...READ, "Campaigns", "Requests"],
  manager: [...READ, ...SEND],
  owner: [...READ, ...SEND, "Settings", "Audit log", "Keys", "Webhooks", "Requests"],
};

for (const role of ["support", "manager", "owner"] as const) {
  test.describe(role, () => {
    test.use({ storageState: storageState(role) });
    test(`${role} sees the sidebar's groups and only the pages the role may open`, async ({ page }) => {
      await page.goto("/");
      await expect(nav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
      expect(await linkNames(page)).toEqual(SIDEBAR[role]);
      await expect(nav(page).getByRole("list", { name: "Catalogue" }).getByRole("link")).toHaveCount(4);
      await expect(nav(page).getByRole("list", { name: "Awards" })).toBeVisible();
    });
  });
}

test.describe("manager", () => {
  test.use({ storageState: storageState("manager") });
  test("the current page is marked: the deepest link the address lies under", async ({ page }) => {
    await page.goto("/awards/new");
    await expect(nav(page).getByRole("link", { name: "New award" })).toHaveAttribute("aria-current", "page");
    await expect(nav(page).locator("[aria-current]")).toHaveCount(1);
    await nav(page).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/awards$/);
    await expect(nav(page).getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "page");
    await expect(nav(page).getByRole("link", { name: "New award" })).not.toHaveAttribute("aria-current");
  });
});

test.describe("on a phone", () => {
  test.use({ storageState: storageState("support"), viewport: { width: 390, height: 844 } });
  test("the sidebar is a menu: the button opens the navigation, a link goes there and closes it; nothing scrolls sideways", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(nav(page)).toBeHidden();
    const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    const [scrollWidth, innerWidth] = await widths();
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth ?? 0);

    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expect(menu.getByTestId("project-environment")).toContainText("test");
    await menu.getByRole("link", { name: "Players" }).click();
    await expect(page).toHaveURL(/\/players$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const [after, width] = await widths();
    expect(after).toBeLessThanOrEqual(width ?? 0);
  });
});

test.describe("project environments", () => {
  test.use({ storageState: storageState("owner") });
  const NAME = "Shell live project";

  test.afterEach(async ({ page }) => {
    await page.goto("/settings/connections");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    const remove = page.getByRole("button", { name: `Delete connection ${NAME}` });
    if ((await remove.count()) > 0) {
      await remove.click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
      await expect(page.getByTestId(`connection-${NAME}`)).toHaveCount(0);
    }
  });

  test("an owner marks a connection live and the switcher shows it; test again from its row", async ({
    page,
  }) => {
    await page.goto("/settings/connections");
    const switcher = page.getByLabel("Project", { exact: true });
    await expect(page.getByTestId("project-environment")).toHaveText("Environment: test");

    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Environment", { exact: true }).selectOption("live");
    await page.getByLabel("Base URL").fill(SERVICE_BASE_URL);
    await page.getByLabel("Project GUID").fill(DEMO_PROJECT_GUID);
    await page.getByLabel("API key").fill(DEMO_API_KEY);
    await page.getByRole("button", { name: "Save connection" }).click();
    const row = page.getByTestId(`connection-${NAME}`);
    await expect(row.getByLabel(`Environment of ${NAME}`)).toHaveValue("live");

    // The switcher groups its options by environment and shows the chosen one's badge (another
    // spec's live connection may be there too: only this one is asked about).
    await expect(switcher.locator("optgroup[label='Live'] option", { hasText: NAME })).toHaveCount(1);
    await switcher.selectOption({ label: NAME });
    await expect(switcher).toHaveValue(/^db:\d+$/);
    await expect(page.getByTestId("project-environment")).toHaveText("Environment: live");

    // The owner changes it back in the row; the badge follows.
    await row.getByLabel(`Environment of ${NAME}`).selectOption("test");
    await expect(page.getByTestId("project-environment")).toHaveText("Environment: test");
    await page.reload();
    await expect(page.getByTestId(`connection-${NAME}`).getByLabel(`Environment of ${NAME}`)).toHaveValue(
      "test",
    );
    await expect(switcher.locator("optgroup[label='Live'] option", { hasText: NAME })).toHaveCount(0);
    await expect(switcher.locator("optgroup[label='Test'] option", { hasText: NAME })).toHaveCount(1);
  });
});

test.describe("user menu", () => {
  // A session of its own: signing out ends it on the server.
  test.use({ storageState: { cookies: [], origins: [] } });
  test("shows who is signed in, keeps the theme choice, and signs out", async ({ page }) => {
    await signInAs(page, "manager");
    await page.goto("/catalogue/tokens");
    await expect(page.getByTestId("current-user")).toHaveText("manager@demo.test · manager");
    await page.getByRole("button", { name: /^Account:/ }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("manager@demo.test");
    await menu.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: /^Account:/ }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe("the shell's overlays", () => {
  test.use({ storageState: storageState("owner") });
  for (const colorScheme of ["light", "dark"] as const) {
    test(`the palette, the user menu and the phone's menu pass axe (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/catalogue/products");
      const html = expect(page.locator("html"));
      await (colorScheme === "dark" ? html.toHaveClass(/\bdark\b/) : html.not.toHaveClass(/\bdark\b/));
      expect(await seriousViolations(page)).toEqual([]);

      const palette = page.getByRole("dialog", { name: "Command palette" });
      await pressUntilHeard(page, "Control+k", () => palette.isVisible());
      await palette.getByRole("combobox").fill("play");
      await expect(palette.getByRole("option", { name: "Players" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(palette).toBeHidden();

      await page.getByRole("button", { name: /^Account:/ }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
