import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_PAGES, TITLE_SUFFIX } from "./console-pages";
import { storageState } from "./roles";

test.use({ storageState: storageState("owner") });

/**
 * The console's loading skeleton streams the shell before a page decides it has nothing to show,
 * so Next cannot change the status any more: it answers 200 and marks the page noindex instead
 * (docs/console.md, "Sign-in, titles and missing pages"). What a person and a crawler see is checked.
 */
async function expectNotFound(page: Page) {
  // Next writes the mark into the head, and again into the stream when the head had already
  // gone out; either way every robots mark says noindex.
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

test("an unknown path shows the console's own 404 page inside the shell, marked noindex", async ({
  page,
}) => {
  await page.goto("/no/such/page");
  await expectNotFound(page);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the overview" })).toHaveAttribute("href", "/");
  // Inside the shell: the console's navigation is there, not the framework's bare 404.
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page).toHaveTitle(`Page not found${TITLE_SUFFIX}`);
});

test("a record the console cannot find is the same 404 inside the shell", async ({ page }) => {
  await page.goto("/awards/bulk/999999999");
  await expectNotFound(page);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
