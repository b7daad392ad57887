import { expect, test } from "@playwright/test";
import { knownPlayer } from "./award-form";
import { storageState } from "./roles";

test.use({ storageState: storageState("support") });

test("a pinned note written by support shows in the manager's award form for that player, and on the player's page", async ({
  page,
  browser,
  request,
}) => {
  const customerId = await knownPlayer(request, "e2e-noted");
  await page.goto(`/players/${customerId}`);
  const notes = page.getByRole("region", { name: "Staff notes" });
  await expect(notes.getByText("No notes yet.")).toBeVisible();
  // Refused naming the rule, nothing written.
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByText(/Note: write something/).first()).toBeVisible();

  // Text that would be markup stays text.
  const text = "Already compensated on 27 Nov <b>twice</b> — do not pay again.";
  await notes.getByRole("textbox", { name: "Note" }).fill(text);
  await notes.getByLabel("Tag").selectOption({ label: "Compensated" });
  await notes.getByRole("button", { name: /^Pin/ }).click();
  await expect(notes.getByRole("button", { name: /^Pin/ })).toHaveAttribute("aria-pressed", "true");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByRole("listitem").filter({ hasText: "Pinned" })).toContainText(text);
  await expect(notes.locator("b")).toHaveCount(0);
  // Pinned at the top of the player's page.
  await expect(page.getByTestId("pinned-notes")).toContainText(`Pinned note by support@demo.test`);
  await expect(page.getByTestId("pinned-notes")).toContainText(text);

  const manager = await browser.newContext({ storageState: storageState("manager") });
  try {
    const managerPage = await manager.newPage();
    await managerPage.goto(`/awards/new?customer=${encodeURIComponent(customerId)}`);
    const pinned = managerPage.getByTestId("award-pinned-notes");
    await expect(pinned).toContainText("Pinned note by support@demo.test");
    await expect(pinned).toContainText("Compensated");
    await expect(pinned).toContainText(text);
    // A bulk file paying that player shows the pinned note in its dry run.
    await managerPage.goto("/awards/bulk");
    await managerPage.getByLabel("CSV file").setInputFiles({
      name: "noted.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`customer_id,token,amount,mode\n${customerId},GOLD,1,allowance\n`, "utf8"),
    });
    await managerPage.getByRole("button", { name: "Check file" }).click();
    const inFile = managerPage.getByTestId("dry-run-pinned-notes");
    await expect(inFile).toContainText(customerId);
    await expect(inFile).toContainText("pinned note by support@demo.test [Compensated]");
    await expect(inFile).toContainText(text);
    // The manager may read it but not change it: only its author may.
    await managerPage.goto(`/players/${customerId}`);
    const theirs = managerPage.getByRole("region", { name: "Staff notes" }).getByRole("listitem").first();
    await expect(theirs).toContainText(text);
    await expect(theirs.getByRole("button", { name: /Edit/ })).toHaveCount(0);
    await expect(theirs.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  } finally {
    await manager.close();
  }

  // The author deletes it, after confirming; the award form shows nothing pinned any more.
  const mine = notes.getByRole("listitem").first();
  await mine.getByRole("button", { name: /^Delete your note “Already compensated/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete note" }).click();
  await expect(notes.getByText("No notes yet.")).toBeVisible();
  await expect(page.getByTestId("pinned-notes")).toHaveCount(0);
});
