import { expect, type Page, test } from "@playwright/test";
import { THEME_SCRIPT } from "../components/ui/theme";
import { storageState } from "./roles";

test.use({ storageState: storageState("manager") });

/** The theme the page has: the `dark` class on <html> is the whole mechanism (app/globals.css). */
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Chooses a theme as a person does: the user menu's Theme items (components/layout/user-menu.tsx). */
async function chooseInMenu(page: Page, name: "System" | "Light" | "Dark") {
  await page.getByTestId("current-user").click();
  const item = page.getByRole("menuitemradio", { name });
  await item.click();
  await expect(item).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
}

/**
 * Records the <html> class at the moment <body> first exists: what the first paint would use,
 * before any of the page's bundles run.
 */
async function recordClassAtBody(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      if (!document.body) return false;
      (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
      return true;
    };
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const classAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { classAtBody?: string }).classAtBody ?? null);

test("the server sends the theme script inside <head>, before the body, with the page's nonce", async ({
  request,
}) => {
  const response = await request.get("/awards/new");
  const html = await response.text();
  const head = html.slice(0, html.indexOf("<body"));
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(head).toContain(`<script nonce="${nonce}">${THEME_SCRIPT}</script>`);
  expect(html).toMatch(/<html[^>]*lang="en"/);
});

test("Dark is kept across a reload and a new page, and is there before any bundle runs", async ({
  page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await recordClassAtBody(page);
  await page.goto("/awards/new");
  expect(await isDark(page)).toBe(false);

  await chooseInMenu(page, "Dark");
  // Applied at once, without a reload.
  expect(await isDark(page)).toBe(true);

  await page.reload();
  expect(await classAtBody(page)).toContain("dark");
  expect(await isDark(page)).toBe(true);

  // A new page of the same browser, with every JavaScript bundle of the app refused: only the
  // server-sent inline script can have set the class, so the first paint is already dark.
  const next = await context.newPage();
  await next.emulateMedia({ colorScheme: "light" });
  await next.route(/\/_next\/static\/.*\.js(\?.*)?$/, (route) => route.abort());
  await recordClassAtBody(next);
  await next.goto("/players");
  expect(await classAtBody(next)).toContain("dark");
  expect(await isDark(next)).toBe(true);
  await next.close();

  // Light wins over a dark system, the same way.
  await page.emulateMedia({ colorScheme: "dark" });
  await chooseInMenu(page, "Light");
  await page.reload();
  expect(await classAtBody(page)).not.toContain("dark");
  expect(await isDark(page)).toBe(false);
});

test("System follows the operating system's colour scheme, also while the page is open", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/players");
  await chooseInMenu(page, "Dark");
  await chooseInMenu(page, "System");
  expect(await isDark(page)).toBe(true);

  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => isDark(page)).toBe(false);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await isDark(page)).toBe(true);
});

test("the theme colours come from the tokens: the page background changes with the class", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/players");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await chooseInMenu(page, "Dark");
  await expect.poll(background).not.toBe(light);
});
