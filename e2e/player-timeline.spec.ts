import { expect, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, player, send } from "./award-form";
import { storageState } from "./roles";

test.use({ storageState: storageState("manager") });

test("the player's timeline lists an award, a bulk row and a reversal with their authors; the page paints before it", async ({
  page,
  browser,
}) => {
  const customerId = player("e2e-timeline");
  // A single award, then part of it reversed.
  await page.goto("/awards/new");
  await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "10" });
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toContainText("Completed");
  await page.goto(`/awards/${requestId}`);
  const reversals = page.getByRole("region", { name: "Reversals" });
  await reversals.getByLabel("Part of it").check();
  await reversals.getByLabel("GOLD to take back").fill("1");
  await reversals.getByLabel("Reason").fill("E2E: timeline");
  await reversals.getByRole("button", { name: "Review reversal…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reverse", exact: true }).click();
  await expect(page.getByTestId("award-status")).toHaveText("Partly reversed");
  // A bulk row for the same player.
  await page.goto("/awards/bulk");
  await page.getByLabel("CSV file").setInputFiles({
    name: "timeline.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id,token,amount,mode\n${customerId},GOLD,2,allowance\n`, "utf8"),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByLabel("Reason").fill("E2E: timeline bulk row");
  await page.getByRole("button", { name: "Send batch (1 award)" }).click();
  await page
    .getByRole("dialog", { name: "Send this batch?" })
    .getByRole("button", { name: "Send batch" })
    .click();
  await expect(page).toHaveURL(/\/awards\/bulk\/\d+$/);
  await expect(page.getByTestId("count-completed")).toHaveText("1");

  const support = await browser.newContext({ storageState: storageState("support") });
  try {
    const supportPage = await support.newPage();
    // The page's own HTML holds the timeline's place, not its entries: it is fetched after paint.
    const html = await (await supportPage.request.get(`/players/${customerId}`)).text();
    expect(html).toContain("Loading the timeline");
    expect(html).not.toContain('data-testid="player-timeline"');

    await supportPage.goto(`/players/${customerId}`);
    const timeline = supportPage.getByTestId("player-timeline");
    const line = (kind: string, text: string) =>
      timeline.locator(`li[data-kind="${kind}"]`).filter({ hasText: text });
    await expect(line("bulk", "Outcome")).toContainText("Batch");
    await expect(line("bulk", "Created")).toContainText("manager@demo.test");
    await expect(line("reversal", "Reversal asked for")).toContainText("manager@demo.test");
    await expect(line("reversal", "Reversal asked for")).toContainText("Reason: E2E: timeline");
    await expect(line("award", "Created")).toContainText("manager@demo.test");
    // Filtered by kind: reversals only.
    const show = supportPage.getByRole("group", { name: "Show" });
    for (const other of ["Awards", "Bulk rows", "Approval steps", "Notes", "Service calls"])
      await show.getByRole("button", { name: other, exact: true }).click();
    await expect(show.getByRole("button", { name: "Reversals" })).toHaveAttribute("aria-pressed", "true");
    await expect(timeline.locator("li[data-kind]")).not.toHaveCount(0);
    await expect(timeline.locator('li:not([data-kind="reversal"])')).toHaveCount(0);
  } finally {
    await support.close();
  }
});
