import { expect, test } from "@playwright/test";
import { fromUnits, toUnits } from "../lib/contract/decimal";
import { groupDigits, ungroupDigits } from "../lib/format/grouped-decimal";
import { auditRowsOf } from "./audit";
import { fillAward, GOLD, GOLD_DB, player, SHARD, SHARD_POLYGON, send } from "./award-form";
import { storageState } from "./roles";

const WALLET = "0x8617e340b3d01fa5f11f306f4090fd50e238070d";

test.describe("the project wallet", () => {
  test("a direct award beyond the funds is Queued; the owner funds the gap; it settles and pays exactly", async ({
    browser,
  }) => {
    // The manager sends more SHARD than the project wallet holds.
    const manager = await browser.newContext({ storageState: storageState("manager") });
    const managerPage = await manager.newPage();
    await managerPage.goto("/wallet");
    const row = managerPage.getByTestId("wallet-SHARD-Polygon");
    const balanceBefore = ungroupDigits((await row.getByTestId("wallet-balance").textContent()) ?? "");
    const amount = fromUnits(toUnits(balanceBefore) + toUnits("4995.125"));
    const customerId = player("e2e-queued");

    await managerPage.goto("/awards/new");
    await fillAward(managerPage, {
      customerId,
      mode: "Direct distribution",
      wallet: WALLET,
      token: SHARD,
      contract: SHARD_POLYGON,
      amount,
    });
    const requestId = (await managerPage.getByTestId("request-id").textContent()) ?? "";
    // The review says it will queue before anything is sent, and by how much the wallet is short:
    // at least what this award lacks beyond the balance (more when other awards already wait).
    await managerPage.getByRole("button", { name: "Review award" }).click();
    const notice = managerPage.getByRole("dialog").getByTestId("review-queue");
    await expect(notice).toContainText("This award will wait in the queue for project funds.");
    const short = ungroupDigits(
      /short by ([\d,.]+) SHARD on Polygon/.exec((await notice.textContent()) ?? "")?.[1] ?? "",
    );
    expect(toUnits(short)).toBeGreaterThanOrEqual(toUnits("4995.125"));
    await managerPage.keyboard.press("Escape");
    await send(managerPage);
    await expect(managerPage.getByTestId("award-outcome")).toContainText(
      "Queued: waiting for project funds.",
    );

    // The manager reads the wallet: the award waits, with its age, and the gap is named.
    await managerPage.goto("/wallet");
    const queued = managerPage.getByTestId(`queued-${requestId}`);
    await expect(queued).toContainText(customerId);
    await expect(queued).toContainText(`${groupDigits(amount)} SHARD`);
    // Its age (Intl.RelativeTimeFormat), once the browser has the clock; the moment in UTC on hover.
    await expect(queued.locator("time")).toHaveText(/^(this minute|\d+ minutes? ago)$/);
    await expect(queued.locator("time")).toHaveAttribute("title", / \(\d{4}-\d{2}-\d{2} [\d:]{8} UTC\)$/);
    await expect(row.getByTestId("wallet-gap")).toContainText(/top up [\d,.]+ SHARD/);
    await expect(managerPage.getByRole("button", { name: "Fund wallet" })).toHaveCount(0);
    await manager.close();

    // The player has no SHARD yet.
    const owner = await browser.newContext({ storageState: storageState("owner") });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`/players/${customerId}`);
    await expect(ownerPage.getByTestId("token-SHARD")).toHaveCount(0);

    // The owner funds exactly the gap the page names; the queue clears.
    await ownerPage.goto("/wallet");
    const gapText =
      (await ownerPage.getByTestId("wallet-SHARD-Polygon").getByTestId("wallet-gap").textContent()) ?? "";
    const gap = ungroupDigits(/top up ([\d,.]+) SHARD/.exec(gapText)?.[1] ?? "");
    expect(toUnits(gap)).toBeGreaterThanOrEqual(toUnits("4995.125"));
    await ownerPage.getByLabel("Contract", { exact: true }).selectOption({ label: "SHARD on Polygon" });
    await expect(ownerPage.getByLabel("Amount", { exact: true })).toHaveValue(gap);
    await ownerPage.getByRole("button", { name: "Fund wallet" }).click();
    // Funding is confirmed first, naming the contract and the exact amount.
    const confirm = ownerPage.getByTestId("fund-confirm");
    await expect(confirm).toContainText(`Adds ${gap} to SHARD on Polygon`);
    await confirm.getByRole("button", { name: "Fund wallet" }).click();
    const outcome = ownerPage.getByTestId("fund-outcome");
    await expect(outcome).toContainText(/Funded\. \d+ queued awards? settled/);
    await expect(outcome.getByRole("link", { name: requestId })).toBeVisible();
    await expect(ownerPage.getByTestId(`queued-${requestId}`)).toHaveCount(0);
    // Funding the gap leaves nothing over: what was short is now exactly paid out.
    await expect(ownerPage.getByTestId("wallet-SHARD-Polygon").getByTestId("wallet-balance")).toHaveText("0");
    const funded = (await auditRowsOf(browser, "wallet.funded")).at(-1);
    expect(funded).toMatchObject({
      actor: "owner@demo.test",
      detail: { amount: gap, settled: expect.arrayContaining([requestId]) },
    });
    await expect(ownerPage.getByTestId("wallet-SHARD-Polygon").getByTestId("wallet-gap")).toHaveText(
      "Covered",
    );

    // The award is Completed in the trail, and the player holds exactly the amount, distributed.
    await outcome.getByRole("link", { name: requestId }).click();
    await expect(ownerPage.getByTestId("award-status")).toHaveText("Completed");
    const steps = ownerPage.getByTestId("award-timeline").locator("li");
    await expect(steps.nth(2)).toContainText(/Outcome · queued/);
    await expect(steps.last()).toContainText(/Settled: owner@demo\.test funded the project wallet/);
    await ownerPage.goto(`/players/${customerId}`);
    const shard = ownerPage.getByTestId("token-SHARD");
    await expect(shard.getByTestId("token-total")).toHaveText(groupDigits(amount));
    await expect(shard.locator("tbody tr")).toContainText("Distributed");
    await expect(shard.locator("tbody tr")).toContainText(WALLET);
    await owner.close();
  });

  test("a direct award the wallet covers is reviewed without a queue notice", async ({ browser }) => {
    const manager = await browser.newContext({ storageState: storageState("manager") });
    const page = await manager.newPage();
    const customerId = player("e2e-covered");
    await page.goto("/awards/new");
    await fillAward(page, {
      customerId,
      mode: "Direct distribution",
      wallet: `db-wallet-${customerId}`,
      token: GOLD,
      contract: GOLD_DB,
      amount: "1",
    });
    const forecast = page.waitForResponse((response) => response.url().includes("/api/wallet/forecast"));
    await page.getByRole("button", { name: "Review award" }).click();
    expect(await (await forecast).json()).toEqual({ waits: false, short: [] });
    await expect(page.getByRole("dialog").getByTestId("award-summary")).toBeVisible();
    await expect(page.getByTestId("review-queue")).toHaveCount(0);
    await manager.close();
  });

  test("support has no wallet: no link, and the page refuses", async ({ browser }) => {
    const support = await browser.newContext({ storageState: storageState("support") });
    const page = await support.newPage();
    await page.goto("/awards");
    await expect(
      page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Wallet" }),
    ).toHaveCount(0);
    await page.goto("/wallet");
    await expect(page).toHaveURL(/\/not-allowed\?need=wallet%3Aread$/);
    await support.close();
  });
});
