import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { auditRowsOf } from "./audit";
import { fillAward, player, SHARD, SHARD_POLYGON, send } from "./award-form";
import { NO_RULES, setPolicy } from "./policies";
import { storageState } from "./roles";

/**
 * Notifications (docs/console.md, "Notifications"), through the browser against the demo: an owner
 * adds a Slack rule for approval requests at a receiver this test runs and sends it a test; a
 * manager's award above SHARD's threshold (set for the test, far above what other specs award of
 * it) waits for approval, and the job loop
 * posts a Slack-format message naming the award and linking to its approval page; the owner's
 * bell counts it.
 */

test("an award above the threshold reaches the Slack rule's receiver, named and linked, and the owner's bell", async ({
  browser,
}) => {
  test.setTimeout(2 * TEST_LIMITS.testMs);
  const messages: { text: string; blocks: { elements?: { url?: string }[]; text?: { text: string } }[] }[] =
    [];
  const slack = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      messages.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/services/T000/B000/e2e-${Date.now().toString(36)}`;
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const manager = await browser.newContext({ storageState: storageState("manager") });
  const page = await owner.newPage();
  try {
    // 1. The owner's rule, and its test message.
    await page.goto("/settings/notifications");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    await page.getByLabel("Tell about").selectOption("approval.requested");
    await page.getByLabel("Where").selectOption("slack");
    await page.getByLabel("Incoming webhook URL").fill(url);
    await page.getByRole("button", { name: "Add rule" }).click();
    const rule = page.getByRole("article", { name: "Rule: Approval requested to Slack" }).last();
    await expect(rule).toBeVisible();
    await rule.getByRole("button", { name: "Send a test of Approval requested to Slack" }).click();
    await expect
      .poll(() => messages.some((m) => m.text.startsWith("Test: Approval requested")), { timeout: 30_000 })
      .toBe(true);

    // 2. A manager's award above SHARD's threshold waits for approval.
    await setPolicy(page, "SHARD", { approvalAbove: "900000", managerDailyLimit: "", ownerDailyLimit: "" });
    const customerId = player("notified");
    const sender = await manager.newPage();
    await sender.goto("/awards/new");
    await fillAward(sender, {
      customerId,
      mode: "Allowance",
      token: SHARD,
      contract: SHARD_POLYGON,
      amount: "1000000",
    });
    await send(sender, "Ask for approval");
    await expect(sender.getByTestId("award-outcome")).toContainText("Waiting for approval");

    // 3. The Slack message: the award named, its approval page linked.
    await expect
      .poll(() => messages.find((m) => m.text.includes(customerId)), { timeout: 30_000 })
      .toBeTruthy();
    const message = messages.find((m) => m.text.includes(customerId));
    expect(message?.text).toMatch(
      /Waiting for your approval: Approval request \d+ \(Award to .*: 1,?000,?000 SHARD\)/,
    );
    const link = message?.blocks[1]?.elements?.[0]?.url ?? "";
    expect(link).toMatch(/\/approvals\/\d+$/);
    expect(message?.blocks[0]?.text?.text).toContain(`<${link}|`);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Approval request");
    await expect(page.locator("main")).toContainText(customerId);

    // 4. The owner's bell counts it; the list links it.
    await page.goto("/notifications");
    await expect(page.getByRole("link", { name: new RegExp(customerId) })).toBeVisible();
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName(/Notifications: \d+ unread/);
  } finally {
    await setPolicy(page, "SHARD", NO_RULES);
    await page.goto("/settings/notifications");
    for (const card of await page.getByRole("article", { name: "Rule: Approval requested to Slack" }).all()) {
      await card.getByRole("button", { name: "Delete Approval requested to Slack" }).click();
      await page
        .getByRole("alertdialog")
        .or(page.getByRole("dialog"))
        .getByRole("button", { name: "Delete rule" })
        .click();
    }
    await owner.close();
    await manager.close();
    slack.close();
  }
  expect((await auditRowsOf(browser, "notification-rule.created")).length).toBeGreaterThan(0);
});
