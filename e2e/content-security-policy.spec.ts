import { expect, type Page, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { CONSOLE_PAGES } from "./console-pages";
import { storageState } from "./roles";
import { pageSettled } from "./settled";

/**
 * docs/console.md, "Security headers": every page runs under a script policy with a fresh nonce,
 * and nothing on any page breaks it — the framework's scripts, the theme script, the UI kit's
 * inline styles, the demo's pictures. A violation anywhere fails the test.
 */
test.use({ storageState: storageState("owner") });

async function collectViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return seen;
}

const scriptSource = (policy: string | undefined) => /script-src ([^;]+)/.exec(policy ?? "")?.[1] ?? "";

for (const colorScheme of ["light", "dark"] as const) {
  test(`every page runs under a fresh nonce and breaks nothing of its policy (${colorScheme})`, async ({
    page,
  }) => {
    // Each page gets an assertion's patience: the sweep grows with the page list, and a machine
    // shared with four other busy processes took longer than a fixed six minutes for both schemes.
    test.setTimeout(CONSOLE_PAGES.length * TEST_LIMITS.expectMs);
    const violations = await collectViolations(page);
    const nonces = new Set<string>();
    await page.emulateMedia({ colorScheme });
    for (const { path } of CONSOLE_PAGES) {
      const response = await page.goto(path);
      const policy = response?.headers()["content-security-policy"];
      expect(scriptSource(policy), path).toMatch(/^'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'$/);
      nonces.add(scriptSource(policy));
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await pageSettled(page);
      // The theme script ran (it carries the nonce): the class follows the scheme before React.
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    }
    expect(violations).toEqual([]);
    expect(nonces.size).toBe(CONSOLE_PAGES.length);
  });
}

test("the sign-in page too; and an inline script without the nonce does not run", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const violations = await collectViolations(page);
  const response = await page.goto("/sign-in");
  expect(scriptSource(response?.headers()["content-security-policy"])).toMatch(/^'nonce-/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await pageSettled(page);
  expect(violations).toEqual([]);

  // A script that got into the HTML (what a cross-site scripting hole would let in) does not
  // run: the page keeps its policy, the script has no nonce.
  await page.route("**/sign-in", async (route) => {
    const answer = await route.fetch();
    const body = (await answer.text()).replace("</head>", "<script>window.injected = true</script></head>");
    await route.fulfill({ response: answer, body });
  });
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected === true)).toBe(
    false,
  );
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join("\n")).toMatch(/script-src/);
  await context.close();
});
