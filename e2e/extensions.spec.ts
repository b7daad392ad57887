import { expect, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, player, send } from "./award-form";
import { addConnection } from "./owner-connection";
import { SPEC_ONLY_BASE_URL } from "./servers";

test("a service with the spec only: Test connection says so, the wallet is hidden, awards are Accepted", async ({
  browser,
}) => {
  const name = "Starfall, spec only";
  const connection = await addConnection(browser, name, SPEC_ONLY_BASE_URL);
  const { page } = connection;
  try {
    await page.getByRole("button", { name: `Test connection ${name}` }).click();
    await expect(page.getByTestId(`connection-${name}`).getByRole("status")).toHaveText(
      /it offers the spec only, so the wallet and award status are hidden/,
    );

    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link", { name: "Wallet" })).toBeVisible();
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await page.goto("/catalogue/tokens");
    await expect(nav.getByRole("link", { name: "Awards" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Wallet" })).toHaveCount(0);
    await page.goto("/wallet");
    await expect(page.getByText("implements the public spec only")).toBeVisible();
    // Keys and Requests say what the service does not offer, and what still works.
    await page.goto("/developers/keys");
    await expect(
      page.getByText("This project's service does not offer API keys as a resource"),
    ).toBeVisible();
    await expect(page.getByText("Replace key").first()).toBeVisible();
    await page.goto("/developers/requests");
    await expect(page.getByText("This project's service does not keep a request log")).toBeVisible();

    // Without the Status extension the service only says it took the award.
    await page.goto("/awards/new");
    const customerId = player("e2e-spec-only");
    await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "3" });
    const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Accepted: the service took the award");
    await page.goto(`/awards/${requestId}`);
    await expect(page.getByTestId("award-status")).toHaveText("Accepted");
    // No ReverseAward without our extensions: the award page offers no reversal and says why.
    await expect(page.getByTestId("reversal-unavailable")).toHaveText(
      /implements only the spec: it has no ReverseAward/,
    );
    await expect(page.getByRole("button", { name: /Review reversal/ })).toHaveCount(0);
    await page.goto(`/players/${customerId}`);
    await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText("3");
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});
