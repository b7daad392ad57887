import { existsSync } from "node:fs";

/**
 * Debian's headless-only Chromium (package chromium-headless-shell): the same Blink without the
 * browser's window layers — what Playwright itself launches for headless runs. The browser specs
 * took about a quarter less CPU in it than in the full browser (docs/testing.md, "Browser tests:
 * where the time goes").
 */
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Where Debian's chromium package puts the full browser. */
const DEBIAN_CHROMIUM = "/usr/bin/chromium";
/** Debian's browsers in the order they are preferred. */
export const DEBIAN_BROWSERS = [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM] as const;

/**
 * The browser the browser tests launch (playwright.config.ts): CHROMIUM_PATH when set, else the
 * first of Debian's browsers that is installed, else undefined — Playwright's own browser, where
 * it was downloaded (`npx playwright install chromium`). `npm test` checks before the browser tests
 * that one of them is there (scripts/lib/browser-check.ts).
 */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH || DEBIAN_BROWSERS.find((path) => existsSync(path));
}
