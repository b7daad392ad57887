import { expect, type Page, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, player, send } from "./award-form";
import { storageState } from "./roles";

/** Sends an award through the form and opens its page; its RequestID. */
async function awardAndOpen(page: Page, award: Parameters<typeof fillAward>[1]): Promise<string> {
  await page.goto("/awards/new");
  await fillAward(page, award);
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toContainText("Completed");
  await page.goto(`/awards/${requestId}`);
  return requestId;
}

async function total(page: Page, customerId: string, symbol = "GOLD") {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  return page.getByTestId(`token-${symbol}`).getByTestId("token-total");
}

test.describe("a manager reverses an award (docs/console.md, Reversals)", () => {
  test.use({ storageState: storageState("manager") });

  test("part of an allowance: confirmed with the exact amount, the player's balance falls by exactly that", async ({
    page,
  }) => {
    const customerId = player("e2e-reverse-part");
    const requestId = await awardAndOpen(page, {
      customerId,
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "10.5",
    });
    await expect(await total(page, customerId)).toHaveText("10.5");
    await page.goto(`/awards/${requestId}`);

    const reversals = page.getByRole("region", { name: "Reversals" });
    await reversals.getByLabel("Part of it").check();
    const amount = reversals.getByLabel("GOLD to take back");
    // More than was awarded is caught before anything is sent.
    await amount.fill("11");
    await reversals.getByLabel("Reason").fill("E2E: ten times the amount");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    await expect(reversals.getByText("must be at most 10.5, what remains of the line")).toBeVisible();
    await amount.fill("0.000000000000000001");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Take back 0.000000000000000001 GOLD from ${customerId}'s allowance.`);
    await expect(dialog).toContainText("Reason: E2E: ten times the amount");
    await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId("award-status")).toHaveText("Partly reversed");
    const listed = page.getByTestId("award-reversals");
    await expect(listed).toContainText("Done");
    await expect(listed).toContainText("E2E: ten times the amount");
    await expect(page.getByTestId("award-timeline")).toContainText(
      "Partly reversed: 0.000000000000000001 GOLD taken back.",
    );
    await expect(await total(page, customerId)).toHaveText("10.499999999999999999");

    // The rest, whole: the award is Reversed and the player holds none of it.
    await page.goto(`/awards/${requestId}`);
    await reversals.getByLabel("Reason").fill("E2E: wrong player");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    await expect(dialog).toContainText("Take back 10.499999999999999999 GOLD");
    await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(page.getByTestId("award-status")).toHaveText("Reversed");
    await expect(page.getByTestId("reversal-unavailable")).toHaveText(/reversed whole already/);
    await page.goto(`/players/${encodeURIComponent(customerId)}`);
    await expect(page.getByTestId("token-GOLD")).toHaveCount(0);
  });
});
