import { expect, test } from "@playwright/test";
import { groupDigits, ungroupDigits } from "../lib/format/grouped-decimal";
import { TEST_LIMITS } from "../testing/test-limits";
import { addConnection } from "./owner-connection";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, PROXY_URL } from "./servers";
import { expectSignInsKeepPace } from "./sign-in-pace";

/** The demo project behind scripts/e2e/test-proxy.ts, whose Products answer 29 MiB (under the 32 MB cap). */
const LARGE_BASE_URL = `${PROXY_URL}/large/api/public`;

test("a 29 MiB catalogue opens one page of products, and other people's sign-in pages still answer at once", async ({
  browser,
}) => {
  const name = "Starfall, sells a lot";
  const connection = await addConnection(browser, name, LARGE_BASE_URL);
  const { page } = connection;
  const project = page.getByLabel("Project", { exact: true });
  try {
    await project.selectOption({ label: name });
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(project).toHaveValue(/^db:/);
    await expect(project).toBeEnabled();

    // The test proxy writes its 29 MiB answer when first asked: asked once here, so the CPU that
    // takes on this shared machine is not counted against the console.
    const warm = await fetch(`${LARGE_BASE_URL}/Products/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}`);
    expect((await warm.arrayBuffer()).byteLength).toBeGreaterThan(29 * 1024 * 1024 - 7_000);

    // Other people ask for the sign-in page while the owner opens the products, their second page
    // and a filtered view: each reads the 29 MiB answer whole (docs/console.md, "Tables").
    const said = await expectSignInsKeepPace(async () => {
      await page.goto("/catalogue/products", { timeout: 3 * TEST_LIMITS.expectMs });
      const count = page.getByTestId("table-count");
      // Counts read with grouped digits ("4,680 of 4,680 products").
      await expect(count).toHaveText(/^([\d,]+) of \1 products$/, { timeout: 2 * TEST_LIMITS.expectMs });
      const total = Number(ungroupDigits(/^([\d,]+)/.exec((await count.textContent()) ?? "")?.[1] ?? ""));
      // ~6 KB a product: thousands of them, of which one page is on the page.
      expect(total).toBeGreaterThan(4_000);
      await expect(page.locator("tbody tr")).toHaveCount(25);
      await expect(page.locator("tbody tr").first()).toContainText("Product 0 (en)");

      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.locator("tbody tr").first()).toContainText("Product 25 (en)", {
        timeout: 2 * TEST_LIMITS.expectMs,
      });

      await page.getByLabel("Filter products").fill("product 4321 (");
      await expect(page).toHaveURL(/q=product/, { timeout: 2 * TEST_LIMITS.expectMs });
      await expect(count).toHaveText(`1 of ${groupDigits(String(total))} products`, {
        timeout: 2 * TEST_LIMITS.expectMs,
      });
      await expect(page.locator("tbody tr")).toHaveCount(1);
      await expect(page.locator("tbody tr")).toContainText("Product 4321 (en)");
    });
    test.info().annotations.push({ type: "sign-in p95", description: said });
    // The browser was sent one page of rows, not the catalogue.
    const html = await (await page.request.get("/catalogue/products")).text();
    expect(html.length).toBeLessThan(1_000_000);
  } finally {
    await project.selectOption({ label: "Starfall Arena (demo)" });
    await expect(project).toHaveValue("env");
    await expect(project).toBeEnabled();
    await connection.remove();
  }
});
