import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { auditRowsOf } from "./audit";
import { fillAward, GOLD, GOLD_DB, knownPlayer, player, send } from "./award-form";
import { addConnection } from "./owner-connection";
import { storageState } from "./roles";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, PROXIED_BASE_URL, PROXY_URL, SERVICE_BASE_URL } from "./servers";

/** A player's GOLD total as the service reads it now, exact (undefined: none). */
async function goldOf(request: APIRequestContext, customerId: string): Promise<string | undefined> {
  const answer = await request.get(
    `${SERVICE_BASE_URL}/Tokens/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}/${encodeURIComponent(customerId)}`,
  );
  // Read as text: the service writes amounts as JSON number literals, exact only as written.
  const text = await answer.text();
  return new RegExp(`"Total":([0-9.]+)[^{}]*?"Guid":"${GOLD}"`, "i").exec(text)?.[1];
}

/** Sends an award through the form and opens its page; its RequestID. */
async function awardAndOpen(page: Page, award: Parameters<typeof fillAward>[1]): Promise<string> {
  await page.goto("/awards/new");
  await fillAward(page, award);
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toContainText("Completed");
  await page.goto(`/awards/${requestId}`);
  return requestId;
}

async function total(page: Page, customerId: string, symbol = "GOLD") {
  await page.goto(`/players/${encodeURIComponent(customerId)}`);
  return page.getByTestId(`token-${symbol}`).getByTestId("token-total");
}

test.describe("a manager reverses an award (docs/console.md, Reversals)", () => {
  test.use({ storageState: storageState("manager") });

  test("part of an allowance: confirmed with the exact amount, the player's balance falls by exactly that", async ({
    page,
    browser,
  }) => {
    const customerId = player("e2e-reverse-part");
    const requestId = await awardAndOpen(page, {
      customerId,
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "10.5",
    });
    await expect(await total(page, customerId)).toHaveText("10.5");
    await page.goto(`/awards/${requestId}`);

    const reversals = page.getByRole("region", { name: "Reversals" });
    await reversals.getByLabel("Part of it").check();
    const amount = reversals.getByLabel("GOLD to take back");
    // More than was awarded is caught before anything is sent.
    await amount.fill("11");
    await reversals.getByLabel("Reason").fill("E2E: ten times the amount");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    await expect(reversals.getByText("must be at most 10.5, what remains of the line")).toBeVisible();
    await amount.fill("0.000000000000000001");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Take back 0.000000000000000001 GOLD from ${customerId}'s allowance.`);
    await expect(dialog).toContainText("Reason: E2E: ten times the amount");
    await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId("award-status")).toHaveText("Partly reversed");
    const listed = page.getByTestId("award-reversals");
    await expect(listed).toContainText("Done");
    await expect(listed).toContainText("E2E: ten times the amount");
    await expect(page.getByTestId("award-timeline")).toContainText(
      "Partly reversed: 0.000000000000000001 GOLD taken back.",
    );
    await expect(await total(page, customerId)).toHaveText("10.499999999999999999");

    // The rest, whole: the award is Reversed and the player holds none of it.
    await page.goto(`/awards/${requestId}`);
    await reversals.getByLabel("Reason").fill("E2E: wrong player");
    await reversals.getByRole("button", { name: "Review reversal…" }).click();
    await expect(dialog).toContainText("Take back 10.499999999999999999 GOLD");
    await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(page.getByTestId("award-status")).toHaveText("Reversed");
    await expect(page.getByTestId("reversal-unavailable")).toHaveText(/reversed whole already/);
    await page.goto(`/players/${encodeURIComponent(customerId)}`);
    await expect(page.getByTestId("token-GOLD")).toHaveCount(0);

    // The player's page lists what staff took back, who, when and why; the history finds it.
    const onPlayer = page.getByTestId("player-reversals");
    await expect(onPlayer.locator("li")).toHaveCount(2);
    await expect(onPlayer.locator("li").first()).toContainText("10.499999999999999999 GOLD");
    await expect(onPlayer.locator("li").first()).toContainText("Reason: E2E: wrong player");
    await expect(onPlayer.locator("li").first()).toContainText("manager@demo.test");
    await page.goto(`/awards?customer=${encodeURIComponent(customerId)}&status=any-reversal`);
    const rowOf = () =>
      page
        .getByRole("main")
        .locator("tbody tr")
        .filter({ has: page.locator(`a[href="/awards/${requestId}"]`) });
    await expect(rowOf()).toHaveCount(1);
    await page.goto(`/awards?customer=${encodeURIComponent(customerId)}&status=completed`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(rowOf()).toHaveCount(0);

    // The audit log records both, with who, why and how much.
    const audited = (await auditRowsOf(browser, "award.reversed")).filter(
      (row) => row.detail.requestId === requestId,
    );
    expect(audited.map((row) => row.detail.reason)).toEqual([
      "E2E: ten times the amount",
      "E2E: wrong player",
    ]);
    expect(audited[0]?.summary).toContain("Reversed 0.000000000000000001 GOLD");
  });
});

test.describe("a manager reverses a bulk batch (docs/console.md, Reversals)", () => {
  test.use({ storageState: storageState("manager") });

  test("a 50-row batch with a wrong amount is reversed as a batch: every player holds exactly what they held before", async ({
    page,
    request,
  }) => {
    const known = [
      await knownPlayer(request, "e2e-undo-known"),
      await knownPlayer(request, "e2e-undo-known"),
    ];
    const fresh = Array.from({ length: 47 }, (_, i) => player(`e2e-undo-${i}`));
    const direct = player("e2e-undo-direct");
    const rows = [
      ...[...known, ...fresh].map((id) => `${id};GOLD;;1000.5;allowance;;`),
      `${direct};GOLD;DB;2.25;direct;undo-wallet;`,
    ];
    await page.goto("/awards/bulk");
    await page.getByLabel("CSV file").setInputFiles({
      name: "oops-ten-times.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `${["customer_id;token;contract;amount;mode;wallet;mintable", ...rows].join("\n")}\n`,
      ),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("dry-run-summary")).toHaveText("50 rows, 50 players, 0 with errors.");
    await page.getByLabel("Send to the new players too").check();
    await page.getByLabel("Reason").fill("E2E: spring tournament");
    await page.getByRole("button", { name: "Send batch (50 awards)" }).click();
    await page
      .getByRole("dialog", { name: "Send this batch?" })
      .getByRole("button", { name: "Send batch" })
      .click();
    await expect(page).toHaveURL(/\/awards\/bulk\/\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
    expect(await goldOf(request, known[0] as string)).toBe("1001.5");

    // The dry run: every row can be reversed, and at most what the file gave comes back.
    const section = page.getByRole("region", { name: "Reverse this batch" });
    await section.getByRole("button", { name: "Dry run: what would be reversed" }).click();
    await expect(section.getByTestId("batch-reversal-plan")).toHaveText(
      "50 rows of 50 can be reversed: at most 49,026.75 GOLD comes back.",
    );
    await section.getByLabel("Reason").fill("E2E: ten times the amount");
    await section.getByRole("button", { name: "Reverse 50 rows…" }).click();
    const dialog = page.getByRole("dialog", { name: "Reverse this batch?" });
    await expect(dialog).toContainText("Take back at most 49,026.75 GOLD from 50 rows");
    await dialog.getByRole("button", { name: "Reverse 50 rows" }).click();
    await expect(section.getByTestId("batch-reversal-status")).toHaveText(
      "Reversal done: 50 of 50 rows answered.",
      { timeout: 60_000 },
    );
    await expect(section.getByTestId("reversal-count-done")).toHaveText("Reversed: 50");

    for (const id of known) expect(await goldOf(request, id)).toBe("1");
    for (const id of [...fresh, direct]) expect(await goldOf(request, id)).toBeUndefined();

    // The results file names every row's ReversalID and what came of it.
    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download the reversal's results (CSV)" }).click();
    const file = await readFile((await (await download).path()) as string, "utf8");
    const lines = file.trim().split("\r\n");
    expect(lines[0]).toBe("line,customer_id,request_id,reversal_id,status,state,taken,error");
    expect(lines).toHaveLength(51);
    expect(lines.filter((line) => line.includes(",done,Reversed,"))).toHaveLength(50);
  });
});

test.describe("a reversal whose answer is lost (docs/console.md, Reversals)", () => {
  test.use({ storageState: storageState("manager") });

  test("shows 'outcome unknown'; Retry sends the same ReversalID and the player loses the amount once", async ({
    page,
    browser,
    request,
  }) => {
    const name = "Starfall via lossy proxy (reversals)";
    const connection = await addConnection(browser, name, PROXIED_BASE_URL);
    const customerId = player("e2e-reverse-lost");
    try {
      await page.goto("/awards/new");
      await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/^db:/);
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
      const requestId = await awardAndOpen(page, {
        customerId,
        mode: "Allowance",
        token: GOLD,
        contract: GOLD_DB,
        amount: "30",
      });
      const section = page.getByRole("region", { name: "Reversals" });
      await section.getByLabel("Part of it").check();
      await section.getByLabel("GOLD to take back").fill("12.5");
      await section.getByLabel("Reason").fill("E2E: lost answer");
      await section.getByRole("button", { name: "Review reversal…" }).click();
      const dialog = page.getByRole("dialog");
      const reversalId = ((await dialog.locator("code").textContent()) ?? "").trim();
      expect((await request.post(`${PROXY_URL}/__drop-next-reversal`)).status()).toBe(204);
      await dialog.getByRole("button", { name: "Reverse", exact: true }).click();
      await expect(dialog).toBeHidden();
      const unknown = section.getByRole("status").filter({ hasText: "Outcome unknown" });
      await expect(unknown).toContainText(reversalId);
      // The service did reverse it; the retry answers that, and takes nothing more.
      await unknown.getByRole("button", { name: "Retry reversal" }).click();
      await expect(page.getByTestId("award-status")).toHaveText("Partly reversed");
      await expect(page.getByTestId("award-reversals")).toContainText("Done");
      expect(await goldOf(request, customerId)).toBe("17.5");
      const record = await request.get(
        `${SERVICE_BASE_URL}/Awards/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}/${requestId}`,
      );
      expect(
        ((await record.json()).Data.Reversals as { ReversalID: string }[]).map((r) => r.ReversalID),
      ).toEqual([reversalId]);
      await expect(page.getByTestId("award-timeline")).toContainText(
        `Reversal retried: attempt 2, same ReversalID ${reversalId} and body.`,
      );
    } finally {
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Starfall Arena (demo)" });
      await expect(page.getByLabel("Project", { exact: true })).toHaveValue("env");
      await expect(page.getByLabel("Project", { exact: true })).toBeEnabled();
      await connection.remove();
    }
  });
});
