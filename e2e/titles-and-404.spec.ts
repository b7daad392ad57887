import { expect, test } from "@playwright/test";
import { storageState } from "./roles";

test.use({ storageState: storageState("owner") });

const SUFFIX = " · Game Commerce Console";

/** Every page and the title its tab shows: each one its own, so twenty open tabs stay tellable apart. */
const PAGES: [path: string, title: string][] = [
  ["/catalogue/products", "Products"],
  ["/catalogue/prices", "Prices"],
  ["/catalogue/tokens", "Tokens"],
  ["/catalogue/translations", "Translations"],
  ["/players", "Players"],
  ["/players/player-1001", "player-1001 · Players"],
  ["/items/77", "Item 77 · Items"],
  ["/awards", "History · Awards"],
  ["/awards/new", "New award · Awards"],
  ["/awards/bulk", "Bulk awards · Awards"],
  ["/wallet", "Wallet"],
  ["/settings/users", "Users · Settings"],
  ["/settings/connections", "Connections · Settings"],
];

test("every page has its own document title", async ({ page }) => {
  const seen = new Set<string>();
  for (const [path, title] of PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title}${SUFFIX}`);
    seen.add(await page.title());
  }
  expect(seen.size).toBe(PAGES.length);
});

test("the overview has its own title too", async ({ page }) => {
  await page.goto("/");
  const title = await page.title();
  expect(title.endsWith(SUFFIX)).toBe(true);
  expect(PAGES.map(([, shown]) => `${shown}${SUFFIX}`)).not.toContain(title);
});

test("an unknown path answers 404 with the console's own page inside the shell", async ({ page }) => {
  const answer = await page.goto("/no/such/page");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the overview" })).toHaveAttribute("href", "/");
  // Inside the shell: the console's navigation is there, not the framework's bare 404.
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page).toHaveTitle(`Page not found${SUFFIX}`);
});

test("a record the console cannot find is the same 404 inside the shell", async ({ page }) => {
  const answer = await page.goto("/awards/bulk/999999999");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
