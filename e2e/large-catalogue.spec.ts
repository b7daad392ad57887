import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { addConnection } from "./owner-connection";
import { CONSOLE_URL, DEMO_API_KEY, DEMO_PROJECT_GUID, PROXY_URL } from "./servers";

/** The demo project behind scripts/e2e/test-proxy.ts, whose Products answer 29 MiB (under the 32 MB cap). */
const LARGE_BASE_URL = `${PROXY_URL}/large/api/public`;
/** How often another person's sign-in page is asked for while the catalogue is read. */
const EVERY_MS = 100;

/**
 * How much slower than just before the read the sign-in pages may answer while it goes on. A
 * console whose thread the read held answered them 7.5–10 s late and the page timed out (issue 25,
 * before the catalogue's answers were read in pieces off the request's thread). How fast they
 * answer otherwise is the machine's business: the sign-in page alone has a p95 of 0.5–0.8 s at
 * 10 users on a busy machine (docs/benchmarks.md), and the read's own parsing takes one of its two
 * cores (with three busy processes beside the suite, 2.2 s against 43 ms just before). So this
 * catches a held thread, not a slow machine; the speed itself — issue 25's p95 under 1 s — is
 * measured by `npm run bench:large-answer` (scripts/bench/large-answer.ts, docs/benchmarks.md).
 */
const STALL_ALLOWANCE_MS = 5_000;

/** The 95th percentile of `values`. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

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

    // Others ask for the sign-in page every EVERY_MS whatever happens (a stalled console makes
    // them pile up, as people would), while the owner opens the products, their second page and
    // a filtered view: each reads the 29 MiB answer whole (docs/console.md, "Tables").
    let timings: Promise<number>[] = [];
    const askSignIn = () => {
      const started = performance.now();
      timings.push(
        fetch(`${CONSOLE_URL}/sign-in`).then(async (answer) => {
          await answer.text();
          expect(answer.status).toBe(200);
          return performance.now() - started;
        }),
      );
    };
    // First the same for 3 s with nothing else asked: how this machine answers them now.
    const baselineAsks = setInterval(askSignIn, EVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    clearInterval(baselineAsks);
    const before = p95(await Promise.all(timings));
    timings = [];
    const signIns = setInterval(askSignIn, EVERY_MS);
    let total = 0;
    try {
      await page.goto("/catalogue/products", { timeout: 3 * TEST_LIMITS.expectMs });
      const count = page.getByTestId("table-count");
      await expect(count).toHaveText(/^(\d+) of \1 products$/, { timeout: 2 * TEST_LIMITS.expectMs });
      total = Number(/^(\d+)/.exec((await count.textContent()) ?? "")?.[1]);
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
      await expect(count).toHaveText(`1 of ${total} products`, { timeout: 2 * TEST_LIMITS.expectMs });
      await expect(page.locator("tbody tr")).toHaveCount(1);
      await expect(page.locator("tbody tr")).toContainText("Product 4321 (en)");
    } finally {
      clearInterval(signIns);
    }
    const took = await Promise.all(timings);
    expect(took.length).toBeGreaterThan(10);
    const slowest = p95(took);
    const said = `p95 of ${took.length} sign-in pages: ${Math.round(slowest)} ms during the read, ${Math.round(before)} ms just before`;
    test.info().annotations.push({ type: "sign-in p95", description: said });
    expect(slowest, said).toBeLessThan(before + STALL_ALLOWANCE_MS);
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
