import { expect, type Page } from "@playwright/test";

export interface PolicyRules {
  approvalAbove: string;
  managerDailyLimit: string;
  ownerDailyLimit: string;
}

const FIELDS = [
  ["approvalAbove", "Approval above"],
  ["managerDailyLimit", "Manager daily limit"],
  ["ownerDailyLimit", "Owner daily limit"],
] as const;

/** A token's card on Settings → Award policies (an owner's page). */
export const policyCard = (page: Page, symbol: string) =>
  page.getByRole("form", { name: symbol, exact: true });

/** What a token's policy says now, as the owners' page shows it ("" is no rule). */
export async function readPolicy(page: Page, symbol: string): Promise<PolicyRules> {
  await page.goto("/settings/policies");
  const card = policyCard(page, symbol);
  const values = await Promise.all(FIELDS.map(([, label]) => card.getByLabel(label).inputValue()));
  return {
    approvalAbove: values[0] ?? "",
    managerDailyLimit: values[1] ?? "",
    ownerDailyLimit: values[2] ?? "",
  };
}

/** An owner sets a token's policy on Settings → Award policies (the demo owner has no second factor to give). */
export async function setPolicy(page: Page, symbol: string, rules: PolicyRules): Promise<void> {
  await page.goto("/settings/policies");
  const card = policyCard(page, symbol);
  for (const [key, label] of FIELDS) await card.getByLabel(label).fill(rules[key]);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Award policy for ${symbol} saved.`)).toBeVisible();
  for (const [key, label] of FIELDS) await expect(card.getByLabel(label)).toHaveValue(rules[key]);
}

export const NO_RULES: PolicyRules = { approvalAbove: "", managerDailyLimit: "", ownerDailyLimit: "" };

/** An owner chooses when reversals wait for approval (Settings → Award policies, "Reversals"). */
export async function setReversalApproval(page: Page, choice: RegExp): Promise<void> {
  await page.goto("/settings/policies");
  const form = page.getByRole("form", { name: "Reversals" });
  await form.getByLabel(choice).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Reversals: /)).toBeVisible();
}
