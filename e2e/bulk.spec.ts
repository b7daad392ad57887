import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { GEM_DB, player } from "./award-form";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { PROXIED_BASE_URL, PROXY_URL } from "./servers";

test.use({ storageState: storageState("manager") });

const HEADER = "customer_id;token;contract;amount;mode;wallet;mintable";

function upload(page: Page, name: string, text: string) {
  return page
    .getByLabel("CSV file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
}

async function totalOf(page: Page, customerId: string, symbol: string) {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const token = page.getByTestId(`token-${symbol}`);
  return (await token.count()) === 0 ? "0" : ((await token.getByTestId("token-total").textContent()) ?? "");
}

test("a file with bad rows is refused with reasons; fixed, it is sent once; the same file again changes no balance", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [a, b, c] = [player("e2e-bulk-a"), player("e2e-bulk-b"), player("e2e-bulk-c")];
  const good = [
    `${a};GOLD;;10.5;allowance;;`,
    `${b};GOLD;DB;0.000000000000000001;allowance;;true`,
    `"${c}";GEM;${GEM_DB};1.25;direct;db-wallet-${c};`,
  ];
  const bad = `\uFEFF${[HEADER, good[0], `${b};NOPE;;1;allowance;;`, `${c};GOLD;;1,5;allowance;;`, `${a};GEM;DB;1;direct;;`].join("\r\n")}\r\n`;

  await page.goto("/awards");
  await page.getByRole("link", { name: "Bulk awards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk awards" })).toBeVisible();

  await upload(page, "prizes.csv", bad);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("4 rows, 1 player, 3 with errors.");
  const errors = page.getByTestId("dry-run-errors");
  await expect(errors).toContainText('Line 3: token: "NOPE" is not a token of this project');
  await expect(errors).toContainText("Line 4: amount: must use a point for decimals, not a comma");
  await expect(errors).toContainText("Line 5: wallet: is required for a direct distribution");
  await expect(page.getByRole("button", { name: /^Send batch/ })).toHaveCount(0);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download error rows" }).click();
  const errorFile = await readFile((await (await download).path()) as string, "utf8");
  expect(errorFile.split("\r\n")[0]).toBe(
    "line,customer_id,token,contract,amount,mode,wallet,mintable,problems",
  );
  expect(errorFile).toContain(
    `4,${c},GOLD,,"1,5",allowance,,,"amount: must use a point for decimals, not a comma"`,
  );

  // The fixed file: checked, summarised exactly, sent by the server.
  const fixed = `${[HEADER, ...good].join("\n")}\n`;
  await upload(page, "prizes-fixed.csv", fixed);
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("dry-run-summary")).toHaveText("3 rows, 3 players, 0 with errors.");
  await expect(page.getByTestId("dry-run")).toContainText(
    /GOLD\s*DB\s*Allowance\s*2\s*10\.500000000000000001/,
  );
  await page.getByRole("button", { name: "Send batch (3 awards)" }).click();
  await expect(page.locator("#bulk-reason-error")).toHaveText(
    "is required: say why (kept in the award trail)",
  );
  await page.getByLabel("Reason").fill("E2E: spring tournament");
  await page.getByRole("button", { name: "Send batch (3 awards)" }).click();
  await expect(page).toHaveURL(/\/awards\/bulk\/\d+$/);
  const batchUrl = page.url();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("count-completed")).toHaveText("3");
  await expect(page.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute(
    "aria-valuenow",
    "3",
  );

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
  await page.getByLabel("Reason").fill("E2E: sent again by mistake");
  await page.getByRole("button", { name: "Send batch (3 awards)" }).click();
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
  await page.getByRole("button", { name: "Send batch (1 award)" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible({ timeout: 20_000 });

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
});

test("a row whose answer was lost ends 'outcome unknown'; Retry failed rows pays it exactly once", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const name = "Starfall via lossy proxy (bulk)";
  const connection = await addConnection(browser, name, PROXIED_BASE_URL);
  const [a, b] = [player("e2e-bulk-lost-a"), player("e2e-bulk-lost-b")];
  try {
    await page.goto("/awards/bulk");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    await upload(
      page,
      "lossy.csv",
      `customer_id,token,amount,mode\n${a},GOLD,4.25,allowance\n${b},GOLD,4.25,allowance\n`,
    );
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByLabel("Reason").fill("E2E: lost answer in a batch");
    expect((await request.post(`${PROXY_URL}/__drop-next-award`)).status()).toBe(204);
    await page.getByRole("button", { name: "Send batch (2 awards)" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("count-unknown")).toHaveText("1");
    await expect(page.getByTestId("count-completed")).toHaveText("1");

    await page.getByRole("button", { name: "Retry failed rows (1)" }).click();
    await expect(page.getByTestId("count-completed")).toHaveText("2", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: /Retry failed rows/ })).toHaveCount(0);
    // The lost row had been paid; its retry (same RequestID) paid nothing more.
    expect([await totalOf(page, a, "GOLD"), await totalOf(page, b, "GOLD")]).toEqual(["4.25", "4.25"]);
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
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
