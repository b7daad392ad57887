import { type Browser, expect, type Page, test } from "@playwright/test";
import { storageState } from "./roles";

test.use({ storageState: storageState("owner") });

async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  return page;
}

test("an owner creates a user, changes the role and deactivates them: each takes effect at once", async ({
  page,
  browser,
}) => {
  const email = `temp-${Date.now()}@demo.test`;
  const password = "a long enough password";
  await page.goto("/");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Temp Support");
  await page.getByLabel("Role", { exact: true }).selectOption("support");
  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByTestId("user-outcome")).toHaveText(`Created ${email} as support.`);
  // The new row is in the table without a reload: the action's answer re-rendered the page.
  const row = page.getByTestId(`user-${email}`);
  await expect(row).toContainText("Active");
  // The form is empty again for the next user.
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByLabel("First password")).toHaveValue("");

  const theirs = await signIn(browser, email, password);
  await expect(theirs.getByTestId("current-user")).toHaveText(`${email} · support`);
  await expect(theirs.getByRole("link", { name: "Settings" })).toHaveCount(0);

  await row.getByLabel(`Role of ${email}`).selectOption("owner");
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue("owner");
  // A role change ends the user's sessions: they sign in again and work with the new role.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/sign-in/);
  await theirs.context().close();
  const again = await signIn(browser, email, password);
  await expect(again.getByTestId("current-user")).toHaveText(`${email} · owner`);
  await expect(again.getByRole("link", { name: "Settings" })).toBeVisible();

  await row.getByRole("button", { name: `Deactivate ${email}` }).click();
  // Deactivation is confirmed first, naming the user.
  const dialog = page.getByRole("dialog", { name: `Deactivate ${email}?` });
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  // Their session cookie is still signed, but the session ended with the deactivation; the
  // sign-in page remembers where they were going.
  await again.getByRole("link", { name: "Tokens" }).click();
  await expect(again).toHaveURL(/\/sign-in\?next=%2Fcatalogue%2Ftokens$/);
  await again.context().close();
});

test("creating a user names the field and the rule that failed", async ({ page }) => {
  await page.goto("/settings/users");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("First password").fill("short");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.locator("#user-email-error")).toHaveText("Email must be an email address.");
  await expect(page.locator("#user-password-error")).toContainText("at least");
  await expect(page.getByTestId("user-outcome")).toContainText("email must be an email address");
  // What was typed stays to be corrected, but the password, as a browser's own form does.
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page.getByLabel("First password")).toHaveValue("");
});

test("the last active owner cannot be demoted", async ({ page }) => {
  await page.goto("/settings/users");
  // Other specs' temporary owners are deactivated; the demo owner is the only active one left.
  const row = page.getByTestId("user-owner@demo.test");
  await row.getByLabel("Role of owner@demo.test").selectOption("support");
  await expect(row.getByRole("status")).toHaveText(
    "The console needs at least one active owner: make someone else an owner first.",
  );
  await page.reload();
  await expect(row.getByLabel("Role of owner@demo.test")).toHaveValue("owner");
});
