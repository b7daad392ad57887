import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { fromUnits, toUnits } from "../lib/contract/decimal";
import { TEST_LIMITS } from "../testing/test-limits";
import { fillAward, GEM, GEM_DB, knownPlayer, player, send } from "./award-form";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, SERVICE_BASE_URL, SLOW_BASE_URL } from "./servers";

test.use({ storageState: storageState("manager") });

/**
 * What changes while a person looks (docs/console.md, "Live data"): a queued award settled by a
 * funding made elsewhere — the service's own API, not this console — is recorded by the console's
 * settlement job and shows on the open history page without a reload, read by TanStack Query
 * through GET routes (never a server action).
 */
test("a queued award funded elsewhere turns Completed on the open history page, without a reload", async ({
  page,
  request,
}) => {
  const customerId = player("e2e-live");
  await page.goto("/awards/new");
  await fillAward(page, {
    customerId,
    mode: "Direct distribution",
    wallet: "wallet-live",
    token: GEM,
    contract: GEM_DB,
    amount: "1000000",
  });
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toContainText("Queued");

  await page.goto(`/awards?customer=${customerId}`);
  const row = page.getByTestId(`award-${requestId}`);
  await expect(row.getByTestId("live-status")).toHaveAttribute("data-status", "queued");
  const actionPosts: string[] = [];
  const statusReads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actionPosts.push(r.url());
    if (r.method() === "GET" && r.url().includes("/api/awards/statuses")) statusReads.push(r.url());
  });
  // A reload or a move to another page would start a new document and lose this mark. (Counting
  // "framenavigated" also counted Next's own history.replaceState once the page has hydrated, a
  // same-document update that, on a busy machine, can come after the page's load event.)
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

  // Fund exactly what the queue of that contract waits for, through the service's own API.
  const wallet = await (
    await request.get(`${SERVICE_BASE_URL}/Wallet/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}`)
  ).json();
  const balance = wallet.Data.Balances.find((b: { ContractGuid: string }) => b.ContractGuid === GEM_DB)
    .Amount as string;
  const waiting = (wallet.Data.Queue as { Tokens: { ContractGuid: string; Amount: string }[] }[])
    .flatMap((award) => award.Tokens)
    .filter((line) => line.ContractGuid === GEM_DB)
    .map((line) => line.Amount);
  const gap = waiting.reduce((sum, amount) => sum + toUnits(amount), 0n) - toUnits(balance);
  const funded = await request.post(`${SERVICE_BASE_URL}/FundWallet`, {
    headers: { "content-type": "application/json" },
    data: `{"ApiKey":"${DEMO_API_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT_GUID}","Tokens":[{"Guid":"${GEM}","ContractGuid":"${GEM_DB}","Amount":${fromUnits(gap)}}]}`,
  });
  expect((await funded.json()).Settled).toContain(requestId);

  await expect(row.getByTestId("live-status")).toHaveAttribute("data-status", "completed", {
    // The settlement job's round and the page's next read: a few seconds, more on a busy machine.
    timeout: 3 * TEST_LIMITS.expectMs,
  });
  await expect(row).toContainText("Completed");
  expect(await page.evaluate(() => "e2eSameDocument" in window)).toBe(true);
  expect(new URL(page.url()).pathname).toBe("/awards");
  expect(statusReads.length).toBeGreaterThan(0);
  expect(actionPosts).toEqual([]);
});

test("a batch's page follows its progress through GET reads, never a server action, and stops when done", async ({
  page,
  browser,
  request,
}) => {
  const name = "Starfall, slow awards (live)";
  const connection = await addConnection(browser, name, SLOW_BASE_URL);
  // Each award answered after 500 ms, 8 in flight: sending takes 6 s at the least, long enough
  // for the page to read its pace twice a second apart, however fast the machine.
  const rows = 96;
  const run = Date.now().toString().slice(-6);
  try {
    await page.goto("/awards/bulk");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    // A known player of this run, distinct amounts: nothing to confirm but the batch itself.
    const known = await knownPlayer(request, "e2e-live-batch");
    const lines = Array.from(
      { length: rows },
      (_, i) => `${known},GOLD,0.${run}${String(i).padStart(3, "0")},allowance`,
    );
    await page.getByLabel("CSV file").setInputFiles({
      name: "live.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`customer_id,token,amount,mode\n${lines.join("\n")}\n`),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByLabel("Reason").fill("E2E: live progress");
    await page.getByRole("button", { name: `Send batch (${rows} awards)` }).click();
    await page
      .getByRole("dialog", { name: "Send this batch?" })
      .getByRole("button", { name: "Send batch" })
      .click();
    await page.waitForURL(/\/awards\/bulk\/\d+$/);

    const actionPosts: string[] = [];
    const progressReads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) actionPosts.push(r.url());
      if (r.method() === "GET" && /\/api\/batches\/\d+$/.test(r.url())) progressReads.push(r.url());
    });
    // While it sends: its rate and the time left (lib/bulk/batch-pace.ts).
    await expect(page.getByTestId("batch-pace")).toHaveText(/^[\d.]+ rows\/s · about [\d.]+ (s|min) left$/);
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
    await expect(page.getByTestId("batch-pace")).toHaveCount(0);
    await expect(page.getByTestId("count-completed")).toHaveText(String(rows));
    expect(progressReads.length).toBeGreaterThan(0);
    expect(actionPosts).toEqual([]);
    // Done: the page stops asking.
    const readsWhenDone = progressReads.length;
    await page.waitForTimeout(3_000);
    expect(progressReads.length).toBe(readsWhenDone);
  } finally {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
    await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
    await connection.remove();
  }
});
