import { existsSync } from "node:fs";

/** Where Debian's chromium package puts the browser. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * The browser the browser tests launch (playwright.config.ts): CHROMIUM_PATH when set, else
 * Debian's chromium when installed, else undefined — Playwright's own browser, where it was
 * downloaded (`npx playwright install chromium`). `npm test` checks before the browser tests that
 * one of them is there (scripts/lib/browser-check.ts).
 */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
}
