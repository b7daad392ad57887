import { expect, test } from "@playwright/test";
import { auditRowsOf } from "./audit";
import { signInFrom, TRUSTED_PROXY_ADDRESS } from "./from-address";
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

    // Another address that has not failed is checked at once: guesses never lock an account.
    expect(await signInFrom("127.0.0.5", email, "guess number 7")).toBe("credentials");
  });

  test("made-up X-Forwarded-For values do not make a new client: the address's count goes on (issue 25)", async () => {
    // A script at one address guessing at many accounts, naming a new address each time.
    const guess = (i: number) =>
      signInFrom("127.0.0.3", `nobody${i}@demo.test`, "guess", { "x-forwarded-for": `203.0.113.${i + 1}` });
    for (let i = 0; i < 10; i += 1) expect(await guess(i)).toBe("credentials");
    expect(await guess(10)).toMatch(/^throttled-client-\d+$/);
  });

  test("the client is the socket, or behind a trusted proxy the address it forwards", async ({ browser }) => {
    const email = "forwarded@demo.test";
    await signInFrom("127.0.0.4", email, "guess", { "x-forwarded-for": "198.51.100.41" });
    await signInFrom(TRUSTED_PROXY_ADDRESS, email, "guess", { "x-forwarded-for": "made.up, 198.51.100.42" });
    const clients = (await auditRowsOf(browser, "sign-in.failed"))
      .filter((row) => row.actor === email)
      .map((row) => row.client);
    expect(clients.sort()).toEqual(["127.0.0.4", "198.51.100.42"]);
  });

  test("twenty strangers' wrong passwords never keep the owner of an account out of their own browser (issue 25)", async ({
    browser,
  }) => {
    const { email, password } = ROLES.support;
    // The person signed in from this browser before: the console knows it (HttpOnly, signed).
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signInAs(page, "support");
    const known = (await context.cookies()).find((cookie) => cookie.name === "console-known-device");
    expect(known?.httpOnly).toBe(true);
    await context.clearCookies({ name: /authjs/ });
    // Twenty strangers, each at an address of its own, naming made-up ones too.
    for (let i = 0; i < 20; i += 1)
      expect(
        await signInFrom(`127.0.0.${20 + i}`, email, `stranger guess ${i}`, {
          "x-forwarded-for": `198.51.100.${i + 1}`,
        }),
      ).toBe("credentials");
    // A typo, then the right password, from the known browser: in at once.
    await page.goto("/sign-in");
    const button = page.getByRole("button", { name: "Sign in", exact: true });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("demo-pasword");
    await button.click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await button.click();
    await expect(page.getByTestId("current-user")).toHaveText(`${email} · support`);
    await context.close();
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
