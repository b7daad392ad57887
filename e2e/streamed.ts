import type { Page } from "@playwright/test";

/**
 * Waits until React has shown every part of the page it streamed. A part streamed under a
 * Suspense boundary arrives in a hidden `<div hidden id="S:…">` and is moved into place on an
 * animation frame, or up to 300 ms later to batch reveals — after the load event, and after a
 * heading outside the boundary is visible. A measurement of the page's layout taken before then
 * leaves those parts out (docs/testing.md, "A browser spec reads a streamed part once it is shown").
 */
export async function streamedPartsShown(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('div[hidden][id^="S:"]') === null);
}
