import { type Browser, expect, type Page, test } from "@playwright/test";
import { ungroupDigits } from "../lib/format/grouped-decimal";
import { createUser, enrolTotp, passwordStep, SIGNED_OUT } from "./accounts";
import { auditRowsOf } from "./audit";
import { fillAward, GOLD, GOLD_DB, knownPlayer, player, send } from "./award-form";
import { NO_RULES, setPolicy, setReversalApproval } from "./policies";
import { storageState } from "./roles";
import { unusedTotpCode } from "./totp";

/**
 * Award policies and four-eyes approvals (docs/console.md, "Award policies", "Approvals"), as
 * people meet them: a manager sees what remains of their daily limit and is refused beyond it; an
 * award or a batch over a threshold waits; another person approves it with a second factor, once;
 * reject and withdraw send nothing. Serial: the later tests use the requests the earlier ones made.
 *
 * The spec sets GOLD's policy for its run — approval above 100000, a manager's daily limit of
 * 1000000 — well above what the other specs award, and uses managers of its own, so the limits it
 * reads are exactly its own.
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "a long enough password";
const stamp = Date.now();
const REQUESTER = `approvals-asks-${stamp}@demo.test`;
const APPROVER = `approvals-decides-${stamp}@demo.test`;
let approverSecret = "";
let requesterSecret = "";
let requester: Page;
let approver: Page;
const asked: { requestId: string; customerId: string; approvalUrl: string }[] = [];
/** The batch the batch test sends, reversed as a batch by the last test. */
const finals = { url: "", players: [] as string[] };
let approveActionId = "";

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext(SIGNED_OUT)).newPage();
  await passwordStep(page, email, PASSWORD);
  await expect(page.getByTestId("current-user")).toHaveText(`${email} · manager`);
  return page;
}

/** Confirms the approval; gives the step-up dialog a code if the server asks for one. */
async function approveOpen(page: Page) {
  const posted = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await page.getByRole("button", { name: "Approve and send" }).click();
  const dialog = page.getByTestId("approve-confirm");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Approve and send" }).click();
  approveActionId = (await posted).headers()["next-action"] as string;
  const stepUp = page.getByTestId("step-up-dialog");
  const done = page.getByTestId("approval-outcome");
  await expect(stepUp.or(done)).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel("Authentication code").fill(await unusedTotpCode(approverSecret));
    await stepUp.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(done).toBeVisible();
}

async function totalOf(page: Page, customerId: string, symbol: string) {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const token = page.getByTestId(`token-${symbol}`);
  return (await token.count()) === 0
    ? "0"
    : ungroupDigits((await token.getByTestId("token-total").textContent()) ?? "");
}

test.beforeAll(async ({ browser }) => {
  const owner = await (await browser.newContext({ storageState: storageState("owner") })).newPage();
  await setPolicy(owner, "GOLD", {
    approvalAbove: "100000",
    managerDailyLimit: "1000000",
    ownerDailyLimit: "",
  });
  await owner.context().close();
  await createUser(browser, REQUESTER, "manager", PASSWORD);
  await createUser(browser, APPROVER, "manager", PASSWORD);
  requester = await signedIn(browser, REQUESTER);
  approver = await signedIn(browser, APPROVER);
  ({ secret: approverSecret } = await enrolTotp(approver));
  // The requester has a second factor too: what stops them approving their own is that it is theirs.
  ({ secret: requesterSecret } = await enrolTotp(requester));
});

/** A new sign-in with password and code: a second factor given just now (no step-up pending). */
async function freshlySignedIn(browser: Browser, email: string, secret: string): Promise<Page> {
  const page = await (await browser.newContext(SIGNED_OUT)).newPage();
  await passwordStep(page, email, PASSWORD);
  await page.getByLabel("Authentication code").fill(await unusedTotpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("current-user")).toContainText(email);
  return page;
}

test.afterAll(async ({ browser }) => {
  const owner = await (await browser.newContext({ storageState: storageState("owner") })).newPage();
  await setPolicy(owner, "GOLD", NO_RULES);
  await setReversalApproval(owner, /^Never/);
  await owner.context().close();
});

test("the demo's sample policy holds an award of 800 GEM: an approver sees exactly what would be sent", async () => {
  await approver.goto("/approvals");
  const waiting = approver.getByTestId("approvals-waiting");
  await waiting.getByRole("link", { name: "Award to player-2042" }).first().click();
  await expect(approver.getByTestId("approval-award")).toContainText("player-2042");
  await expect(approver.getByTestId("approval-lines")).toContainText("800");
  await expect(approver.getByTestId("approval-lines")).toContainText("GEM");
  await expect(approver.getByTestId("approval-totals")).toContainText("threshold 500 GEM");
  await expect(approver.getByTestId("approval-award")).toContainText("Season finale: grand prize");
  await expect(approver.getByTestId("approval-history")).toContainText("manager@demo.test");
  await expect(approver.getByRole("button", { name: "Approve and send" })).toBeVisible();
});

test("the form and the dry run show what remains of the daily limit; beyond it the award is refused", async ({
  request,
}) => {
  const customerId = await knownPlayer(request, "e2e-limit");
  await requester.goto("/awards/new");
  await requester.getByLabel("Token", { exact: true }).selectOption(GOLD);
  await expect(requester.getByTestId("rules-0")).toHaveText(
    "1000000 of your 1000000 GOLD left today · above 100000 GOLD needs a second person's approval",
  );
  await fillAward(requester, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "5" });
  await send(requester);
  await expect(requester.getByTestId("award-outcome")).toContainText("Completed");
  await requester.reload();
  await requester.getByLabel("Token", { exact: true }).selectOption(GOLD);
  await expect(requester.getByTestId("remaining-0")).toHaveText("999995 of your 1000000 GOLD left today");

  await requester.goto("/awards/bulk");
  await requester.getByLabel("CSV file").setInputFiles({
    name: "limit.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id,token,amount,mode\n${customerId},GOLD,10,allowance\n`),
  });
  await requester.getByRole("button", { name: "Check file" }).click();
  await expect(requester.getByTestId("policy-remaining-GOLD")).toHaveText(
    "999995 of your 1000000 left today",
  );

  await requester.goto("/awards/new");
  await fillAward(requester, {
    customerId,
    mode: "Allowance",
    token: GOLD,
    contract: GOLD_DB,
    amount: "1000000",
  });
  await requester.getByRole("button", { name: "Review award" }).click();
  await expect(requester.getByTestId("policy-notice")).toContainText("Over your daily limit");
  await requester.getByRole("dialog").getByRole("button", { name: "Ask for approval" }).click();
  await expect(requester.getByTestId("award-outcome")).toHaveText(
    "Over your daily limit for GOLD: a manager may award 1000000 GOLD in 24 hours; 5 is used, 999995 remains, and this needs 1000000. Nothing was sent.",
  );
  expect(await totalOf(requester, customerId, "GOLD")).toBe("6");
});

test("an award over the threshold waits; its requester cannot approve it, not even by posting the action; another person approves it and it is sent once", async ({
  request,
  browser,
}) => {
  for (const amount of ["150000", "150001", "150002"]) {
    const customerId = await knownPlayer(request, "e2e-four-eyes");
    await requester.goto("/awards/new");
    await fillAward(requester, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount });
    const requestId = (await requester.getByTestId("request-id").textContent()) ?? "";
    await requester.getByRole("button", { name: "Review award" }).click();
    await expect(requester.getByTestId("policy-notice")).toContainText(
      `Needs approval: ${amount} GOLD is above 100000.`,
    );
    const dialog = requester.getByRole("dialog");
    await expect(dialog.getByTestId("review-player")).not.toHaveText("Checking the player…");
    await dialog.getByRole("button", { name: "Ask for approval" }).click();
    const outcome = requester.getByTestId("award-outcome");
    await expect(outcome).toContainText("Waiting for approval");
    const link = outcome.getByRole("link", { name: "See the request" });
    asked.push({ requestId, customerId, approvalUrl: (await link.getAttribute("href")) ?? "" });
  }
  const [first, second] = asked as [(typeof asked)[0], (typeof asked)[0]];

  // The requester's own request: no Approve, and the server refuses the action anyway.
  await requester.goto(first.approvalUrl);
  await expect(requester.getByTestId("approval-own")).toBeVisible();
  await expect(requester.getByRole("button", { name: "Approve and send" })).toHaveCount(0);

  await approver.goto("/approvals");
  await expect(approver.getByTestId("nav-count-approvals")).toBeVisible();
  await approver.goto(first.approvalUrl);
  await expect(approver.getByTestId("approval-lines")).toContainText("150,000");
  await expect(approver.getByTestId("approval-request-id")).toContainText(first.requestId);
  await approveOpen(approver);

  const ownId = Number(second.approvalUrl.split("/").pop());
  const fresh = await freshlySignedIn(browser, REQUESTER, requesterSecret);
  const direct = await fresh.context().request.post(second.approvalUrl, {
    headers: {
      "Next-Action": approveActionId,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
    },
    data: JSON.stringify([{ approvalId: ownId }]),
  });
  const body = await direct.text();
  expect(body).not.toContain('"ok":true');
  expect(body).toContain("You asked for this yourself: another manager or owner must decide it.");
  await fresh.context().close();

  // Sent once, with the RequestID it was written with; the timeline shows every step.
  await approver.goto(`/awards/${first.requestId}`);
  await expect(approver.getByTestId("award-status")).toContainText("Completed");
  const timeline = approver.getByTestId("award-timeline");
  await expect(timeline).toContainText("Approval requested");
  await expect(timeline).toContainText(`Approved · sending · ${APPROVER}`);
  await expect(timeline.getByText("Sent", { exact: true })).toHaveCount(1);
  expect(await totalOf(approver, first.customerId, "GOLD")).toBe("150001");
  expect(await totalOf(approver, second.customerId, "GOLD")).toBe("1");
});

test("a rejection needs a reason and sends nothing; the requester withdraws theirs; nothing is sent", async () => {
  const [, second, third] = asked as [unknown, (typeof asked)[0], (typeof asked)[0]];
  await approver.goto(second.approvalUrl);
  await approver.getByRole("button", { name: "Reject" }).click();
  const dialog = approver.getByTestId("reject-confirm");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toContainText("Reason: say why, for the person who asked");
  await dialog.getByLabel("Reason").fill("Wrong amount: the prize is 1500");
  await dialog.getByRole("button", { name: "Reject" }).click();
  const stepUp = approver.getByTestId("step-up-dialog");
  const rejected = approver.getByTestId("approval-step-rejected");
  await expect(stepUp.or(rejected)).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel("Authentication code").fill(await unusedTotpCode(approverSecret));
    await stepUp.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(rejected).toContainText("Wrong amount: the prize is 1500");

  await requester.goto(third.approvalUrl);
  await requester.getByRole("button", { name: "Withdraw" }).click();
  await requester.getByTestId("withdraw-confirm").getByRole("button", { name: "Withdraw" }).click();
  await expect(requester.getByTestId("approval-step-withdrawn")).toBeVisible();

  for (const [award, status] of [
    [second, "Rejected"],
    [third, "Withdrawn"],
  ] as const) {
    await requester.goto(`/awards/${award.requestId}`);
    await expect(requester.getByTestId("award-status")).toContainText(status);
    expect(await totalOf(requester, award.customerId, "GOLD")).toBe("1");
  }
});

test("a bulk batch over the threshold waits whole; approved, every row is sent once", async () => {
  const players = [player("e2e-batch-a"), player("e2e-batch-b"), player("e2e-batch-c")];
  await requester.goto("/awards/bulk");
  await requester.getByLabel("CSV file").setInputFiles({
    name: `four-eyes-${stamp}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(
      `customer_id,token,amount,mode\n${players.map((p) => `${p},GOLD,50000,allowance`).join("\n")}\n`,
    ),
  });
  await requester.getByRole("button", { name: "Check file" }).click();
  await expect(requester.getByTestId("policy-GOLD")).toContainText("needs approval");
  await requester.getByLabel("Reason").fill("E2E: season finals");
  await requester.getByLabel("Send to the new players too").check();
  await requester.getByRole("button", { name: "Ask for approval (3 awards)" }).click();
  const dialog = requester.getByRole("dialog", { name: "Ask for approval of this batch?" });
  await expect(dialog.getByTestId("confirm-waits")).toBeVisible();
  await dialog.getByRole("button", { name: "Ask for approval" }).click();
  await expect(requester.getByRole("heading", { level: 2, name: "Waiting for approval" })).toBeVisible();
  const batchUrl = requester.url();
  const approvalUrl =
    (await requester.getByTestId("approval-panel").getByRole("link").getAttribute("href")) ?? "";

  await approver.goto(approvalUrl);
  await expect(approver.getByTestId("approval-batch")).toContainText(`four-eyes-${stamp}.csv`);
  await expect(approver.getByRole("table", { name: "The batch's rows, as they will be sent" })).toContainText(
    players[0] as string,
  );
  await approveOpen(approver);

  await requester.goto(batchUrl);
  await expect(requester.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  await expect(requester.getByTestId("count-completed")).toHaveText("3");
  for (const customerId of players) expect(await totalOf(requester, customerId, "GOLD")).toBe("50000");
  finals.url = batchUrl;
  finals.players = players;
});

test("every step is in the audit log; the overview counts what waits", async ({ browser }) => {
  for (const kind of [
    "award.requested",
    "batch.requested",
    "approval.approved",
    "approval.rejected",
    "approval.withdrawn",
  ]) {
    const rows = await auditRowsOf(browser, kind);
    expect(
      rows.some((row) => row.actor === APPROVER || row.actor === REQUESTER),
      kind,
    ).toBe(true);
  }
  const sent = await auditRowsOf(browser, "award.sent");
  expect(
    sent.some(
      (row) =>
        row.actor === APPROVER &&
        /^Sent award to .* as approved in Approval request \d+ \(Award to /.test(row.summary),
    ),
  ).toBe(true);
  // The requester's own approval, posted straight to the action: refused, and one row says so.
  const refused = await auditRowsOf(browser, "award.refused");
  expect(
    refused.filter((row) => row.actor === REQUESTER && row.detail.reason === "self-approval"),
  ).toHaveLength(1);
  const batches = await auditRowsOf(browser, "batch.sent");
  expect(batches.some((row) => row.actor === APPROVER && row.summary.includes("as approved"))).toBe(true);
  const policy = await auditRowsOf(browser, "policy.changed");
  expect(
    policy.some((row) => row.summary.startsWith("Award policy for GOLD: Approval above none → 100000")),
  ).toBe(true);
  await approver.goto("/");
  await expect(approver.getByTestId("overview-approvals")).toBeVisible();
});

test("a reversal above the threshold waits for another person; one below it is done at once (docs/console.md, Reversals)", async ({
  browser,
}) => {
  const [first] = asked as [(typeof asked)[0]];
  const owner = await (await browser.newContext({ storageState: storageState("owner") })).newPage();
  await setReversalApproval(owner, /^Above a token's approval threshold/);
  await owner.context().close();
  const reverse = async (amount: string, reason: string) => {
    await requester.goto(`/awards/${first.requestId}`);
    const section = requester.getByRole("region", { name: "Reversals" });
    await section.getByLabel("Part of it").check();
    await section.getByLabel("GOLD to take back").fill(amount);
    await section.getByLabel("Reason").fill(reason);
    await section.getByRole("button", { name: "Review reversal…" }).click();
    const dialog = requester.getByRole("dialog");
    await expect(dialog).toContainText(`from ${first.customerId}'s allowance`);
    await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  // 5 GOLD is not above 100000: done at once.
  await reverse("5", "E2E: a small correction");
  await expect(requester.getByTestId("award-status")).toHaveText("Partly reversed");
  expect(await totalOf(requester, first.customerId, "GOLD")).toBe("149996");

  // 100,001 GOLD is: it waits, and nothing is taken back until another person approves.
  await reverse("100001", "E2E: ten times the amount");
  const listed = requester.getByTestId("award-reversals");
  await expect(listed).toContainText("Awaiting approval");
  const link = listed.getByRole("link", { name: "See the request" });
  const approvalUrl = (await link.getAttribute("href")) ?? "";
  expect(await totalOf(requester, first.customerId, "GOLD")).toBe("149996");

  // The requester cannot approve their own; another manager does, with a second factor.
  await requester.goto(approvalUrl);
  await expect(requester.getByTestId("approval-own")).toBeVisible();
  await approver.goto(approvalUrl);
  await expect(approver.getByTestId("approval-reversal")).toContainText("E2E: ten times the amount");
  await expect(approver.getByTestId("approval-lines")).toContainText("100,001");
  await expect(approver.getByTestId("approval-totals")).toContainText("threshold 100,000 GOLD");
  await approveOpen(approver);
  await expect(approver.getByTestId("approval-reversal-status")).toHaveText("Reversed");
  expect(await totalOf(approver, first.customerId, "GOLD")).toBe("49995");
  await approver.goto(`/awards/${first.requestId}`);
  await expect(approver.getByTestId("award-timeline")).toContainText(
    "Approved: sent with the ReversalID it was written with.",
  );
});

test("a batch reversal above the threshold waits whole for another person; approved, every row is reversed once", async () => {
  // The reversal policy is "above a token's approval threshold" since the test before.
  await requester.goto(finals.url);
  const section = requester.getByRole("region", { name: "Reverse this batch" });
  await section.getByRole("button", { name: "Dry run: what would be reversed" }).click();
  await expect(section.getByTestId("batch-reversal-plan")).toHaveText(
    "3 rows of 3 can be reversed: at most 150,000 GOLD comes back.",
  );
  await section.getByLabel("Reason").fill("E2E: the finals were cancelled");
  await section.getByRole("button", { name: "Reverse 3 rows…" }).click();
  await requester
    .getByRole("dialog", { name: "Reverse this batch?" })
    .getByRole("button", { name: "Reverse 3 rows" })
    .click();
  await expect(section.getByTestId("batch-reversal-status")).toHaveText(
    "Waiting for approval: nothing is taken back from the 3 rows until another manager or owner approves it.",
  );
  const approvalUrl =
    (await section.getByRole("link", { name: "See the request" }).getAttribute("href")) ?? "";
  for (const customerId of finals.players) expect(await totalOf(requester, customerId, "GOLD")).toBe("50000");

  await requester.goto(approvalUrl);
  await expect(requester.getByTestId("approval-own")).toBeVisible();
  await approver.goto(approvalUrl);
  await expect(approver.getByTestId("approval-batch-reversal")).toContainText(`four-eyes-${stamp}.csv`);
  await expect(approver.getByTestId("approval-totals")).toContainText("150,000 GOLD");
  await approveOpen(approver);

  await requester.goto(finals.url);
  await expect(section.getByTestId("batch-reversal-status")).toHaveText(
    "Reversal done: 3 of 3 rows answered.",
    { timeout: 30_000 },
  );
  for (const customerId of finals.players) expect(await totalOf(requester, customerId, "GOLD")).toBe("0");
});
