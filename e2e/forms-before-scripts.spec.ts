import { expect, test } from "@playwright/test";
import { storageState } from "./roles";

/**
 * docs/console.md, "Forms": a form sent before the page's scripts have run (a slow connection,
 * Enter pressed early) must not put its fields into the address. The page's scripts are held
 * back until the form has gone.
 */
test.use({ storageState: storageState("owner") });

test("a first password sent before the page's scripts ran goes in a POST body, never into the address", async ({
  page,
}) => {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Scripts only: the stylesheet blocks the first paint, and a person sees the form before the scripts.
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const sent: { method: string; url: string; body: string }[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest())
      sent.push({ method: request.method(), url: request.url(), body: request.postData() ?? "" });
  });

  await page.goto("/settings/users", { waitUntil: "commit" });
  const password = page.getByLabel("First password");
  await page.getByLabel("Email").fill("early-enter@demo.test");
  await password.fill("Never-in-a-URL-1");
  await password.press("Enter");
  await expect.poll(() => sent.length).toBe(2);
  release();

  const [, submitted] = sent;
  expect(submitted?.method).toBe("POST");
  expect(submitted?.body).toContain("password=Never-in-a-URL-1");
  expect(submitted?.url).not.toContain("Never-in-a-URL");
  // The page answers with itself: nothing was created (the action never ran), nothing in the address.
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  expect(page.url()).not.toContain("Never-in-a-URL");
  await expect(page.getByRole("row").filter({ hasText: "early-enter@demo.test" })).toHaveCount(0);
});
