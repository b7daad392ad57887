import { expect, type Page, test } from "@playwright/test";
import { fillAward, GEM, GEM_DB, GOLD, GOLD_DB, player, send } from "./award-form";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { PROXIED_BASE_URL, PROXY_URL } from "./servers";

async function goldTotal(page: Page, customerId: string, symbol = "GOLD") {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  return page.getByTestId(`token-${symbol}`).getByTestId("token-total");
}

test.describe("a manager awards tokens", () => {
  test.use({ storageState: storageState("manager") });

  test("an allowance: confirmed in a dialog, Completed, shown on the player page as Allowance", async ({
    page,
  }) => {
    const customerId = player("e2e-allowance");
    await page.goto("/awards");
    await page.getByRole("link", { name: "New award" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Award tokens" })).toBeVisible();

    // The form shows its RequestID; an edit makes a new one.
    const requestId = page.getByTestId("request-id");
    const first = (await requestId.textContent()) ?? "";
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "25.5" });
    const beforeSend = (await requestId.textContent()) ?? "";
    expect(beforeSend).not.toBe(first);

    await page.getByRole("button", { name: "Review award" }).click();
    const summary = page.getByTestId("award-summary");
    await expect(summary).toContainText(customerId);
    await expect(summary).toContainText("Allowance");
    await expect(summary).toContainText("25.5 GOLD on DB");
    await expect(summary).toContainText(beforeSend);
    await page.getByRole("dialog").getByRole("button", { name: "Send award" }).click();
    await expect(page.getByTestId("award-outcome")).toContainText("Completed: the player has the tokens.");
    // After a success the next award gets a new RequestID.
    await expect(requestId).not.toHaveText(beforeSend);

    await page
      .getByTestId("award-outcome")
      .getByRole("link", { name: `Player ${customerId}` })
      .click();
    await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("25.5");
    await expect(page.getByTestId("token-GOLD").locator("tbody tr")).toContainText(/Allowance\s*25\.5/);
    await expect(page.getByTestId(`award-${beforeSend}`)).toContainText("Completed");
  });

  test("the form names each field and rule; nothing is sent while it is wrong", async ({ page }) => {
    await page.goto("/awards/new");
    await page.getByLabel("Direct distribution").check();
    await page.getByLabel("Amount", { exact: true }).fill("1,5");
    await page.getByRole("button", { name: "Review award" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator("#customerId-error")).toHaveText("must not be empty");
    await expect(page.locator("#wallet-error")).toHaveText("is required for a direct distribution");
    await expect(page.locator("[id='lines[0].amount-error']")).toHaveText(
      "must use a point for decimals, not a comma",
    );
    await expect(page.locator("#reason-error")).toHaveText("is required: say why (kept in the award trail)");
    await expect(page.getByLabel("Mintable")).toHaveCount(0);
    await page.getByLabel("Allowance").check();
    await expect(page.getByLabel("Wallet")).toHaveCount(0);
    await expect(page.getByLabel("Mintable")).toBeVisible();
  });
});

test.describe("a lost answer", () => {
  test.use({ storageState: storageState("manager") });

  test("shows 'outcome unknown', keeps the RequestID, and the retry pays exactly once", async ({
    page,
    browser,
    request,
  }) => {
    const name = "Starfall via lossy proxy";
    const connection = await addConnection(browser, name, PROXIED_BASE_URL);
    const customerId = player("e2e-lost");
    try {
      await page.goto("/awards/new");
      await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
      await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "7" });
      const requestId = (await page.getByTestId("request-id").textContent()) ?? "";

      expect((await request.post(`${PROXY_URL}/__drop-next-award`)).status()).toBe(204);
      await send(page);
      await expect(page.getByTestId("award-outcome")).toContainText(
        "Outcome unknown. The answer was lost on the way",
      );
      await expect(page.getByTestId("request-id")).toHaveText(requestId);

      // Sending the unchanged award again is the retry: same RequestID, paid once.
      await send(page);
      await expect(page.getByTestId("award-outcome")).toContainText("Completed: the player has the tokens.");
      await expect(await goldTotal(page, customerId)).toHaveText("7");

      await page.goto("/awards");
      await page.getByLabel("Request ID").fill(requestId);
      await page.getByRole("button", { name: "Find" }).click();
      await expect(page.getByTestId("award-status")).toHaveText("Completed");
      const steps = page.getByTestId("award-timeline").locator("li");
      await expect(steps).toHaveCount(5);
      await expect(steps.nth(0)).toContainText("Created");
      await expect(steps.nth(1)).toContainText("Sent");
      await expect(steps.nth(2)).toContainText(/Outcome · unknown/);
      await expect(steps.nth(3)).toContainText("Retry: attempt 2, same RequestID and body.");
      await expect(steps.nth(4)).toContainText(/Outcome · completed/);
    } finally {
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
      await connection.remove();
    }
  });
});

test.describe("retry from the trail", () => {
  test.use({ storageState: storageState("manager") });

  test("the history filters find the unknown award; Retry re-sends it and it is paid once", async ({
    page,
    browser,
    request,
  }) => {
    const name = "Starfall via lossy proxy (trail)";
    const connection = await addConnection(browser, name, PROXIED_BASE_URL);
    const customerId = player("e2e-trail-retry");
    try {
      await page.goto("/awards/new");
      await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
      await fillAward(page, {
        customerId,
        mode: "Allowance",
        token: GOLD,
        contract: GOLD_DB,
        amount: "0.125",
      });
      const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
      expect((await request.post(`${PROXY_URL}/__drop-next-award`)).status()).toBe(204);
      await send(page);
      await expect(page.getByTestId("award-outcome")).toContainText("Outcome unknown");

      // The history: filtered by player and status, in the URL.
      await page.goto("/awards");
      await page.getByLabel("Player").fill(customerId);
      await page.getByLabel("Status").selectOption({ label: "Outcome unknown" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/status=unknown/);
      await expect(page.getByTestId("awards-count")).toHaveText("1 award");
      await expect(page.getByTestId(`award-${requestId}`)).toContainText("Outcome unknown");
      await page.getByLabel("Status").selectOption({ label: "Completed" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByTestId("awards-count")).toHaveText("0 awards");

      await page.getByLabel("Request ID").fill(requestId);
      await page.getByRole("button", { name: "Find" }).click();
      await expect(page.getByTestId("award-status")).toHaveText("Outcome unknown");
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByTestId("award-status")).toHaveText("Completed");
      await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
      await expect(await goldTotal(page, customerId)).toHaveText("0.125");
    } finally {
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
      await connection.remove();
    }
  });
});

test.describe("support", () => {
  test.use({ storageState: storageState("support") });

  test("reads the trail but has no award form, and is refused when calling the award action directly", async ({
    page,
    browser,
  }) => {
    await page.goto("/awards");
    await expect(page.getByRole("heading", { level: 1, name: "Awards" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New award" })).toHaveCount(0);
    await page.goto("/awards/new");
    await expect(page).toHaveURL(/\/not-allowed\?need=awards%3Asend$/);

    // The manager's browser reveals the action id; support posts to it directly.
    const manager = await browser.newContext({ storageState: storageState("manager") });
    const managerPage = await manager.newPage();
    await managerPage.goto("/awards/new");
    const customerId = player("e2e-forbidden");
    await fillAward(managerPage, {
      customerId,
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "1",
    });
    const posted = managerPage.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
    await send(managerPage);
    const actionId = (await posted).headers()["next-action"] as string;
    await manager.close();

    const response = await page.request.post("/awards/new", {
      headers: {
        "Next-Action": actionId,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
      },
      data: JSON.stringify([
        {
          requestId: "0b8f5a0e-1c2d-4e3f-8a9b-0c1d2e3f4a5b",
          customerId: `${customerId}-support`,
          mode: "allowance",
          wallet: "",
          mintable: false,
          lines: [{ token: GEM, contract: GEM_DB, chain: "DB", amount: "1000" }],
          reason: "should never be sent",
        },
      ]),
    });
    const body = await response.text();
    expect(body).toContain("Your role does not allow this.");
    expect(body).not.toContain("completed");
    await page.goto(`/players/${customerId}-support`);
    await expect(page.getByTestId("player-empty")).toBeVisible();
  });
});
