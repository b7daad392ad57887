import { type Browser, type BrowserContextOptions, chromium, expect } from "@playwright/test";
import { addConnection } from "@/e2e/owner-connection";
import { DEMO_API_KEY, DEMO_PROJECT_GUID } from "@/e2e/servers";
import { chromiumPath } from "@/testing/chromium";
import { TEST_LIMITS } from "@/testing/test-limits";

/** The connection to the demo project through the test proxy's `/large/` service. */
export const LARGE_PROJECT_NAME = "Starfall, sells a lot";

/** The proxy's Products answer for the large project, as the console asks for it. */
export const largeProductsUrl = (proxyUrl: string) =>
  `${proxyUrl}/large/api/public/Products/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}`;

/** The browser the browser tests launch (testing/chromium.ts). */
const executablePath = chromiumPath();

/** An Auth.js session's Cookie header (scripts/bench/console-session.ts) as a browser's saved state. */
function savedState(origin: string, cookie: string): BrowserContextOptions["storageState"] {
  const { hostname } = new URL(origin);
  return {
    cookies: cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax" as const,
      };
    }),
    origins: [],
  };
}

/**
 * The owner adds the connection to the large project and chooses it in the switcher, in Chromium,
 * as e2e/large-catalogue.spec.ts does (the choice is remembered per user, so every session of the
 * owner's works on it from then on). addConnection opens a context with the e2e's saved owner;
 * here the owner is this run's own session (`cookie`) on this run's console, so the browser handed
 * to it opens its contexts with that instead — addConnection asks nothing else of it.
 */
export async function chooseLargeProject(
  consoleUrl: string,
  proxyUrl: string,
  cookie: string,
): Promise<void> {
  const browser = await chromium.launch({
    executablePath,
    timeout: TEST_LIMITS.startMs,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const asOwner = {
      newContext: (options?: BrowserContextOptions) =>
        browser.newContext({ ...options, baseURL: consoleUrl, storageState: savedState(consoleUrl, cookie) }),
    } as unknown as Browser;
    const { page } = await addConnection(asOwner, LARGE_PROJECT_NAME, `${proxyUrl}/large/api/public`);
    const project = page.getByLabel("Project", { exact: true });
    await project.selectOption({ label: LARGE_PROJECT_NAME });
    // The switcher is disabled until the server has the choice and the page is refreshed.
    await expect(project).toHaveValue(/^db:/, { timeout: TEST_LIMITS.expectMs });
    await expect(project).toBeEnabled({ timeout: TEST_LIMITS.expectMs });
  } finally {
    await browser.close();
  }
}
