import { expect, type Page } from "@playwright/test";

/**
 * Presses a page-wide shortcut until the page reacts. On a busy machine the load event can come
 * before React has hydrated and attached its key listener, so a single press may go unheard. The
 * key is pressed again only while `heard()` still says no after a wait — a shortcut that toggles
 * (Ctrl+K) is never pressed twice once it has been heard.
 */
export async function pressUntilHeard(page: Page, key: string, heard: () => Promise<boolean>): Promise<void> {
  await expect(async () => {
    if (!(await heard())) await page.locator("body").press(key);
    await expect.poll(heard, { timeout: 5_000 }).toBe(true);
  }).toPass();
}
