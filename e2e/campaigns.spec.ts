import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { ungroupDigits } from "../lib/format/grouped-decimal";
import { TEST_LIMITS } from "../testing/test-limits";
import { createUser, enrolTotp, passwordStep, SIGNED_OUT } from "./accounts";
import { NO_RULES, setPolicy } from "./policies";
import { storageState } from "./roles";
import { unusedTotpCode } from "./totp";

test.use({ storageState: storageState("manager") });

/** "2030-01-07T09:05": the minute `minutes` from now, in UTC, as a datetime-local field takes it. */
function minutesAhead(minutes: number): { field: string; at: Date } {
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  return { field: at.toISOString().slice(0, 16), at };
}

/** A list of `n` fresh players uploaded on the Campaigns page; their Customer IDs. */
async function uploadList(page: Page, name: string, n: number): Promise<string[]> {
  const players = Array.from({ length: n }, (_, i) => `${name.toLowerCase().replaceAll(" ", "-")}-${i + 1}`);
  await page.goto("/campaigns");
  const upload = page.getByRole("form", { name: "Upload a player list" });
  await upload.getByLabel("List name").fill(name);
  await upload.getByLabel("CSV file").setInputFiles({
    name: "players.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id\n${players.join("\n")}\n`),
  });
  await upload.getByRole("button", { name: "Upload list" }).click();
  await expect(page.getByText(`List "${name}" saved: ${n} players.`)).toBeVisible();
  return players;
}

/** A campaign's terms as the New campaign form takes them. */
interface CampaignTerms {
  name: string;
  list: string;
  reason: string;
  token: "GOLD" | "GEM";
  amount: string;
  repeats: "once" | "daily" | "weekly" | "monthly";
  first: string;
  timeZone: string;
}

/** Opens New campaign, fills it with `terms` and asks for the preview; the form. */
async function previewNewCampaign(page: Page, terms: CampaignTerms) {
  await page.goto("/campaigns/new");
  const form = page.getByRole("form", { name: "New campaign" });
  await form.getByLabel("Name").fill(terms.name);
  await form.getByLabel("Player list").selectOption({ label: terms.list });
  await form.getByLabel("Reason").fill(terms.reason);
  await form.getByLabel("Token 1").selectOption({ label: terms.token });
  await form.getByLabel("Amount 1").fill(terms.amount);
  await form.getByLabel("Repeats").selectOption(terms.repeats);
  await form.getByLabel("First occurrence").fill(terms.first);
  await form.getByLabel("Time zone").fill(terms.timeZone);
  await form.getByRole("button", { name: "Preview" }).click();
  return form;
}

/** Creates the previewed campaign (its preview saying `pays`) after the confirmation; its page's address. */
async function createPreviewed(page: Page, form: Locator, pays: string): Promise<string> {
  await expect(page.getByRole("region", { name: "Preview" })).toContainText(pays);
  await form.getByRole("button", { name: "Create campaign" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  return page.url();
}

async function goldOf(page: Page, customerId: string): Promise<string> {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const token = page.getByTestId("token-GOLD");
  return (await token.count()) === 0
    ? "0"
    : ungroupDigits((await token.getByTestId("token-total").textContent()) ?? "");
}

/**
 * A weekly campaign to a list of 20 players, end to end (docs/console.md, "Campaigns"): the list
 * uploaded, the campaign previewed and created, on the calendar; its first occurrence — a couple of
 * minutes ahead, run by the console's own job loop — pays every player once; paused, the next one
 * is marked as not running.
 */
test("a weekly campaign to 20 players: preview, calendar, the first occurrence pays each player once, pause", async ({
  page,
}) => {
  // The first occurrence is the next whole minute but two: the job loop runs it when it is due.
  test.setTimeout(3 * TEST_LIMITS.testMs);
  const tag = Date.now().toString(36);
  const players = Array.from({ length: 20 }, (_, i) => `camp-${tag}-${i + 1}`);
  await page.goto("/campaigns");
  const upload = page.getByRole("form", { name: "Upload a player list" });
  await upload.getByLabel("List name").fill(`Tournament ${tag}`);
  await upload.getByLabel("CSV file").setInputFiles({
    name: "players.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id\n${players.join("\n")}\n`),
  });
  await upload.getByRole("button", { name: "Upload list" }).click();
  await expect(page.getByText(`List "Tournament ${tag}" saved: 20 players.`)).toBeVisible();

  // A file with a player twice is refused with the line, and nothing is saved.
  await upload.getByLabel("List name").fill(`Twice ${tag}`);
  await upload.getByLabel("CSV file").setInputFiles({
    name: "twice.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("customer_id\na-1\na-1\n"),
  });
  await upload.getByRole("button", { name: "Upload list" }).click();
  await expect(upload.getByRole("alert")).toContainText("Line 3: customer_id: a-1 is on an earlier line");

  const start = minutesAhead(2);
  const form = await previewNewCampaign(page, {
    name: `Weekly ${tag}`,
    list: `Tournament ${tag} (20)`,
    reason: "Weekly tournament payout",
    token: "GOLD",
    amount: "3",
    repeats: "weekly",
    first: start.field,
    timeZone: "UTC",
  });
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Each occurrence pays 60 GOLD to 20 players");
  await expect(preview.getByRole("listitem")).toHaveCount(5);
  await expect(preview.getByRole("listitem").nth(1)).toContainText(
    new Date(start.at.getTime() + 7 * 86_400_000).toISOString().slice(0, 16).replace("T", " "),
  );
  await form.getByRole("button", { name: "Create campaign" }).click();
  const dialog = page.getByRole("dialog", { name: `Create campaign "Weekly ${tag}"?` });
  await expect(dialog).toContainText("Each occurrence pays 60 GOLD to 20 players");
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: `Weekly ${tag}` })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Next occurrences" }).getByRole("listitem")).toHaveCount(5);

  await page.goto("/campaigns");
  await expect(
    page
      .getByRole("region", { name: "Calendar" })
      .getByRole("link", { name: new RegExp(`Weekly ${tag}`) })
      .first(),
  ).toBeAttached();

  // The console's job loop runs it when due: occurrence 1 is sent as a batch.
  await page.goto(campaignUrl);
  const sofar = page.getByRole("region", { name: "Occurrences so far" });
  await expect(async () => {
    await page.reload();
    await expect(sofar.getByRole("listitem").first()).toContainText("Sent", { timeout: 2_000 });
  }).toPass({ timeout: 2 * TEST_LIMITS.testMs });
  await sofar.getByRole("link", { name: /^Batch \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Batch \d+$/ })).toBeVisible();
  // Live: the page follows the sender.
  await expect(page.getByTestId("count-completed")).toHaveText("20", { timeout: TEST_LIMITS.testMs });
  await expect(page.getByTestId("count-total")).toHaveText("20");
  // Every player got 3 GOLD, once.
  for (const player of [players[0], players[9], players[19]])
    expect(await goldOf(page, player as string)).toBe("3");

  await page.goto(campaignUrl);
  await page.getByRole("button", { name: "Pause" }).click();
  await page
    .getByRole("dialog", { name: `Pause campaign "Weekly ${tag}"?` })
    .getByRole("button", { name: "Pause" })
    .click();
  await expect(page.getByText(`Campaign "Weekly ${tag}" is paused.`)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Next occurrences" }).getByRole("listitem").first(),
  ).toContainText("paused: does not run");
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
});

test("a campaign over the token's approval threshold waits for another person; approved, it is active", async ({
  page,
  browser,
}: {
  page: Page;
  browser: Browser;
}) => {
  // A user made and given a second factor, a list, a campaign and an approval: many steps on a busy machine.
  test.setTimeout(3 * TEST_LIMITS.testMs);
  const tag = Date.now().toString(36);
  // The demo's sample GEM policy, which the suite's setup takes away (e2e/auth.setup.ts): this
  // worker's demo is this test's alone while it runs, and it is taken away again at the end.
  const owner = await (await browser.newContext({ storageState: storageState("owner") })).newPage();
  await setPolicy(owner, "GEM", { approvalAbove: "500", managerDailyLimit: "", ownerDailyLimit: "" });
  try {
    // The approver: another manager, with a second factor (approving asks for a fresh code).
    const email = `campaign-approver-${tag}@demo.test`;
    await createUser(browser, email, "manager", APPROVER_PASSWORD);
    const approver = await (await browser.newContext(SIGNED_OUT)).newPage();
    await passwordStep(approver, email, APPROVER_PASSWORD);
    // Signed in before the Account page is asked for: going on at once cut the sign-in short.
    await expect(approver.getByTestId("current-user")).toHaveText(`${email} · manager`);
    const { secret } = await enrolTotp(approver);
    await campaignOverThreshold(page, approver, secret, tag);
    await approver.context().close();
  } finally {
    await setPolicy(owner, "GEM", NO_RULES);
    await owner.context().close();
  }
});

const APPROVER_PASSWORD = "a long enough password";

async function campaignOverThreshold(page: Page, approver: Page, secret: string, tag: string) {
  await uploadList(page, `Finalists ${tag}`, 20);
  // 30 GEM to 20 players is 600 GEM an occurrence: above the demo's 500 GEM threshold.
  const form = await previewNewCampaign(page, {
    name: `Finals ${tag}`,
    list: `Finalists ${tag} (20)`,
    reason: "Season finals",
    token: "GEM",
    amount: "30",
    repeats: "monthly",
    first: minutesAhead(3 * 24 * 60).field,
    timeZone: "Europe/Berlin",
  });
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Each occurrence pays 600 GEM to 20 players");
  await expect(preview).toContainText("another manager or owner approves it once, for the whole schedule");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await page
    .getByRole("dialog", { name: `Create campaign "Finals ${tag}"?` })
    .getByRole("button", { name: "Create campaign" })
    .click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByText("Awaiting approval", { exact: true })).toBeVisible();
  const request = page.getByRole("link", { name: /^approval request \d+$/ });
  const approvalUrl = (await request.getAttribute("href")) as string;
  const campaignUrl = page.url();

  // Another person approves it, with a fresh code.
  await approver.goto(approvalUrl);
  await expect(approver.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(approver.getByTestId("approval-campaign")).toContainText(`Finals ${tag}`);
  await expect(approver.getByTestId("approval-campaign")).toContainText("20 players");
  await approver.getByRole("button", { name: "Approve and send" }).click();
  await approver.getByTestId("approve-confirm").getByRole("button", { name: "Approve and send" }).click();
  const stepUp = approver.getByTestId("step-up-dialog");
  const done = approver.getByTestId("approval-outcome");
  await expect(stepUp.or(done)).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel("Authentication code").fill(await unusedTotpCode(secret));
    await stepUp.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(done).toContainText("Open the campaign");
  await page.goto(campaignUrl);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
}

test("a list no campaign uses can be deleted after a confirmation; a used one offers no delete", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const name = `Spare ${tag}`;
  await uploadList(page, name, 3);
  const lists = page.getByRole("region", { name: "Player lists" });
  const spare = lists.getByRole("listitem").filter({ hasText: name });
  // The demo's list pays the demo's weekly campaign: it is kept as long as the campaign.
  const used = lists.getByRole("listitem").filter({ hasText: "Weekend regulars" });
  await expect(used).toContainText("used by 1 campaign");
  await expect(used.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await spare.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Delete player list "${name}"?`);
  await expect(dialog).toContainText("Its 3 players are removed");
  await dialog.getByRole("button", { name: "Delete list" }).click();
  await expect(page.getByText(`Player list "${name}" is deleted.`)).toBeVisible();
  await expect(spare).toHaveCount(0);
  await expect(used).toHaveCount(1);
});

test("editing a campaign's future occurrences: new terms and schedule after a confirmation", async ({
  page,
}) => {
  test.setTimeout(2 * TEST_LIMITS.testMs);
  const tag = Date.now().toString(36);
  await uploadList(page, `Editable ${tag}`, 4);
  // A day ahead: nothing runs while the test edits it.
  const start = minutesAhead(24 * 60);
  const form = await previewNewCampaign(page, {
    name: `Season ${tag}`,
    list: `Editable ${tag} (4)`,
    reason: "Season pass stipend",
    token: "GOLD",
    amount: "2",
    repeats: "weekly",
    first: start.field,
    timeZone: "UTC",
  });
  const campaignUrl = await createPreviewed(page, form, "Each occurrence pays 8 GOLD to 4 players");

  await page.getByRole("link", { name: "Edit future occurrences" }).click();
  const edit = page.getByRole("form", { name: "Edit campaign" });
  await expect(edit.getByLabel("Amount 1")).toHaveValue("2");
  await edit.getByLabel("Amount 1").fill("5");
  await edit.getByLabel("Repeats").selectOption("daily");
  await edit.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toContainText(
    "Each occurrence pays 20 GOLD to 4 players",
  );
  await edit.getByRole("button", { name: "Save future occurrences" }).click();
  const dialog = page.getByRole("dialog", { name: `Change the future occurrences of "Season ${tag}"?` });
  await expect(dialog).toContainText("Each occurrence pays 20 GOLD to 4 players");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  // The creation's toast may still show the same words: the page below shows the edit itself.
  await expect(page.getByText("Campaign saved: it runs on its schedule.").last()).toBeVisible();
  await expect(page).toHaveURL(campaignUrl);
  await expect(page.getByText("5 GOLD (", { exact: false })).toBeVisible();
  // Daily now: the second occurrence is a day after the first, each paying the new total.
  const next = page.getByRole("region", { name: "Next occurrences" }).getByRole("listitem");
  await expect(next).toHaveCount(5);
  await expect(next.nth(0)).toContainText(start.field.replace("T", " "));
  await expect(next.nth(1)).toContainText(
    new Date(start.at.getTime() + 86_400_000).toISOString().slice(0, 16).replace("T", " "),
  );
  await expect(next.nth(1)).toContainText("20 GOLD");
});

test("an occurrence held by a daily limit is sent by hand by an owner, once, after a confirmation", async ({
  page,
  browser,
}: {
  page: Page;
  browser: Browser;
}) => {
  // The job loop runs the occurrence a couple of minutes ahead, then the owner sends it.
  test.setTimeout(3 * TEST_LIMITS.testMs);
  const tag = Date.now().toString(36);
  const players = await uploadList(page, `Held ${tag}`, 2);
  const form = await previewNewCampaign(page, {
    name: `Held ${tag}`,
    list: `Held ${tag} (2)`,
    reason: "Compensation for a crashed match",
    token: "GEM",
    amount: "2",
    repeats: "once",
    first: minutesAhead(2).field,
    timeZone: "UTC",
  });
  const campaignUrl = await createPreviewed(page, form, "Each occurrence pays 4 GEM to 2 players");

  // A manager's daily limit of 3 GEM, set after the campaign was made: counted at send time, it
  // holds the occurrence whole. This worker's demo is this test's alone while it runs.
  const owner = await (await browser.newContext({ storageState: storageState("owner") })).newPage();
  await setPolicy(owner, "GEM", { approvalAbove: "", managerDailyLimit: "3", ownerDailyLimit: "" });
  try {
    const sofar = page.getByRole("region", { name: "Occurrences so far" });
    await expect(async () => {
      await page.reload();
      await expect(sofar.getByRole("listitem").first()).toContainText("Held", { timeout: 2_000 });
    }).toPass({ timeout: 2 * TEST_LIMITS.testMs });
    await expect(sofar).toContainText("Nothing of this occurrence was sent.");

    // The owner (no limit of their own) sends it now; it is then sent, and offers no second send.
    await owner.goto(campaignUrl);
    const theirs = owner.getByRole("region", { name: "Occurrences so far" });
    await theirs.getByRole("button", { name: "Send now" }).click();
    const dialog = owner.getByRole("dialog", { name: `Send held occurrence 1 of "Held ${tag}" now?` });
    await expect(dialog).toContainText("counts against your own daily limit");
    await dialog.getByRole("button", { name: "Send now" }).click();
    await expect(owner.getByText(/Occurrence 1 of "Held .*" is being sent as batch \d+\./)).toBeVisible();
    await expect(theirs.getByRole("listitem").first()).toContainText("Sent");
    await expect(theirs).toContainText("Sent by hand by owner@demo.test");
    await expect(theirs.getByRole("button", { name: "Send now" })).toHaveCount(0);
    await theirs.getByRole("link", { name: /^Batch \d+$/ }).click();
    await expect(owner.getByTestId("count-completed")).toHaveText("2", { timeout: TEST_LIMITS.testMs });
    await owner.goto(`/players/${encodeURIComponent(players[0] as string)}`);
    await expect(owner.getByTestId("token-GEM").getByTestId("token-total")).toHaveText("2");
  } finally {
    await setPolicy(owner, "GEM", NO_RULES);
    await owner.context().close();
  }
});
