import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { fillAward, GOLD, GOLD_DB, player, send } from "./award-form";
import { recordResponses, type SeenResponse } from "./response-bodies";
import { type RoleName, storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, SERVICE_BASE_URL } from "./servers";

/**
 * No API key of any connection reaches a browser: every response the browser receives (HTML,
 * RSC payloads, JavaScript, JSON, server action answers) across every page is searched for
 * each key, as typed and URL-encoded.
 */

const STORED_KEY = `gcc_leakcheck_${"7".repeat(24)}_zq9x`;
const NAME = "Leak check";

const PAGES = [
  "/catalogue/products",
  "/catalogue/products?lang=ja",
  "/catalogue/prices?all=1",
  "/catalogue/tokens",
  "/catalogue/translations",
  "/players",
  "/players/player-1001",
  "/players/sakura%40%E4%BE%8B%E3%81%88.jp",
  "/items/77",
  "/awards",
  "/awards/new",
  "/awards/bulk",
  "/wallet",
  "/settings/users",
  "/settings/connections",
  "/developers/keys",
  "/developers/requests",
  "/developers/requests?Status=4xx",
];

test("no response to any role's browser holds an API key", async ({ browser }) => {
  // Every page as each of three roles, about 40 loads: three times the limit of one test (it
  // took 1.6–2 min on a busy two-core machine, against a limit of 2).
  test.setTimeout(3 * TEST_LIMITS.testMs);
  const seen: SeenResponse[] = [];
  const owner = await browser.newContext({ storageState: storageState("owner") });
  await recordResponses(owner, seen);
  const page = await owner.newPage();

  // A stored connection with a key of its own, added through the form like an owner would.
  await page.goto("/settings/connections");
  await page.getByLabel("Name").fill(NAME);
  await page.getByLabel("Base URL").fill(SERVICE_BASE_URL);
  await page.getByLabel("Project GUID").fill(DEMO_PROJECT_GUID);
  await page.getByLabel("API key").fill(STORED_KEY);
  await page.getByRole("button", { name: "Test connection", exact: true }).click();
  await expect(page.getByTestId("connection-outcome")).toContainText("The service refused the request");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByTestId(`connection-${NAME}`)).toBeVisible();
  await page.getByRole("button", { name: `Test connection ${NAME}` }).click();
  await expect(page.getByTestId(`connection-${NAME}`).getByRole("status")).toBeVisible();
  await page.getByRole("button", { name: "Test connection Starfall Arena (demo)" }).click();
  await expect(page.getByTestId("connection-Starfall Arena (demo)").getByRole("status")).toHaveText(
    /^Connected/,
  );

  // The award and wallet actions answer too: an award sent, its timeline, a funding.
  await page.goto("/awards/new");
  await fillAward(page, {
    customerId: player("e2e-leak"),
    mode: "Allowance",
    token: GOLD,
    contract: GOLD_DB,
    amount: "1",
  });
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toContainText("Completed");
  await page.goto(`/awards/${requestId}`);
  await expect(page.getByTestId("award-timeline")).toBeVisible();
  await page.goto("/wallet");
  await page.getByLabel("Amount").fill("0.5");
  await page.getByRole("button", { name: "Fund wallet" }).click();
  await page.getByTestId("fund-confirm").getByRole("button", { name: "Fund wallet" }).click();
  await expect(page.getByTestId("fund-outcome")).toContainText("Funded.");
  // A bulk batch: the dry run, the send, the progress polls and the results file.
  await page.goto("/awards/bulk");
  await page.getByLabel("CSV file").setInputFiles({
    name: "leak.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id,token,amount,mode\n${player("e2e-leak-bulk")},GOLD,1,allowance\n`),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByLabel("Reason").fill("E2E: leak check");
  await page.getByLabel("Send to the new players too").check();
  await page.getByRole("button", { name: "Send batch (1 award)" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this batch?" });
  await dialog.getByRole("button", { name: "Send batch" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  const results = await page.request.get(`${page.url()}/results.csv`);
  seen.push({
    url: results.url(),
    type: results.headers()["content-type"] ?? "",
    action: false,
    body: await results.text(),
  });

  for (const role of ["owner", "manager", "support"] as RoleName[]) {
    const context = role === "owner" ? owner : await browser.newContext({ storageState: storageState(role) });
    if (role !== "owner") await recordResponses(context, seen);
    const rolePage = role === "owner" ? page : await context.newPage();
    for (const path of PAGES) {
      await rolePage.goto(path);
      await expect(rolePage.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // Client-side navigations fetch RSC payloads rather than HTML.
    await rolePage.goto("/catalogue/products");
    for (const link of ["Prices", "Tokens", "Translations", "Products"]) {
      await rolePage.getByRole("navigation", { name: "Console" }).getByRole("link", { name: link }).click();
      // The page before's heading is visible too until the navigation lands: wait for this one's.
      await expect(rolePage).toHaveURL(new RegExp(`/catalogue/${link.toLowerCase()}`));
      await expect(rolePage.getByRole("heading", { level: 1, name: link })).toBeVisible();
    }
    await rolePage.getByLabel("Language").selectOption("de");
    await expect(rolePage).toHaveURL(/lang=de/);
    await expect(rolePage.locator("tbody")).toContainText("Glutklinge");
    if (role !== "owner") await context.close();
  }

  // Switching to the stored connection makes the server decrypt and use its key.
  await page.getByLabel("Project", { exact: true }).selectOption({ label: NAME });
  await expect(page.getByTestId("service-failure")).toBeVisible();
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
  await expect(page.getByTestId("service-failure")).toHaveCount(0);
  await page.goto("/settings/connections");
  await page.getByRole("button", { name: `Delete connection ${NAME}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
  await expect(page.getByTestId(`connection-${NAME}`)).toHaveCount(0);
  await owner.close();

  // The check looked at what it claims to: pages, RSC payloads, scripts and action answers,
  // and it does find what is allowed to be shown (the masked last four characters).
  const kinds = (pattern: RegExp) => seen.filter((entry) => pattern.test(entry.type)).length;
  expect(kinds(/text\/html/)).toBeGreaterThan(10);
  expect(kinds(/text\/x-component/)).toBeGreaterThan(10);
  expect(kinds(/javascript/)).toBeGreaterThan(5);
  expect(seen.filter((entry) => entry.action).length).toBeGreaterThan(5);
  expect(seen.some((entry) => entry.body.includes("••••4e7c"))).toBe(true);
  expect(seen.some((entry) => entry.body.includes("••••zq9x"))).toBe(true);

  for (const key of [DEMO_API_KEY, STORED_KEY]) {
    const leaks = seen.filter(
      (entry) =>
        entry.body.includes(key) || entry.body.includes(encodeURIComponent(key)) || entry.url.includes(key),
    );
    expect(
      leaks.map((entry) => `${entry.type} ${entry.url}`),
      `responses holding ${key.slice(0, 8)}…`,
    ).toEqual([]);
  }
});
