import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { fromUnits, toUnits } from "../lib/contract/decimal";
import { groupDigits, ungroupDigits } from "../lib/format/grouped-decimal";
import { auditRowsOf } from "./audit";
import { GEM_DB, knownPlayer, player } from "./award-form";
import { seriousViolations } from "./axe";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { PROXIED_BASE_URL, PROXY_URL, SPEC_ONLY_BASE_URL } from "./servers";

test.use({ storageState: storageState("manager") });

const HEADER = "customer_id;token;contract;amount;mode;wallet;mintable";

function upload(page: Page, name: string, text: string) {
  return page
    .getByLabel("CSV file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
}

/** Send batch opens the confirmation dialog; its own Send batch button sends. */
async function confirmSend(page: Page, rows: number) {
  await page.getByRole("button", { name: `Send batch (${rows} award${rows === 1 ? "" : "s"})` }).click();
  const dialog = page.getByRole("dialog", { name: "Send this batch?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send batch" }).click();
  return dialog;
}

async function totalOf(page: Page, customerId: string, symbol: string) {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const token = page.getByTestId(`token-${symbol}`);
  return (await token.count()) === 0
    ? "0"
    : ungroupDigits((await token.getByTestId("token-total").textContent()) ?? "");
}

test("the page names each column's allowed values; the template it offers checks clean as it is", async ({
  page,
}) => {
  await page.goto("/awards/bulk");
  const guide = page.getByTestId("file-guide");
  // The project's own symbols and chains, not a generic list.
  await expect(guide.getByRole("row", { name: /^token/ })).toContainText("GOLD, GEM, SHARD");
  await expect(guide.getByRole("row", { name: /^contract/ })).toContainText("Polygon");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download template" }).click();
  const file = await download;
  const text = await readFile((await file.path()) as string, "utf8");
  expect(text.split("\r\n")[0]).toBe("customer_id,token,contract,amount,mode,wallet,mintable");
  await upload(page, "template.csv", text);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toContainText("2 rows, 2 players, 0 with errors");
  // The first rows as they will be sent: every column read as meant.
  await expect(page.getByTestId("preview-2")).toContainText(/2\s*player-1\s*GOLD on DB\s*25\s*Allowance/);
  await expect(page.getByTestId("preview-3")).toContainText(/3\s*player-2\s*GOLD on DB\s*0\.5\s*Direct/);
});

test("a file with bad rows is refused with reasons; fixed, it is sent once; the same file again changes no balance", async ({
  page,
}) => {
  const [a, b, c] = [player("e2e-bulk-a"), player("e2e-bulk-b"), player("e2e-bulk-c")];
  const good = [
    `${a};GOLD;;10.5;allowance;;`,
    `${b};GOLD;DB;0.000000000000000001;allowance;;true`,
    `"${c}";GEM;${GEM_DB};1.25;direct;db-wallet-${c};`,
  ];
  const bad = `\uFEFF${[HEADER, good[0], `${b};NOPE;;1;allowance;;`, `${c};GOLD;;1,5;allowance;;`, `${a};GEM;DB;1;direct;;`].join("\r\n")}\r\n`;

  await page.goto("/awards");
  await page.getByRole("main").getByRole("link", { name: "Bulk awards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk awards" })).toBeVisible();

  await upload(page, "prizes.csv", bad);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("4 rows, 1 player, 3 with errors.");
  const errors = page.getByTestId("dry-run-errors");
  await expect(errors).toContainText('Line 3: token: "NOPE" is not a token of this project');
  await expect(errors).toContainText("Line 4: amount: must use a point for decimals, not a comma");
  await expect(errors).toContainText("Line 5: wallet: is required for a direct distribution");
  await expect(page.getByRole("button", { name: /^Send batch/ })).toHaveCount(0);
  await expect(page.getByTestId("new-player-count")).toHaveText("1 player is new: no tokens or items yet.");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download error and warning rows" }).click();
  const errorFile = await readFile((await (await download).path()) as string, "utf8");
  expect(errorFile.split("\r\n")[0]).toBe(
    "line,kind,customer_id,token,contract,amount,mode,wallet,mintable,problems",
  );
  expect(errorFile).toContain(
    `2,warning,${a},GOLD,,10.5,allowance,,,customer_id: new player: no tokens or items yet`,
  );
  expect(errorFile).toContain(
    `4,error,${c},GOLD,,"1,5",allowance,,,"amount: must use a point for decimals, not a comma"`,
  );

  // The fixed file: checked, summarised exactly, sent by the server.
  const fixed = `${[HEADER, ...good].join("\n")}\n`;
  await upload(page, "prizes-fixed.csv", fixed);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("3 rows, 3 players, 0 with errors.");
  await expect(page.getByTestId("dry-run")).toContainText(
    /GOLD\s*DB\s*Allowance\s*2\s*10\.500000000000000001/,
  );
  await expect(page.getByTestId("new-player-count")).toHaveText("3 players are new: no tokens or items yet.");
  await expect(page.getByTestId("dry-run-funds")).toContainText("The project wallet covers the direct row.");
  const sendButton = page.getByRole("button", { name: "Send batch (3 awards)" });
  await expect(sendButton).toBeDisabled();
  await page.getByLabel("Send to the new players too").check();
  await sendButton.click();
  await expect(page.locator("#bulk-reason-error")).toHaveText(
    "is required: say why (kept in the award trail)",
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByLabel("Reason").fill("E2E: spring tournament");
  // The one confirmation dialog names the file, the rows, the players, the new ones and the exact totals.
  await sendButton.click();
  const dialog = page.getByRole("dialog", { name: "Send this batch?" });
  await expect(dialog.getByTestId("confirm-file")).toHaveText("prizes-fixed.csv");
  await expect(dialog.getByTestId("confirm-rows")).toHaveText("3 awards");
  await expect(dialog.getByTestId("confirm-players")).toHaveText(
    "3 (3 players are new: no tokens or items yet)",
  );
  await expect(dialog).toContainText(/GOLD\s*DB\s*Allowance\s*2\s*10\.500000000000000001/);
  await expect(dialog).toContainText(/GEM\s*DB\s*Direct\s*1\s*1\.25/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await confirmSend(page, 3);
  await expect(page).toHaveURL(/\/awards\/bulk\/\d+$/);
  const batchUrl = page.url();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  await expect(page.getByTestId("count-completed")).toHaveText("3");
  await expect(page.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute(
    "aria-valuenow",
    "3",
  );

  // The batch page lists its rows, in file order, filterable by status.
  const batchRows = page.getByRole("region", { name: "Rows" }).locator("tbody tr");
  await expect(batchRows).toHaveCount(3);
  await expect(batchRows.first()).toContainText(a);
  await expect(page.getByTestId("awards-count")).toHaveText("3 awards");
  await page.goto(`${batchUrl}?status=failed`);
  await expect(page.getByRole("region", { name: "Rows" })).toContainText("No awards match the filter.");
  await page.goto(batchUrl);

  const results = await page.request.get(`${batchUrl}/results.csv`);
  expect(results.headers()["content-type"]).toContain("text/csv");
  const resultRows = (await results.text()).trim().split("\r\n");
  expect(resultRows).toHaveLength(4);
  expect(resultRows[1]).toMatch(new RegExp(`^2,${a},.*,10\\.5,allowance,,false,[0-9a-f-]{36},completed,$`));

  const before = {
    a: await totalOf(page, a, "GOLD"),
    b: await totalOf(page, b, "GOLD"),
    c: await totalOf(page, c, "GEM"),
  };
  expect(before).toEqual({ a: "10.5", b: "0.000000000000000001", c: "1.25" });

  // The same file again: the dry run says so, sending it opens the same batch, nobody is paid twice.
  await page.goto("/awards/bulk");
  await upload(page, "prizes-fixed.csv", fixed);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run")).toContainText("This exact file was sent before");
  // Paid once, they are players now: no new-player confirmation is asked.
  await expect(page.getByTestId("dry-run-new-players")).toHaveCount(0);
  await page.getByLabel("Reason").fill("E2E: sent again by mistake");
  await confirmSend(page, 3);
  await expect(page).toHaveURL(batchUrl);
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  expect({
    a: await totalOf(page, a, "GOLD"),
    b: await totalOf(page, b, "GOLD"),
    c: await totalOf(page, c, "GEM"),
  }).toEqual(before);
});

test("an edited file that repeats recent awards and its own rows needs both confirmations", async ({
  page,
}) => {
  const a = player("e2e-bulk-repeat");
  await page.goto("/awards/bulk");
  await upload(page, "first.csv", `customer_id,token,amount,mode\n${a},GOLD,2,allowance\n`);
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByLabel("Reason").fill("E2E: first");
  await page.getByLabel("Send to the new players too").check();
  await confirmSend(page, 1);
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();

  await page.goto("/awards/bulk");
  await upload(
    page,
    "second.csv",
    `customer_id,token,amount,mode\n${a},GOLD,2,allowance\n${a},GOLD,2.0,allowance\n`,
  );
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-repeated")).toHaveText("Line 3 repeats line 2");
  await expect(page.getByTestId("dry-run-recent")).toContainText("Line 2 repeats award");
  await page.getByLabel("Reason").fill("E2E: second");
  const sendButton = page.getByRole("button", { name: "Send batch (2 awards)" });
  await expect(sendButton).toBeDisabled();
  await page.getByLabel("Send the repeated rows too").check();
  await expect(sendButton).toBeDisabled();
  await page.getByLabel("Send rows that repeat recent awards").check();
  await expect(sendButton).toBeEnabled();
  await expect(page.getByTestId("dry-run-new-players")).toHaveCount(0);
});

test("a row whose answer was lost ends 'outcome unknown'; Retry failed rows pays it exactly once", async ({
  page,
  browser,
  request,
}) => {
  const name = "Starfall via lossy proxy (bulk)";
  const connection = await addConnection(browser, name, PROXIED_BASE_URL);
  const [a, b] = [player("e2e-bulk-lost-a"), player("e2e-bulk-lost-b")];
  try {
    await page.goto("/awards/bulk");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await upload(
      page,
      "lossy.csv",
      `customer_id,token,amount,mode\n${a},GOLD,4.25,allowance\n${b},GOLD,4.25,allowance\n`,
    );
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByLabel("Reason").fill("E2E: lost answer in a batch");
    await page.getByLabel("Send to the new players too").check();
    expect((await request.post(`${PROXY_URL}/__drop-next-award`)).status()).toBe(204);
    await confirmSend(page, 2);
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
    await expect(page.getByTestId("count-unknown")).toHaveText("1");
    await expect(page.getByTestId("count-completed")).toHaveText("1");

    // Retry goes through the one confirmation dialog too; Cancel sends nothing.
    await page.getByRole("button", { name: "Retry failed rows (1)" }).click();
    const retry = page.getByRole("dialog", { name: /^Retry 1 row of batch \d+\?$/ });
    await expect(retry).toBeVisible();
    await retry.getByRole("button", { name: "Cancel" }).click();
    await expect(retry).toBeHidden();
    await expect(page.getByTestId("count-unknown")).toHaveText("1");
    await page.getByRole("button", { name: "Retry failed rows (1)" }).click();
    await retry.getByRole("button", { name: "Retry rows" }).click();
    await expect(page.getByTestId("count-completed")).toHaveText("2");
    await expect(page.getByRole("button", { name: /Retry failed rows/ })).toHaveCount(0);
    // The lost row had been paid; its retry (same RequestID) paid nothing more.
    expect([await totalOf(page, a, "GOLD"), await totalOf(page, b, "GOLD")]).toEqual(["4.25", "4.25"]);
    // The audit log has the batch and its retry, by the manager, in this project.
    const batch = (await auditRowsOf(browser, "batch.sent")).find(
      (row) => row.detail.fileName === "lossy.csv",
    );
    expect(batch).toMatchObject({
      actor: "manager@demo.test",
      project: name,
      summary: expect.stringMatching(/^Sent bulk file lossy\.csv as batch \d+$/),
    });
    const retried = (await auditRowsOf(browser, "batch.rows-retried")).find(
      (row) => row.detail.batchId === batch?.detail.batchId,
    );
    expect(retried).toMatchObject({ actor: "manager@demo.test", project: name, detail: { requeued: 1 } });
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});

test("a Customer ID with spaces around it is sent without them: the award goes to the known player", async ({
  page,
  request,
}) => {
  const known = await knownPlayer(request, "e2e-bulk-trim");
  const before = await totalOf(page, known, "GOLD");
  // A unique amount makes a file of its own (another SHA-256) on every run.
  const amount = `0.${Date.now()}`;
  await page.goto("/awards/bulk");
  await upload(page, "trim.csv", `customer_id,token,amount,mode\n" ${known} ",GOLD,${amount},allowance\n`);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("1 row, 1 player, 0 with errors.");
  // The player holds tokens: with the spaces it would have been a new player nobody logs in as.
  await expect(page.getByTestId("dry-run-new-players")).toHaveCount(0);
  await page.getByLabel("Reason").fill("E2E: pasted with spaces");
  await confirmSend(page, 1);
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  await expect(page.getByTestId("count-completed")).toHaveText("1");

  const results = (await (await page.request.get(`${page.url()}/results.csv`)).text()).trim().split("\r\n");
  expect(results[1]?.startsWith(`2,${known},`)).toBe(true);
  const requestId = /,([0-9a-f-]{36}),completed,/.exec(results[1] ?? "")?.[1] ?? "";
  await page.goto(`/awards/${requestId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Award to ${known}`);
  expect(await totalOf(page, known, "GOLD")).toBe(fromUnits(toUnits(before) + toUnits(amount)));
});

test("a file with a brand-new player says so, lists it in the warning file, and is sent only once that is confirmed", async ({
  page,
  request,
}) => {
  const known = await knownPlayer(request, "e2e-bulk-known");
  const fresh = player("e2e-bulk-brand-new");
  await page.goto("/awards/bulk");
  await upload(
    page,
    "new-player.csv",
    `customer_id,token,amount,mode\n${known},GOLD,1,allowance\n${fresh},GOLD,1,allowance\n`,
  );
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("2 rows, 2 players, 0 with errors.");
  const warning = page.getByTestId("dry-run-new-players");
  await expect(warning.getByTestId("new-player-count")).toHaveText(
    "1 player is new: no tokens or items yet.",
  );
  await expect(warning.getByRole("list", { name: "New players" }).getByRole("listitem")).toHaveText([fresh]);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download error and warning rows" }).click();
  const file = (await readFile((await (await download).path()) as string, "utf8")).split("\r\n");
  expect(file.slice(1)).toEqual([
    `3,warning,${fresh},GOLD,,1,allowance,,,customer_id: new player: no tokens or items yet`,
    "",
  ]);

  await page.getByLabel("Reason").fill("E2E: a new player");
  const sendButton = page.getByRole("button", { name: "Send batch (2 awards)" });
  await expect(sendButton).toBeDisabled();
  await page.getByLabel("Send to the new players too").check();
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
  const dialog = page.getByRole("dialog", { name: "Send this batch?" });
  await expect(dialog.getByTestId("confirm-players")).toHaveText(
    "2 (1 player is new: no tokens or items yet)",
  );
  await dialog.getByRole("button", { name: "Send batch" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  expect(await totalOf(page, fresh, "GOLD")).toBe("1");
});

test("the dry run compares direct rows with the project wallet: rows that will wait and the top-up that clears them", async ({
  page,
  browser,
}) => {
  // What the wallet holds and already owes the queue now (other specs may have moved it).
  await page.goto("/wallet");
  const shard = page.getByTestId("wallet-SHARD-Polygon");
  const balance = ungroupDigits((await shard.getByTestId("wallet-balance").textContent()) ?? "");
  const queued = ungroupDigits((await shard.getByTestId("wallet-queued").textContent()) ?? "");
  const amount = fromUnits(toUnits(balance) + toUnits("777.000000000000000001"));
  const wallet = "0x8617e340b3d01fa5f11f306f4090fd50e238070d";
  const a = player("e2e-bulk-funds");
  const text = `customer_id,token,contract,amount,mode,wallet\n${a},SHARD,Polygon,${amount},direct,${wallet}\n${a},GOLD,,1,direct,db-wallet-${a}\n${a},GOLD,,1,allowance,\n`;

  await page.goto("/awards/bulk");
  await upload(page, "funds.csv", text);
  await page.getByRole("button", { name: "Check file" }).click();
  const funds = page.getByTestId("dry-run-funds");
  await expect(funds).toContainText("1 of 2 direct rows will wait in the queue for project funds.");
  await expect(funds.getByTestId("funds-SHARD-Polygon").getByTestId("funds-top-up")).toHaveText(
    `top up ${groupDigits(fromUnits(toUnits(queued) + toUnits(amount) - toUnits(balance)))} SHARD`,
  );
  await expect(funds.getByTestId("funds-GOLD-DB").getByTestId("funds-top-up")).toHaveText("none");
  // The warnings (new player, funds) and the confirmation dialog stay accessible.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Send to the new players too").check();
  await page.getByLabel("Reason").fill("E2E: more than the wallet holds");
  await page.getByRole("button", { name: "Send batch (3 awards)" }).click();
  await expect(page.getByRole("dialog", { name: "Send this batch?" })).toContainText(
    "1 of 2 direct rows will wait in the queue for project funds.",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // A service without the Wallet extension: the dry run says funds cannot be checked.
  const name = "Starfall, spec only (bulk)";
  const connection = await addConnection(browser, name, SPEC_ONLY_BASE_URL);
  try {
    await page.goto("/awards/bulk");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await upload(page, "funds.csv", text);
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("dry-run-funds")).toContainText(
      "Funds cannot be checked: this project's service has no project wallet (the Wallet extension).",
    );
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});

test.describe("support", () => {
  test.use({ storageState: storageState("support") });
  test("may not upload", async ({ page }) => {
    await page.goto("/awards/bulk");
    await expect(page).toHaveURL(/\/not-allowed\?need=awards%3Asend$/);
  });
});
