import { expect, type Page, test } from "@playwright/test";
import { auditRowsOf } from "./audit";
import { storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, SERVICE_BASE_URL } from "./servers";

test.use({ storageState: storageState("owner") });

const GOOD = "Starfall via form";
const WRONG_KEY = "Starfall wrong key";

async function fillConnection(page: Page, name: string, apiKey: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Base URL").fill(SERVICE_BASE_URL);
  await page.getByLabel("Project GUID").fill(DEMO_PROJECT_GUID);
  await page.getByLabel("API key").fill(apiKey);
}

async function deleteConnection(page: Page, name: string) {
  await page.goto("/settings/connections");
  // Counted only once the page shows its connections: counted earlier, a connection still there
  // would be left behind (and, marked live, change what later specs see in the switcher).
  await expect(page.getByRole("button", { name: "Save connection" })).toBeVisible();
  const button = page.getByRole("button", { name: `Delete connection ${name}` });
  if ((await button.count()) === 0) return;
  await button.click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
  await expect(page.getByTestId(`connection-${name}`)).toHaveCount(0);
}

test.afterEach(async ({ page }) => {
  // Leave the owner on the demo project and the console without this spec's connections.
  await page.goto("/settings/connections");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
  // The switcher is disabled until the server has the choice and the page is refreshed.
  await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
  await deleteConnection(page, GOOD);
  await deleteConnection(page, WRONG_KEY);
});

test("add a connection: test reports what the service said, the key is masked, the switcher offers it", async ({
  page,
}) => {
  await page.goto("/settings/connections");
  await expect(page.getByTestId("connection-Starfall Arena (demo)")).toContainText(
    "From the environment, read-only",
  );

  // Validation names the field and the rule; nothing is stored.
  await page.getByLabel("Name").fill(GOOD);
  await page.getByLabel("Base URL").fill("ftp://example.com");
  await page.getByLabel("Project GUID").fill("not-a-guid");
  await page.getByLabel("API key").fill("short");
  await page.getByRole("button", { name: "Save connection" }).click();
  // The contract's one UUID rule, in its words (lib/contract/guid.ts).
  await expect(page.locator("#projectGuid-error")).toHaveText(
    "Project GUID must be a UUID (32 hexadecimal digits as 8-4-4-4-12).",
  );
  await expect(page.locator("#baseUrl-error")).toHaveText("Base URL must be an http:// or https:// URL.");
  await expect(page.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId(`connection-${GOOD}`)).toHaveCount(0);

  // A wrong key: the test says what the service answered.
  await fillConnection(page, WRONG_KEY, "gcc_wrong_key_000000000000000000000000");
  await page.getByRole("button", { name: "Test connection", exact: true }).click();
  await expect(page.getByTestId("connection-outcome")).toHaveText(
    /^The service refused the request: .*API key/,
  );

  // A loopback port that is not the demo's service or proxy: the console does not call it at all
  // (docs/console.md, "Addresses the console calls").
  await page.getByLabel("Base URL").fill("http://127.0.0.1:3299/api/public");
  await page.getByRole("button", { name: "Test connection", exact: true }).click();
  await expect(page.getByTestId("connection-outcome")).toHaveText(
    "The console does not call 127.0.0.1: it is a loopback address. If the service really runs there, an administrator can allow its host with CONSOLE_ALLOWED_SERVICE_HOSTS.",
  );

  await fillConnection(page, GOOD, DEMO_API_KEY);
  await page.getByRole("button", { name: "Test connection", exact: true }).click();
  await expect(page.getByTestId("connection-outcome")).toHaveText(
    "Connected: the project has 3 tokens with contracts; it offers our extensions (project wallet, award status).",
  );
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByTestId("connection-outcome")).toHaveText(`Saved "${GOOD}" (key ••••4e7c).`);
  const saved = page.getByTestId(`connection-${GOOD}`);
  await expect(saved).toContainText("••••4e7c");
  await expect(saved).toContainText(SERVICE_BASE_URL);
  await expect(page.getByLabel("API key")).toHaveValue("");

  // A saved connection is tested with its stored key, on the server.
  await saved.getByRole("button", { name: `Test connection ${GOOD}` }).click();
  await expect(saved.getByRole("status")).toHaveText(/^Connected: the project has 3 tokens/);

  await expect(page.getByLabel("Project", { exact: true }).locator("option")).toContainText([
    "Starfall Arena (demo)",
    GOOD,
  ]);
});

test("switching projects changes what every page reads, and a failing service is shown with its error", async ({
  page,
}) => {
  await page.goto("/settings/connections");
  await fillConnection(page, WRONG_KEY, "gcc_wrong_key_000000000000000000000000");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByTestId(`connection-${WRONG_KEY}`)).toBeVisible();

  await page.goto("/catalogue/products");
  // The demo's catalogue is there before the switch (its size is the catalogue spec's business).
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.getByLabel("Project", { exact: true }).selectOption({ label: WRONG_KEY });
  const failure = page.getByTestId("service-failure");
  await expect(failure).toContainText("The service answered with an error (HTTP 401)");
  await expect(failure).toContainText(/The service refused the request: .*API key/);

  // The choice is remembered for this user: another page, a reload, same project.
  await page.goto("/catalogue/tokens");
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:\d+$/);
  await expect(page.getByTestId("service-failure")).toBeVisible();
  // The live routes say the same: a 502 with the service's refusal, in words, never a 500.
  for (const route of ["/api/player?customer=someone", "/api/wallet", "/api/requests"]) {
    const answer = await page.request.get(route);
    expect(answer.status(), route).toBe(502);
    expect((await answer.json()).error, route).toMatch(/The service refused the request: .*API key/);
  }

  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
  await expect(page.getByTestId("service-failure")).toHaveCount(0);
  await expect(page.locator("tbody tr").first()).toBeVisible();
});

test("a key replaced, a connection marked live, created and deleted: each works and is in the audit log", async ({
  page,
  browser,
}) => {
  await page.goto("/settings/connections");
  await fillConnection(page, GOOD, "gcc_wrong_key_000000000000000000000000");
  await page.getByRole("button", { name: "Save connection" }).click();
  const saved = page.getByTestId(`connection-${GOOD}`);
  await expect(saved).toContainText("••••0000");

  // The service rolled its key: the new one replaces the stored one, and the connection works again.
  await saved.getByRole("button", { name: `Replace the key of ${GOOD}` }).click();
  const dialog = page.getByRole("dialog", { name: `Replace the API key of "${GOOD}"?` });
  await dialog.getByLabel("New API key").fill(DEMO_API_KEY);
  await dialog.getByRole("button", { name: "Replace key" }).click();
  await expect(saved.getByRole("status")).toHaveText("Key replaced: it now ends ••••4e7c. Test it.");
  await expect(saved).toContainText("••••4e7c");
  await saved.getByRole("button", { name: `Test connection ${GOOD}` }).click();
  await expect(saved.getByRole("status")).toHaveText(/^Connected: the project has 3 tokens/);

  await saved.getByLabel(`Environment of ${GOOD}`).selectOption("live");
  await expect(saved.getByLabel(`Environment of ${GOOD}`)).toHaveValue("live");
  await deleteConnection(page, GOOD);

  const last = async (kind: string) =>
    (await auditRowsOf(browser, kind)).filter((row) => row.project === GOOD).at(-1);
  expect(await last("connection.created")).toMatchObject({
    actor: "owner@demo.test",
    summary: expect.stringContaining("key ••••0000"),
  });
  expect(await last("connection.key-replaced")).toMatchObject({
    actor: "owner@demo.test",
    summary: `Replaced the API key of ${GOOD}; the new key ends ••••4e7c`,
  });
  expect(await last("connection.changed")).toMatchObject({ summary: `Marked connection ${GOOD} as live` });
  expect(await last("connection.deleted")).toMatchObject({ summary: `Deleted connection ${GOOD}` });
  // Never the key itself.
  const everything = await auditRowsOf(browser, "connection.key-replaced");
  expect(JSON.stringify(everything)).not.toContain(DEMO_API_KEY);
});
