import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, SERVICE_BASE_URL } from "./servers";

/** The demo project's tokens and contracts the award specs use (service/db/fixtures/demo.json). */
export const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
export const GOLD_DB = "2c1f8b20-0001-4b22-9c32-0000000000b1";
export const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
export const GEM_DB = "2c1f8b20-0002-4b22-9c32-0000000000b2";

/** A player of this run only, so reruns against a running demo start from nothing. */
export const player = (name: string) => `${name}-${Date.now().toString(36)}`;

export async function fillAward(
  page: Page,
  award: {
    customerId: string;
    mode: "Allowance" | "Direct distribution";
    token: string;
    contract: string;
    amount: string;
    wallet?: string;
  },
) {
  await page.getByLabel("Customer ID").fill(award.customerId);
  await page.getByLabel(award.mode).check();
  if (award.wallet) await page.getByLabel("Wallet").fill(award.wallet);
  await page.getByLabel("Token", { exact: true }).selectOption(award.token);
  await page.getByLabel("Contract", { exact: true }).selectOption(award.contract);
  await page.getByLabel("Amount", { exact: true }).fill(award.amount);
  await page.getByLabel("Reason").fill("E2E: community event prize");
}

/**
 * Review → the confirmation → Send award. The review asks the service about the player first; a
 * new player (every `player()` of a run is one) must be confirmed with the dialog's checkbox.
 */
export async function send(page: Page, confirmLabel = "Send award") {
  await page.getByRole("button", { name: "Review award" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("review-player")).not.toHaveText("Checking the player…");
  const newPlayer = dialog.getByLabel(/Send to this new player/);
  if (await newPlayer.isVisible()) await newPlayer.check();
  await dialog.getByRole("button", { name: confirmLabel }).click();
  await expect(dialog).toBeHidden();
}

/** Confirms an act in the one confirmation dialog (Fund wallet, Retry, Deactivate, Delete…). */
export async function confirmIn(page: Page, button: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

export const SHARD = "1b0e7a10-0003-4a11-8b21-0000000000a3";
export const SHARD_POLYGON = "2c1f8b20-0004-4b22-9c32-0000000000b4";

/**
 * A player of this run that the service already knows (1 GOLD allowance, through the service's own
 * API): for specs that need a known player without changing the demo players whose exact
 * balances other specs check.
 */
export async function knownPlayer(request: APIRequestContext, name: string): Promise<string> {
  const customerId = player(name);
  const answer = await request.post(`${SERVICE_BASE_URL}/AwardTokens`, {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({
      ApiKey: DEMO_API_KEY,
      RequestID: randomUUID(),
      ProjectGuid: DEMO_PROJECT_GUID,
      IsAllowance: true,
      CustomerID: customerId,
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
    }),
  });
  expect((await answer.json()).isError).toBe("0");
  return customerId;
}
