import { expect, test } from "@playwright/test";
import { auditRowsOf } from "./audit";
import { ROLES, signInAs } from "./roles";

test.describe("signed out", () => {
  test("every console page sends a signed-out visitor to sign in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a wrong password is refused with a plain message and no session", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ROLES.manager.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(ROLES.manager.email);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("repeated wrong passwords for one account slow the client that typed them, with a clear message", async ({
    page,
    browser,
  }) => {
    await page.goto("/sign-in");
    // An account of its own, so no other test is slowed down.
    const email = "throttled@demo.test";
    const button = page.getByRole("button", { name: "Sign in", exact: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`guess number ${attempt}`);
      await button.click();
      // React resets the form once the answer has arrived: the password field empties.
      await expect(page.getByLabel("Password")).toHaveValue("");
      await expect(button).toBeEnabled();
      await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
    }
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("guess number 6");
    await button.click();
    await expect(page.getByTestId("sign-in-error")).toHaveText(
      /^Too many wrong passwords or codes for this account: try again in \d+ seconds?\.$/,
    );
    // Each refusal and the slow-down are in the audit log, under the address that was tried.
    expect(
      (await auditRowsOf(browser, "sign-in.failed")).filter((row) => row.actor === email).length,
    ).toBeGreaterThanOrEqual(5);
    expect(
      (await auditRowsOf(browser, "sign-in.throttled")).filter((row) => row.actor === email),
    ).not.toHaveLength(0);

    // Another client that has not failed is checked at once: guesses never lock an account.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.7" } });
    const other = await elsewhere.newPage();
    await other.goto("/sign-in");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill("guess number 7");
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
    await elsewhere.close();
  });
});

test.describe("signed in", () => {
  // A session of its own: signing out ends it on the server.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a signed-in user sees who they are and can sign out", async ({ page }) => {
    await signInAs(page, "support");
    await page.goto("/");
    await expect(page.getByTestId("current-user")).toHaveText("support@demo.test · support");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
