import { expect, test } from "@playwright/test";
import { storageState } from "./roles";

/**
 * Hiding a button is never the only check: a support user who posts to an owner-only server
 * action directly, with its Next-Action id, gets a refusal and no data, and nothing changes.
 */
test("a support user calling an owner-only server action directly is refused", async ({ browser }) => {
  // The owner's browser reveals the action's id: it is in every request the form sends.
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/settings/users");
  const posted = ownerPage.waitForRequest(
    (request) => request.method() === "POST" && !!request.headers()["next-action"],
  );
  await ownerPage.getByRole("button", { name: "Create user" }).click();
  const actionId = (await posted).headers()["next-action"] as string;
  expect(actionId).toMatch(/^[0-9a-f]{40,}$/);

  const support = await browser.newContext({ storageState: storageState("support") });
  const email = `forbidden-${Date.now()}@demo.test`;
  const response = await support.request.post("/settings/users", {
    headers: {
      "Next-Action": actionId,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
    },
    data: JSON.stringify([{ email, name: "", role: "owner", password: "a long enough password" }]),
  });
  const body = await response.text();
  expect(response.status()).toBe(200);
  expect(body).toContain('"ok":false');
  expect(body).toContain("Your role does not allow this.");
  expect(body).not.toContain(email);

  // The same call as the owner would have worked: the refusal is the role, not a broken request.
  await ownerPage.reload();
  await expect(ownerPage.getByTestId(`user-${email}`)).toHaveCount(0);

  // And the pages themselves refuse support on the server.
  const supportPage = await support.newPage();
  await supportPage.goto("/settings/users");
  await expect(supportPage).toHaveURL(/\/not-allowed\?need=users%3Amanage$/);
  await supportPage.goto("/settings/connections");
  await expect(supportPage).toHaveURL(/\/not-allowed\?need=/);
  await owner.close();
  await support.close();
});

test("a signed-out caller of a server action gets no data either", async ({ browser }) => {
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  await page.goto("/settings/connections");
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && !!request.headers()["next-action"],
  );
  await page.getByRole("button", { name: "Test connection Starfall Arena (demo)" }).click();
  const actionId = (await posted).headers()["next-action"] as string;
  await owner.close();

  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const response = await anonymous.request.post("/settings/connections", {
    headers: {
      "Next-Action": actionId,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
    },
    data: JSON.stringify([{ ref: "env" }]),
  });
  const body = await response.text();
  expect(body).toContain("Your session has ended: sign in again.");
  expect(body).not.toContain("Connected");
  await anonymous.close();
});

/** The live GET routes use the pages' guard: signed out is 401, a role without the permission 403. */
test("the live data routes check the session and the role like pages", async ({ browser, playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const support = await browser.newContext({ storageState: storageState("support") });
  const manager = await browser.newContext({ storageState: storageState("manager") });
  try {
    const routes = [
      "/api/wallet",
      "/api/player?customer=player-1001",
      "/api/awards/statuses?ids=",
      "/api/batches/1",
    ];
    for (const route of routes) {
      const response = await anonymous.get(route);
      expect(response.status(), route).toBe(401);
      expect(await response.json()).toEqual({ error: "Your session has ended: sign in again." });
    }
    // The wallet is for managers and owners (docs/console.md, roles).
    const refused = await support.request.get("/api/wallet");
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: "Your role does not allow this." });
    expect((await manager.request.get("/api/wallet")).status()).toBe(200);
    expect((await support.request.get("/api/player?customer=player-1001")).status()).toBe(200);
    // Bad input names the field and the rule.
    const bad = await support.request.get(`/api/player?customer=${encodeURIComponent("a\u200bb")}`);
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toBe(
      "Customer ID must not contain invisible characters (zero-width spaces or direction marks).",
    );
  } finally {
    await Promise.all([anonymous.dispose(), support.close(), manager.close()]);
  }
});
