import { expect, type Page, test } from "@playwright/test";
import { storageState } from "./roles";
import { pageSettled } from "./settled";

/**
 * docs/console.md, "Links prefetch on intent": a page view asks the server for that page alone;
 * a link is prefetched once a person points at it or moves the focus onto it, and a click then
 * goes there.
 */
test.use({ storageState: storageState("manager") });

/** The paths the page has prefetched so far (Next.js marks a prefetch with this header). */
function prefetches(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test("a page view prefetches no other page; pointing at a link or focusing it does, and a click goes there", async ({
  page,
}) => {
  const seen = prefetches(page);
  // History: the sidebar's eleven links and a row link to an award and a player on each row.
  await page.goto("/awards");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("table").getByRole("link").first()).toBeVisible();
  await pageSettled(page);
  expect(seen).toEqual([]);

  const nav = page.getByRole("navigation", { name: "Console" });
  const wallet = nav.getByRole("link", { name: "Wallet" });
  await wallet.hover();
  await expect.poll(() => seen).toContain("/wallet");
  expect(new Set(seen)).toEqual(new Set(["/wallet"]));

  await nav.getByRole("link", { name: "Players" }).focus();
  await expect.poll(() => seen).toContain("/players");

  await wallet.click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole("heading", { level: 1, name: "Project wallet" })).toBeVisible();
});
