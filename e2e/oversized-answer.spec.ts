import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { addConnection } from "./owner-connection";
import { CONSOLE_URL, PROXY_URL } from "./servers";

/** The demo project behind scripts/e2e/test-proxy.ts playing a service that answers 200 MB. */
const OVERSIZED_BASE_URL = `${PROXY_URL}/oversized/api/public`;

interface Served {
  answers: number;
  open: number;
  largest: number;
}

const served = async (): Promise<Served> =>
  (await fetch(`${PROXY_URL}/__oversized`)).json() as Promise<Served>;

test("a service that answers 200 MB is refused with a clear message, and the console stays up", async ({
  browser,
}) => {
  const name = "Starfall, answers too much";
  const connection = await addConnection(browser, name, OVERSIZED_BASE_URL);
  const { page } = connection;
  const nav = page.getByRole("navigation", { name: "Console" });
  try {
    // Test connection: the owner reads why, in the service's row.
    const row = page.getByTestId(`connection-${name}`);
    await row.getByRole("button", { name: `Test connection ${name}` }).click();
    await expect(row.getByRole("status")).toHaveText(
      /^The service answered more than 1 MB for a project Tokens list, so the console stopped reading it/,
      { timeout: 2 * TEST_LIMITS.expectMs },
    );
    // The console hung up on every one of them after its cap, far short of the 200 MB on offer.
    await expect.poll(async () => (await served()).open, { timeout: TEST_LIMITS.expectMs }).toBe(0);
    const afterTest = await served();
    expect(afterTest.answers).toBeGreaterThan(0);
    expect(afterTest.largest).toBeLessThan(64_000_000);

    // A page that reads it shows the failure like any other service failure.
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await page.goto("/catalogue/products");
    const failure = page.getByTestId("service-failure");
    await expect(failure).toContainText("The service's answer was too large to read (HTTP 200)", {
      timeout: 2 * TEST_LIMITS.expectMs,
    });
    await expect(failure).toContainText("The service answered more than 32 MB for a Products list");
    await expect.poll(async () => (await served()).open, { timeout: TEST_LIMITS.expectMs }).toBe(0);
    expect((await served()).largest).toBeLessThan(64_000_000);

    // The console is still up: a page that reads nothing from the service, and a new request.
    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await fetch(`${CONSOLE_URL}/sign-in`)).status).toBe(200);

    // Back on the demo project, pages that read the service answer as before.
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await page.goto("/catalogue/tokens");
    await expect(page.getByTestId("service-failure")).toHaveCount(0);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await nav.getByRole("link", { name: "Products" }).click();
    // The demo's products are back (how many is the catalogue spec's business).
    await expect(page).toHaveURL(/\/catalogue\/products$/);
    await expect(page.getByTestId("service-failure")).toHaveCount(0);
    await expect(page.locator("tbody tr").first()).toBeVisible();
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});
