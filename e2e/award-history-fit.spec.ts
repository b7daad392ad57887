import { expect, type Locator, type Page, test } from "@playwright/test";
import { storageState } from "./roles";

/**
 * The award tables fit their frame as a payments table does (docs/console.md, "Tables and
 * phones"): at a laptop's 1440 px and a phone's 390 px no column is cut off at the right and
 * nothing scrolls sideways, every row is one line (the reason is cut with an ellipsis, its full
 * text in the cell's title and on the award's own page), and Status and Tokens are always shown.
 * The demo's first-start history (scripts/demo-history.ts) gives the rows.
 */
test.use({ storageState: storageState("manager") });

const SCREENS = [
  { name: "a 1440 px laptop", viewport: { width: 1440, height: 900 } },
  { name: "a 390 px phone", viewport: { width: 390, height: 844 } },
];

/** The award table's frame: the section that scrolls, named by the table's caption. */
const frameOf = (page: Page) =>
  page.locator('[data-testid="table-scroll"][aria-label="Awards sent from this console"]');

/** How the table sits in its frame, measured in the browser. */
function measure(frame: Locator) {
  return frame.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inner = {
      left: box.left + element.clientLeft,
      right: box.left + element.clientLeft + element.clientWidth,
    };
    const shown = (cell: Element) => cell.getClientRects().length > 0;
    const headers = [...element.querySelectorAll("thead th")].filter(shown).map((th) => {
      const cell = th.getBoundingClientRect();
      return { name: (th.textContent ?? "").trim(), left: cell.left, right: cell.right };
    });
    // A row's content height: the row less its cells' vertical padding, against the cells' line height.
    const rows = [...element.querySelectorAll("tbody tr")].map((tr) => {
      const cell = tr.querySelector("td");
      const style = cell ? getComputedStyle(cell) : null;
      const padding = style
        ? Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom)
        : 0;
      return {
        id: tr.getAttribute("data-testid") ?? "",
        content: tr.getBoundingClientRect().height - padding,
        lineHeight: style ? Number.parseFloat(style.lineHeight) : 0,
      };
    });
    return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, inner, headers, rows };
  });
}

async function expectFits(frame: Locator) {
  await expect(frame.locator("tbody tr").first()).toBeVisible();
  const fit = await measure(frame);
  // Soft: a failure names every way the table does not fit, not only the first.
  expect
    .soft(fit.scrollWidth, "the table is wider than its frame (it scrolls sideways)")
    .toBeLessThanOrEqual(fit.clientWidth);
  const outside = fit.headers.filter((h) => h.left < fit.inner.left - 1 || h.right > fit.inner.right + 1);
  expect
    .soft(outside.map((h) => `${h.name} → ${Math.round(h.right)} px of ${Math.round(fit.inner.right)}`))
    .toEqual([]);
  expect.soft(fit.headers.map((h) => h.name)).toEqual(expect.arrayContaining(["Player", "Tokens", "Status"]));
  const tall = fit.rows.filter((row) => row.content >= 2 * row.lineHeight);
  expect
    .soft(tall.map((row) => `${row.id}: ${Math.round(row.content)} px, a line is ${row.lineHeight} px`))
    .toEqual([]);
  expect(fit.rows.length).toBeGreaterThan(0);
  // Every row keeps a link a keyboard reaches to its award's page, whatever columns are hidden (a
  // row's click is the mouse's alone).
  const rows = frame.locator("tbody tr");
  const links = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const id = (tr.getAttribute("data-testid") ?? "").replace(/^award-/, "");
      const link = [...tr.querySelectorAll("a")].find(
        (a) => a.getAttribute("href") === `/awards/${id}` && a.getClientRects().length > 0,
      );
      return link ? "" : id;
    }),
  );
  expect.soft(links.filter(Boolean), "rows with no visible link to their award").toEqual([]);
}

/** A player the demo's history awarded, read from the history's first row. */
async function awardedPlayer(page: Page): Promise<string> {
  await page.goto("/awards");
  const href = await frameOf(page).locator('tbody tr a[href^="/players/"]').first().getAttribute("href");
  return href ?? "";
}

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test("the award history fits its frame, one line a row", async ({ page }) => {
      await page.goto("/awards");
      const frame = frameOf(page);
      await expectFits(frame);
      // The reason is cut, not wrapped: the whole of it is the cell's tooltip.
      const reason = frame.getByTestId("award-reason").first();
      const text = (await reason.textContent()) ?? "";
      expect(text.length).toBeGreaterThan(0);
      await expect(reason).toHaveAttribute("title", text);
      // And the award's own page says it whole.
      const requestId = ((await frame.locator("tbody tr").first().getAttribute("data-testid")) ?? "").replace(
        /^award-/,
        "",
      );
      await page.goto(`/awards/${requestId}`);
      await expect(page.getByRole("main")).toContainText(text);
    });

    test("a player's awards fit their frame, one line a row", async ({ page }) => {
      const player = await awardedPlayer(page);
      expect(player).toMatch(/^\/players\//);
      await page.goto(player);
      await expectFits(frameOf(page));
    });
  });
}
