import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_PAGES } from "./console-pages";
import { storageState } from "./roles";

/**
 * Every table of the console, on every page (docs/console.md, "Tables and phones"): the page
 * scrolls, never a box inside it (one vertical scroll area), and at a laptop's 1440 px every
 * column is in view — nothing hides past the frame's right edge. Text cut short in a cell is cut
 * on purpose, with its whole value on demand (a title: IdCell, TextCell, Amount, a reason); at
 * both widths no cell is cut without one. On a phone the frame may scroll sideways.
 */
test.use({ storageState: storageState("owner") });

/** Each table frame on the page: how far it scrolls each way. */
const frames = (page: Page) =>
  page.getByTestId("table-scroll").evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.getAttribute("aria-label") ?? "",
      down: element.scrollHeight - element.clientHeight,
      sideways: element.scrollWidth - element.clientWidth,
      // Text cut short in a cell without its whole value on demand (a title to hover, as IdCell,
      // TextCell and Amount give): a clipped cell nobody can read whole.
      clipped: [...element.querySelectorAll("tbody td, tbody td *")]
        .filter((cell) => {
          const style = getComputedStyle(cell);
          const cuts = style.overflowX === "hidden" || style.textOverflow === "ellipsis";
          // Text for screen readers only (sr-only: 1 px, clipped) is meant to be unseen.
          const screenReaderOnly = cell.clientWidth <= 1 && style.position === "absolute";
          return (
            cuts && !screenReaderOnly && cell.scrollWidth > cell.clientWidth + 1 && !cell.closest("[title]")
          );
        })
        .map((cell) => (cell.textContent ?? "").trim().slice(0, 40)),
      // For a failure's message: how wide each shown column came out.
      widths: [...element.querySelectorAll("thead th")]
        .filter((th) => th.getClientRects().length > 0)
        .map((th) => `${(th.textContent ?? "").trim()} ${Math.round(th.getBoundingClientRect().width)}`)
        .join(", "),
    })),
  );

for (const screen of [
  { name: "1440 px", viewport: { width: 1440, height: 900 }, sideways: false },
  { name: "390 px", viewport: { width: 390, height: 844 }, sideways: true },
]) {
  test(`at ${screen.name} no table scrolls down inside the page${screen.sideways ? "" : ", and none hides a column sideways"}`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(screen.viewport);
    const problems: string[] = [];
    for (const { path } of CONSOLE_PAGES) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
      for (const frame of await frames(page)) {
        if (frame.down > 1)
          problems.push(`${path} ${frame.name}: scrolls ${frame.down} px down inside the page`);
        for (const text of frame.clipped)
          problems.push(`${path} ${frame.name}: "${text}" is cut with no way to read it whole`);
        if (!screen.sideways && frame.sideways > 1)
          problems.push(
            `${path} ${frame.name}: ${frame.sideways} px of columns hidden sideways (${frame.widths})`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
}

test("on a phone the columns that matter are in view without scrolling sideways: a funding gap, a holding's wallet", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const inView = async (what: string, cell: ReturnType<Page["locator"]>) => {
    await expect(cell, what).toBeVisible();
    const box = await cell.boundingBox();
    expect(
      box && box.x + box.width <= 390,
      `${what} ends at ${box ? Math.round(box.x + box.width) : "?"} px`,
    ).toBe(true);
  };
  await page.goto("/wallet");
  await inView("the SHARD funding gap", page.getByTestId("wallet-SHARD-Polygon").getByTestId("wallet-gap"));
  await page.goto("/players/player-1001");
  const gem = page.getByTestId("token-GEM");
  await inView(
    "the wallet of player-1001's GEM on Polygon",
    gem.locator("tbody tr").filter({ hasText: "Distributed" }).locator("code").first(),
  );
});

test("a wide table's columns are a person's choice, remembered in the browser", async ({ page }) => {
  await page.goto("/awards");
  const frame = page.locator('[data-testid="table-scroll"][aria-label="Awards sent from this console"]');
  const reason = frame.getByRole("columnheader", { name: "Reason" });
  await expect(reason).toBeVisible();
  const chooser = page.locator("summary").filter({ hasText: /^Columns/ });
  await chooser.click();
  await page.getByRole("checkbox", { name: "Show the Reason column" }).click();
  await expect(reason).toHaveCount(0);
  await expect(chooser).toHaveText(/Columns \(\d+ of \d+\)/);
  // The first column names the row: it cannot be hidden.
  await expect(page.getByRole("checkbox", { name: "Show the Sent column" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Awards" })).toBeVisible();
  await expect(reason).toHaveCount(0);
  await chooser.click();
  await page.getByRole("checkbox", { name: "Show the Reason column" }).click();
  await expect(reason).toBeVisible();
});
