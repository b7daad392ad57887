import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_PAGES, TITLE_SUFFIX } from "./console-pages";
import { storageState } from "./roles";

test.use({ storageState: storageState("owner") });

/**
 * A missing page or record answers HTTP 404, decided before any loading skeleton streams, and
 * shows the console's one not-found design inside the shell (docs/console.md, "Sign-in, titles
 * and missing pages"). Next also marks it noindex.
 */
async function expectNotFound(page: Page, path: string, heading: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // Inside the shell: the console's navigation is there, not the framework's bare 404.
  await expect(page.getByRole("navigation").first()).toBeVisible();
  const robots = page.locator('meta[name="robots"]');
  await expect(robots.first()).toBeAttached();
  for (const content of await robots.evaluateAll((metas) => metas.map((m) => m.getAttribute("content"))))
    expect(content).toContain("noindex");
}

test("every page has its own document title", async ({ page }) => {
  const seen = new Set<string>();
  for (const { path, title } of CONSOLE_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title}${TITLE_SUFFIX}`);
    seen.add(await page.title());
  }
  expect(seen.size).toBe(CONSOLE_PAGES.length);
});

test("an unknown path answers 404 with the console's own page inside the shell", async ({ page }) => {
  await expectNotFound(page, "/no/such/page", "Page not found");
  await expect(page.getByRole("link", { name: "Go to the overview" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle(`Page not found${TITLE_SUFFIX}`);
  // Under a real section too: the catch-all is not behind the lists' skeleton.
  await expectNotFound(page, "/catalogue/nothing-here", "Page not found");
});

test("an award, a batch or an item that is not there answers 404 with the same design", async ({ page }) => {
  await expectNotFound(page, "/awards/00000000-0000-4000-8000-000000000000", "Award not found");
  await expect(page.getByRole("link", { name: "Go to the award history" })).toHaveAttribute(
    "href",
    "/awards",
  );
  await expectNotFound(page, "/awards/bulk/999999999", "Batch not found");
  await expectNotFound(page, "/awards/bulk/not-a-number", "Batch not found");
  await expectNotFound(page, "/items/424242", "Item not found");
  await expectNotFound(page, "/items/not-a-token-id", "Item not found");
  // What is there still answers 200.
  expect((await page.goto("/items/77"))?.status()).toBe(200);
  expect((await page.goto("/awards"))?.status()).toBe(200);
});
