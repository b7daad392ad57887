import { expect, type Page } from "@playwright/test";

/** How long the page must finish loading nothing new to count as settled (Playwright's network idle uses 500 ms too). */
const QUIET_MS = 500;

/**
 * What the page has finished loading so far: one resource timing entry per script, style, picture
 * or fetch read whole; -1 while the document is still loading, or when a navigation replaced it
 * meanwhile (a page that sends the person on), whose new document is then counted next time.
 */
const finishedLoads = (page: Page) =>
  page
    .evaluate(() =>
      document.readyState === "complete" ? performance.getEntriesByType("resource").length : -1,
    )
    .catch((error: Error) => {
      if (/Execution context was destroyed|navigat/i.test(error.message)) return -1;
      throw error;
    });

/**
 * Waits until the page has finished loading nothing new for QUIET_MS: every script, style,
 * picture and fetch it started after the load event is done. Counted in the page, from its
 * resource timing entries, not with Playwright's `networkidle`, which tracks requests in flight
 * from outside: beside other busy processes it once waited seven minutes on a page that had long
 * finished (docs/testing.md, "Tests that do not depend on the machine's speed").
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = await finishedLoads(page);
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        return before >= 0 && (await finishedLoads(page)) === before;
      },
      { message: `the page kept loading for ${QUIET_MS} ms at a time`, intervals: [0] },
    )
    .toBe(true);
}
