import { expect, type Page, test } from "@playwright/test";
import { fillAward, GOLD, GOLD_DB, knownPlayer, send } from "./award-form";
import { CONSOLE_PAGES } from "./console-pages";
import { storageState } from "./roles";
import { streamedPartsShown } from "./streamed";

/**
 * Every console page on a phone (issue 10, "Every page right on a phone"): at 390 × 844 the page
 * itself never scrolls sideways — a table wider than the screen scrolls inside its own frame —
 * and the player page's controls are big enough for a thumb.
 */
test.use({ storageState: storageState("owner"), viewport: { width: 390, height: 844 } });

/** An award and a bulk batch of the console's trail: the demo's, or made here when there is none. */
const records = { requestId: "", batchId: "" };

async function anAward(page: Page): Promise<string> {
  await page.goto("/awards");
  const first = page.locator('tbody tr[data-testid^="award-"]').first();
  if ((await first.count()) > 0)
    return ((await first.getAttribute("data-testid")) ?? "").replace(/^award-/, "");
  const customerId = await knownPlayer(page.request, "e2e-phone");
  await page.goto("/awards/new");
  await fillAward(page, { customerId, mode: "Allowance", token: GOLD, contract: GOLD_DB, amount: "1" });
  const requestId = (await page.getByTestId("request-id").textContent()) ?? "";
  await send(page);
  await expect(page.getByTestId("award-outcome")).toBeVisible();
  return requestId;
}

async function aBatch(page: Page): Promise<string> {
  await page.goto("/awards/bulk");
  const link = page.getByRole("link", { name: /^Batch \d+/ }).first();
  if ((await link.count()) > 0)
    return ((await link.getAttribute("href")) ?? "").replace(/^\/awards\/bulk\//, "");
  const customerId = await knownPlayer(page.request, "e2e-phone-bulk");
  await page.getByLabel("CSV file").setInputFiles({
    name: "phone.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`customer_id,token,contract,amount,mode,wallet\n${customerId},GOLD,,1,allowance,\n`),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByLabel("Reason").fill("E2E: phone layout");
  await page.getByRole("button", { name: "Send batch (1 award)" }).click();
  await page
    .getByRole("dialog", { name: "Send this batch?" })
    .getByRole("button", { name: "Send batch" })
    .click();
  await expect(page).toHaveURL(/\/awards\/bulk\/\d+$/);
  return page.url().replace(/^.*\/awards\/bulk\//, "");
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageState("owner") });
  const page = await context.newPage();
  records.requestId = await anAward(page);
  records.batchId = await aBatch(page);
  await context.close();
});

/** What sticks out past the right edge, for a failure message a person can act on. */
function widest(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const out: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const box = element.getBoundingClientRect();
      // Inside a frame that scrolls on its own, overflow is that frame's business.
      if (box.right > limit + 1 && !element.parentElement?.closest('[data-testid="table-scroll"]')) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").slice(0, 3).join(".")}`;
        out.push(`${name} → ${Math.round(box.right)} px`);
      }
    }
    return out.slice(0, 8);
  });
}

const PATHS = [...CONSOLE_PAGES.map((page) => page.path), "/awards/<requestId>", "/awards/bulk/<batchId>"];

for (const template of PATHS) {
  test(`${template} fits a 390 px screen without sideways scrolling`, async ({ page }) => {
    const path = template.replace("<requestId>", records.requestId).replace("<batchId>", records.batchId);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // The figures streamed under their own skeleton count too (the overview's, a player's).
    await streamedPartsShown(page);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `wider than the screen: ${(await widest(page)).join("; ")}`).toBeLessThanOrEqual(
      innerWidth,
    );
  });
}

test("a table wider than the screen scrolls inside its own frame, not the page", async ({ page }) => {
  // A player's holdings of one token: wider than a phone (the award history fits one:
  // e2e/award-history-fit.spec.ts).
  await page.goto("/players/player-1001");
  const frame = page.getByTestId("token-GOLD").getByTestId("table-scroll");
  await expect(frame).toBeVisible();
  const before = await frame.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
  }));
  expect(before.scrollWidth).toBeGreaterThan(before.clientWidth);
  expect(before.right).toBeLessThanOrEqual(390);
  const scrolled = await frame.evaluate((element) => {
    element.scrollLeft = 200;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  // The header stays in view while the rows scroll under it.
  await expect(frame.locator("thead th").first()).toHaveCSS("position", "sticky");
});

test("the player page's controls are thumb-sized (at least 40 px tall)", async ({ page }) => {
  await page.goto("/players/player-1001");
  await expect(page.getByTestId("token-GOLD")).toBeVisible();
  const small = await page.locator("main").evaluate((main) =>
    [...main.querySelectorAll("button, input, select, summary, [role=button]")]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => ({
        name: element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 30) ?? "",
        height: Math.round(element.getBoundingClientRect().height),
      }))
      .filter((control) => control.height < 40),
  );
  expect(small).toEqual([]);
});

test("several tables on one page keep their own sort in the URL", async ({ page }) => {
  await page.goto("/players/player-1001");
  const gem = page.getByTestId("token-GEM");
  await gem.getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/gem\.sort=amount/);
  await expect(page).not.toHaveURL(/[?&]sort=/);
  await expect(gem.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");
  // Another table of the page is not sorted by it; GOLD, held in one wallet, has no order to choose.
  const gold = page.getByTestId("token-GOLD");
  await expect(gold.getByRole("columnheader", { name: "Amount" })).not.toHaveAttribute("aria-sort", /./);
  await expect(gold.getByRole("link", { name: "Amount" })).toHaveCount(0);
});
