import { expect, type Page, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { auditRowsOf } from "./audit";
import { knownPlayer } from "./award-form";
import { recordResponses, type SeenResponse } from "./response-bodies";
import { type RoleName, storageState } from "./roles";
import { SLOW_BASE_URL } from "./servers";

/**
 * Developers → Keys and Requests (docs/console.md, "Keys and Requests"), through the browser
 * against the demo's service: an owner makes a key, gives it to a new connection, rolls that
 * connection's own key while a bulk batch runs through it (every row paid once), revokes the old
 * key, and follows an award to what the service saw. Every response any browser received is
 * searched for key-shaped text: the one secret a browser may see is the new key's, in the answer
 * to the owner who made it.
 */

const CONNECTION = "Starfall via a console key (keys e2e)";
const ROWS = 200;
/** What a service key looks like (service/domain/keys.ts): gcc_ and 43 base64url characters. */
const KEY_SHAPE = /gcc_[A-Za-z0-9_-]{43}/g;

async function chooseProject(page: Page, label: string) {
  await page.goto("/developers/keys");
  await page.getByLabel("Project", { exact: true }).selectOption({ label });
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(
    label === "Starfall Arena (demo)" ? "env" : /^db:/,
  );
  // The switcher is disabled until the server has the choice and the page is refreshed.
  await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
}

/** The Keys page's row of a key, by its name. */
const keyRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("an owner makes a key, rolls the console's own key during a running batch, revokes the old one, and reads the log", async ({
  browser,
  request,
}) => {
  // Two hundred awards at half a second each through the slow proxy, plus the pages: three
  // times the limit of one test.
  test.setTimeout(3 * TEST_LIMITS.testMs);
  const seen: SeenResponse[] = [];
  const owner = await browser.newContext({ storageState: storageState("owner") });
  await recordResponses(owner, seen);
  const page = await owner.newPage();
  const run = Date.now().toString(36);
  const consoleKeyName = `Console key ${run}`;

  // 1. A key for a console connection, made on the demo connection's Keys page, every scope.
  await page.goto("/developers/keys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API keys");
  const demoKey = keyRow(page, "This console's key");
  await expect(demoKey).toHaveCount(1);
  await page.getByLabel("Name").fill(consoleKeyName);
  await page.getByRole("checkbox", { name: /^Fund/ }).check();
  await page.getByRole("checkbox", { name: /^Keys/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByTestId("new-secret-dialog");
  await expect(dialog).toContainText("You will not see it again");
  const secret = ((await dialog.getByTestId("new-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^gcc_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(keyRow(page, consoleKeyName)).toContainText(/read\s*award\s*fund\s*keys/);

  // 2. A stored connection with it, through the proxy that answers each award half a second late.
  await page.goto("/settings/connections");
  await page.getByLabel("Name").fill(CONNECTION);
  await page.getByLabel("Base URL").fill(SLOW_BASE_URL);
  await page.getByLabel("Project GUID").fill("7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b");
  await page.getByLabel("API key").fill(secret);
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByTestId(`connection-${CONNECTION}`)).toBeVisible();

  try {
    await chooseProject(page, CONNECTION);
    await expect(keyRow(page, consoleKeyName)).toContainText("This console's key");

    // 3. A batch of 200 allowances to one known player, each amount different.
    const known = await knownPlayer(request, `e2e-keys-${run}`);
    const amounts = Array.from({ length: ROWS }, (_, i) => `1.${String(i + 1).padStart(3, "0")}`);
    await page.goto("/awards/bulk");
    await page.getByLabel("CSV file").setInputFiles({
      name: "keys.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `customer_id,token,amount,mode\n${amounts.map((a) => `${known},GOLD,${a},allowance`).join("\n")}\n`,
      ),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByLabel("Reason").fill("E2E: roll during a batch");
    await page.getByRole("button", { name: `Send batch (${ROWS} awards)` }).click();
    await page
      .getByRole("dialog", { name: "Send this batch?" })
      .getByRole("button", { name: "Send batch" })
      .click();
    await page.waitForURL(/\/awards\/bulk\/\d+$/);
    const batchUrl = page.url();

    // 4. Rolled while it runs: the connection switches to the new key at once, and no browser sees it.
    const keys = await owner.newPage();
    await keys.goto("/developers/keys");
    const row = keyRow(keys, consoleKeyName).filter({ hasText: "This console's key" });
    await row.getByRole("button", { name: `Roll ${consoleKeyName}` }).click();
    const roll = keys.getByRole("alertdialog").or(keys.getByRole("dialog"));
    await expect(roll).toContainText("the console switches to the new key at once");
    await roll.getByLabel("1 hour").check();
    await roll.getByRole("button", { name: "Roll key" }).click();
    await expect(keys.getByTestId("key-notice")).toContainText(
      "This console now calls the service with the new key",
    );
    // The time as every other time of the console reads ("Dec 7, 2026, 14:05 UTC"), not raw ISO.
    await expect(keys.getByTestId("key-notice")).toContainText(
      /works until \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} /,
    );
    await expect(keys.getByTestId("key-notice")).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await expect(keys.getByTestId("new-secret-dialog")).toHaveCount(0);
    // The page shows the roll without a reload: the action's answer re-renders it (docs/console.md, "Forms").
    await expect(keyRow(keys, consoleKeyName).filter({ hasText: "Rolled" })).toHaveCount(1);
    // Still running after the roll: the batch goes on with the new key.
    await page.goto(batchUrl);
    const completedAtRoll = Number((await page.getByTestId("count-completed").textContent()) ?? "0");
    expect(completedAtRoll).toBeLessThan(ROWS);

    // 5. The old key revoked at once (it was in its grace period): the rows still to send go with the new one.
    await keys.reload();
    const rolled = keyRow(keys, consoleKeyName).filter({ hasText: "Rolled" });
    await expect(rolled).toHaveCount(1);
    await rolled.getByRole("button", { name: `Revoke ${consoleKeyName}` }).click();
    const revoke = keys.getByRole("alertdialog").or(keys.getByRole("dialog"));
    await revoke.getByRole("button", { name: "Revoke key" }).click();
    await expect(keys.getByTestId("key-notice")).toContainText("revoked");
    // Shown at once, without a reload; and the same after one.
    await expect(keyRow(keys, consoleKeyName).filter({ hasText: "Replaced" })).toHaveCount(1);
    await keys.reload();
    // Rolled, then ended: "Replaced" (it has a successor), not "Revoked".
    await expect(keyRow(keys, consoleKeyName).filter({ hasText: "Replaced" })).toHaveCount(1);
    await expect(keyRow(keys, consoleKeyName).filter({ hasText: "This console's key" })).toContainText(
      "Live",
    );

    // 6. Every row paid exactly once: done, none failed, and the player holds 1 + the file's total.
    await page.goto(batchUrl);
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible({
      timeout: TEST_LIMITS.testMs,
    });
    await expect(page.getByTestId("count-completed")).toHaveText(String(ROWS));
    const thousandths = amounts.reduce((sum, a) => sum + BigInt(a.replace(".", "")), 1000n);
    const expected = `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, "0")}`.replace(
      /\.?0+$/,
      "",
    );
    await page.goto(`/players/${encodeURIComponent(known)}`);
    await expect(page.getByTestId("token-GOLD").getByTestId("token-total")).toHaveText(expected);

    // 7. From one row's award to what the service saw of it.
    await page.goto(`/awards?customer=${encodeURIComponent(known)}`);
    await page.getByTestId("award-link").first().click();
    await page.getByRole("link", { name: "What the service saw" }).click();
    await expect(page).toHaveURL(/\/developers\/requests\?RequestID=/);
    const log = page.getByRole("table");
    await expect(
      log.getByRole("row").filter({ hasText: "/AwardTokens" }).filter({ hasText: "200" }).first(),
    ).toBeVisible();
    await page
      .getByRole("button", { name: /^Details of POST \/AwardTokens/ })
      .first()
      .click();
    const detail = page.getByTestId("request-detail");
    await expect(detail).toContainText(known);
    await expect(detail).toContainText("It never logs the key or the raw path.");
  } finally {
    await chooseProject(page, "Starfall Arena (demo)");
    await page.goto("/settings/connections");
    await page.getByRole("button", { name: `Delete connection ${CONNECTION}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
    await expect(page.getByTestId(`connection-${CONNECTION}`)).toHaveCount(0);
  }

  // 8. The other roles' pages, recorded too: support reads the log, and a manager has neither page.
  for (const role of ["manager", "support"] as RoleName[]) {
    const context = await browser.newContext({ storageState: storageState(role) });
    await recordResponses(context, seen);
    const other = await context.newPage();
    await other.goto("/developers/requests");
    if (role === "support") await expect(other.getByRole("heading", { level: 1 })).toHaveText("Requests");
    else await expect(other).toHaveURL(/\/not-allowed\?need=requests%3Aread$/);
    await other.goto("/developers/keys");
    await expect(other).toHaveURL(/\/not-allowed\?need=keys%3Amanage$/);
    await context.close();
  }

  // Each act is in the audit log, by the owner, never with a secret.
  const acts = await Promise.all(
    ["key.created", "key.rolled", "key.revoked"].map((kind) => auditRowsOf(browser, kind)),
  );
  for (const rows of acts) {
    const mine = rows.filter((row) => row.summary.includes(consoleKeyName));
    expect(mine.map((row) => row.actor)).toEqual(["owner@demo.test"]);
    expect(JSON.stringify(mine)).not.toMatch(KEY_SHAPE);
  }
  expect(acts[1]?.find((row) => row.summary.includes(consoleKeyName))?.summary).toContain(
    "this console now calls with the new key",
  );

  // The made key's secret reached one response, the answer to its owner's request; no other
  // key-shaped text reached any browser (the rolled console key's new secret above all).
  const holding = seen.filter((s) => s.body.includes(secret));
  expect(holding.map((s) => [s.action, new URL(s.url).pathname])).toEqual([[true, "/developers/keys"]]);
  const others = seen
    .flatMap((s) => [...s.body.matchAll(KEY_SHAPE)].map((m) => m[0]))
    .filter((k) => k !== secret);
  expect(others).toEqual([]);
  await owner.close();
});
