import { expect, type Page, test } from "@playwright/test";
import { auditRowsOf } from "./audit";
import { confirmIn, fillAward, GEM, GEM_DB, GOLD, GOLD_DB, player, send } from "./award-form";
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
    await page.getByRole("main").getByRole("link", { name: "New award" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Award tokens" })).toBeVisible();

    // The form shows its RequestID; typing does not change it (it is bound when the award is reviewed).
    const requestId = page.getByTestId("request-id");
    const first = (await requestId.textContent()) ?? "";
    // Pasted with spaces around it: the console sends the trimmed ID, never a phantom player.
    await fillAward(page, {
      customerId: `  ${customerId} `,
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "25.5",
    });
    await expect(requestId).toHaveText(first);

    await page.getByRole("button", { name: "Review award" }).click();
    const dialog = page.getByRole("dialog");
    const summary = page.getByTestId("award-summary");
    await expect(page.getByTestId("summary-customer-id")).toHaveText(`“${customerId}”`);
    await expect(summary).toContainText("Spaces around the ID were removed.");
    await expect(summary).toContainText("Allowance");
    await expect(summary).toContainText("25.5 GOLD on DB");
    await expect(summary).toContainText(first);
    await expect(page.getByLabel("Customer ID")).toHaveValue(customerId);
    // Nobody holds anything under this ID yet: the review says so and asks for a confirmation.
    await expect(dialog.getByTestId("review-player")).toHaveText("New player: no tokens or items yet.");
    const sendButton = dialog.getByRole("button", { name: "Send award" });
    await expect(sendButton).toBeDisabled();
    await dialog.getByLabel(/Send to this new player/).check();
    await sendButton.click();
    const outcome = page.getByTestId("award-outcome");
    await expect(outcome).toContainText("Completed: the player has the tokens.");
    await expect(outcome.getByRole("link", { name: `Player ${customerId}` })).toHaveAttribute(
      "href",
      `/players/${customerId}`,
    );
    await expect(outcome.getByRole("link", { name: `Award ${first}` })).toBeVisible();

    // After a success the form is a new, empty award with a new RequestID: a second click cannot pay again.
    await expect(requestId).not.toHaveText(first);
    const second = (await requestId.textContent()) ?? "";
    await expect(page.getByLabel("Customer ID")).toHaveValue("");
    await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("");
    // The amount's hint is one line whether or not the player is known yet, so the form below it
    // does not move when their balance arrives (measured again once it has, below).
    await expect(page.getByText("Holdings: not known yet")).toBeVisible();
    const hintRoom = async () =>
      ((await page.getByRole("button", { name: "Add token" }).boundingBox())?.y ?? Number.NaN) -
      ((await page.getByLabel("Amount", { exact: true }).boundingBox())?.y ?? Number.NaN);
    const roomBefore = await hintRoom();
    await page.getByRole("button", { name: "Review award" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("#customerId-error")).toHaveText("Customer ID must not be empty.");

    // "Award again" is explicit: a prefilled copy that says it is a new award.
    await page.getByRole("button", { name: "Award again" }).click();
    await expect(page.getByTestId("award-again-note")).toContainText("new RequestID");
    await expect(page.getByLabel("Customer ID")).toHaveValue(customerId);
    await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("25.5");
    // The empty form's errors were about another draft: the copy shows none.
    await expect(page.locator("#customerId-error")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Amount" })).not.toHaveAttribute("aria-invalid", "true");
    // The player is known now: their balance shows while awarding, and the review has no new-player warning.
    await expect(page.getByTestId("holds-0")).toHaveText("Player holds 25.5 GOLD");
    expect(await hintRoom()).toBe(roomBefore);
    await page.getByRole("button", { name: "Review award" }).click();
    await expect(summary).toContainText(second);
    await expect(dialog.getByTestId("review-player")).toContainText("Known player");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/players/${customerId}`);
    await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("25.5");
    await expect(page.getByTestId("token-GOLD").locator("tbody tr")).toContainText(/Allowance\s*25\.5/);
    await expect(page.getByTestId(`award-${first}`)).toContainText("Completed");
  });

  test("the form names each field and rule; nothing is sent while it is wrong", async ({ page }) => {
    await page.goto("/awards/new");
    await page.getByLabel("Direct distribution").check();
    await page.getByLabel("Amount", { exact: true }).fill("1,5");
    await page.getByRole("button", { name: "Review award" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator("#customerId-error")).toHaveText("Customer ID must not be empty.");
    await expect(page.locator("#wallet-error")).toHaveText("Wallet is required for a direct distribution.");
    await expect(page.locator("[id='lines[0].amount-error']")).toHaveText(
      "Amount must use a point for decimals, not a comma.",
    );
    await expect(page.locator("#reason-error")).toHaveText(
      "Reason is required: say why (kept in the award trail).",
    );
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
      // The switcher is disabled until the server has the choice and the page is refreshed.
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
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
      // The switcher is disabled until the server has the choice and the page is refreshed.
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
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
      // The switcher is disabled until the server has the choice and the page is refreshed.
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
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
      await expect(page.getByRole("dialog")).toContainText(`0.125 GOLD to “${customerId}”`);
      await confirmIn(page, "Retry award");
      await expect(page.getByTestId("award-status")).toHaveText("Completed");
      await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
      await expect(await goldTotal(page, customerId)).toHaveText("0.125");

      // The audit log has the send and the retry: who, which project, what came of each.
      const sent = (await auditRowsOf(browser, "award.sent")).find(
        (row) => row.detail.requestId === requestId,
      );
      expect(sent).toMatchObject({
        actor: "manager@demo.test",
        project: name,
        detail: { customerId, status: "unknown" },
      });
      const retried = (await auditRowsOf(browser, "award.retried")).find(
        (row) => row.detail.requestId === requestId,
      );
      expect(retried).toMatchObject({
        actor: "manager@demo.test",
        project: name,
        detail: { attempt: 2, status: "completed" },
      });
    } finally {
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
      // The switcher is disabled until the server has the choice and the page is refreshed.
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
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

test.describe("operator safety", () => {
  test.use({ storageState: storageState("manager") });

  test("Back after sending shows the new award; the player filter finds part of an ID; the history sorts", async ({
    page,
  }) => {
    const customerId = player("e2e-back");
    await page.goto("/awards");
    await page.getByRole("main").getByRole("link", { name: "New award" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Award tokens" })).toBeVisible();
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "3" });
    const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Completed");
    // The outcome is also a toast; the page keeps it for screen readers and tests.
    await expect(page.locator("[data-sonner-toast]")).toContainText(`Award completed for ${customerId}.`);

    await page.goBack();
    await expect(page).toHaveURL(/\/awards$/);
    await expect(page.getByTestId(`award-${requestId}`)).toContainText("Completed");

    // Part of the ID, in another case.
    await page.getByLabel("Player").fill(customerId.slice(4).toUpperCase());
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("awards-count")).toHaveText("1 award");
    const row = page.getByTestId(`award-${requestId}`);
    await expect(row.getByTestId("award-reason")).toHaveText("E2E: community event prize");
    await expect(row).toContainText("Single");

    await page.getByLabel("Player").fill("");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("link", { name: "Player", exact: true }).click();
    await expect(page).toHaveURL(/sort=player/);
    await expect(page.getByRole("columnheader", { name: /Player/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const players = await page.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(players).toEqual([...players].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The table's one URL format (components/data-table/url-state.ts): a second click sorts descending.
    await page.getByRole("link", { name: "Player", exact: true }).click();
    await expect(page).toHaveURL(/sort=player\.desc/);
    await expect(page.getByRole("columnheader", { name: /Player/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  test("the server sends nothing to a new player the person did not confirm, whatever the browser posts", async ({
    page,
  }) => {
    await page.goto("/awards/new");
    const known = player("e2e-known");
    await fillAward(page, {
      customerId: known,
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "1",
    });
    const posted = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
    await send(page);
    const actionId = (await posted).headers()["next-action"] as string;

    const stranger = player("e2e-unconfirmed");
    const response = await page.request.post("/awards/new", {
      headers: {
        "Next-Action": actionId,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
      },
      data: JSON.stringify([
        {
          requestId: "6a1f0c3e-5b7d-4e2f-9a8b-1c2d3e4f5a6b",
          customerId: ` ${stranger} `,
          mode: "allowance",
          wallet: "",
          mintable: false,
          lines: [{ token: GOLD, contract: GOLD_DB, chain: "DB", amount: "5" }],
          reason: "unconfirmed new player",
          confirmNewPlayer: false,
        },
      ]),
    });
    expect(await response.text()).toContain(`\\"${stranger}\\" is a new player`);
    await page.goto(`/players/${stranger}`);
    await expect(page.getByTestId("player-empty")).toBeVisible();
  });
});

test.describe("the history's table", () => {
  test.use({ storageState: storageState("manager") });

  test("a click on a row opens its award; a click on its links does what the link says", async ({ page }) => {
    await page.goto("/awards");
    // The demo's first-start history (scripts/demo-history.ts) is in the trail.
    const row = page.locator('tbody tr[data-testid^="award-"]').first();
    const requestId = ((await row.getAttribute("data-testid")) ?? "").replace(/^award-/, "");
    const customerId = (await row.locator("td").nth(1).textContent()) ?? "";
    await row.getByTestId("award-reason").click();
    await expect(page).toHaveURL(new RegExp(`/awards/${requestId}$`));
    await page.goBack();
    await page
      .locator(`tbody tr[data-testid="award-${requestId}"]`)
      .getByRole("link", { name: customerId })
      .click();
    await expect(page).toHaveURL(new RegExp(`/players/${encodeURIComponent(customerId)}$`));
  });
});
