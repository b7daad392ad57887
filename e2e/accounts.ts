import { type Browser, expect, type Page } from "@playwright/test";
import type { RoleName } from "./roles";
import { storageState } from "./roles";
import { unusedTotpCode } from "./totp";

/** A browser with nobody signed in. */
export const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

/** The demo owner creates a console user with this role and first password (Settings → Users). */
export async function createUser(
  browser: Browser,
  email: string,
  role: RoleName,
  password: string,
): Promise<void> {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/settings/users");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByTestId("user-outcome")).toHaveText(`Created ${email} as ${role}.`);
  await owner.close();
}

/**
 * Signs out with the shell's button and waits until the sign-in page is there: the session ends
 * with that answer. Going to /sign-in at once raced it on a busy machine — the navigation cut the
 * sign-out short, the session was still alive, and /sign-in sent the person home.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The password step of signing in (a second factor, if any, is asked for next). */
export async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Sets up the authenticator on the Account page; answers its secret and the recovery codes. */
export async function enrolTotp(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.goto("/account");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(shown).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole("img", { name: "QR code of your new authenticator secret" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(await unusedTotpCode(shown));
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  return { secret: shown, codes: await list.allTextContents() };
}
