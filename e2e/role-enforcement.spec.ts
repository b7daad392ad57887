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
