import { expect, test } from "@playwright/test";
import { CONSOLE_PAGES, TITLE_SUFFIX } from "./console-pages";
import { storageState } from "./roles";

test.use({ storageState: storageState("owner") });

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
  const answer = await page.goto("/no/such/page");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the overview" })).toHaveAttribute("href", "/");
  // Inside the shell: the console's navigation is there, not the framework's bare 404.
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page).toHaveTitle(`Page not found${TITLE_SUFFIX}`);
});

test("a record the console cannot find is the same 404 inside the shell", async ({ page }) => {
  const answer = await page.goto("/awards/bulk/999999999");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
