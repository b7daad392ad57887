import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { TEST_LIMITS } from "../testing/test-limits";
import { auditRowsOf } from "./audit";
import { storageState } from "./roles";

/**
 * Developers → Webhooks (docs/console.md, "Webhooks"), through the browser against the demo's
 * service, whose webhooks may go to this machine and retry within a second (playwright.config.ts):
 * an owner adds an endpoint at a receiver this test runs, sends it a test event and sees it in the
 * log; the receiver breaks, the log shows the retries, and once it is fixed the owner sends the
 * event again; the secret is rolled (both signatures meanwhile) and the endpoint deleted — each
 * act in the audit log.
 */

interface Got {
  headers: IncomingHttpHeaders;
  body: string;
  id: string;
  type: string;
  status: number;
}

/** A game server's receiver: keeps every request and answers `status`. */
async function receiver(): Promise<{ server: Server; url: string; got: Got[]; answer: { status: number } }> {
  const got: Got[] = [];
  const answer = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body) as { id: string; type: string };
      got.push({ headers: request.headers, body, id: event.id, type: event.type, status: answer.status });
      response.writeHead(answer.status).end(answer.status === 200 ? "ok" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/e2e-${Date.now().toString(36)}`, got, answer };
}

function verifies(got: Got, secret: string): boolean {
  try {
    new Webhook(secret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}

async function copySecret(page: Page): Promise<string> {
  const dialog = page.getByTestId("new-secret-dialog");
  await expect(dialog).toContainText("You will not see it again");
  const secret = ((await dialog.getByTestId("new-secret").textContent()) ?? "").trim();
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).toHaveCount(0);
  return secret;
}

test("an owner adds an endpoint, tests it, sees retries while it is down, sends again once fixed, rolls its secret and deletes it", async ({
  browser,
}) => {
  test.setTimeout(2 * TEST_LIMITS.testMs);
  const hooks = await receiver();
  const owner = await browser.newContext({ storageState: storageState("owner") });
  const page = await owner.newPage();
  try {
    await page.goto("/developers/webhooks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");

    // 1. Add the endpoint, taking one event type only (other tests' awards stay away from it).
    const add = page.getByRole("form", { name: "Add endpoint" });
    await add.getByLabel("Endpoint URL").fill(hooks.url);
    await add.getByLabel("Description").fill("e2e receiver");
    await add.getByRole("button", { name: /^Key expiring/ }).click();
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await copySecret(page);
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByRole("article", { name: `Endpoint ${hooks.url}` });
    await expect(card).toContainText("key.expiring");
    await expect(card).toContainText("Enabled");

    // 2. A test event reaches the receiver, signed with the secret, and shows in the log.
    await card.getByRole("button", { name: `Send a test event to ${hooks.url}` }).click();
    await expect.poll(() => hooks.got.filter((g) => g.type === "webhook.test").length).toBe(1);
    const [first] = hooks.got;
    expect(first && verifies(first, secret)).toBe(true);
    await card.getByRole("link", { name: `Deliveries to ${hooks.url}` }).click();
    const log = page.locator("#deliveries");
    await expect(log.getByRole("row").filter({ hasText: "webhook.test" })).toHaveCount(1);
    await expect(log.getByRole("row").filter({ hasText: "webhook.test" })).toContainText("Delivered");

    // 3. The receiver breaks: a second test event is tried again and again.
    hooks.answer.status = 503;
    await card.getByRole("button", { name: `Send a test event to ${hooks.url}` }).click();
    await expect
      .poll(() => hooks.got.filter((g) => g.status === 503).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const failing = hooks.got.find((g) => g.status === 503) as Got;
    const row = log.getByRole("row").filter({ hasText: "Waiting" }).first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByRole("button", { name: /^Details of webhook.test/ }).click();
    const details = page.getByTestId("delivery-dialog");
    await expect(details.getByTestId("delivery-attempts").getByRole("listitem")).not.toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(details.getByTestId("delivery-attempts")).toContainText("HTTP 503");

    // 4. Fixed: the owner sends it again, under its own id; it is delivered.
    hooks.answer.status = 200;
    await details.getByRole("button", { name: "Send again" }).click();
    await expect(page.getByTestId("webhook-notice")).toContainText("sent to");
    await expect
      .poll(() => hooks.got.filter((g) => g.id === failing.id && g.status === 200).length)
      .toBeGreaterThanOrEqual(1);
    await expect(log.getByRole("row").filter({ hasText: "Waiting" })).toHaveCount(0, { timeout: 15_000 });

    // 5. A rolled secret: the next event carries both signatures.
    await card.getByRole("button", { name: `Roll the signing secret of ${hooks.url}` }).click();
    await page
      .getByRole("alertdialog")
      .or(page.getByRole("dialog"))
      .getByRole("button", { name: "Roll secret" })
      .click();
    const rolled = await copySecret(page);
    expect(rolled).not.toBe(secret);
    await expect(card).toContainText("signs too until");
    const before = hooks.got.length;
    await card.getByRole("button", { name: `Send a test event to ${hooks.url}` }).click();
    await expect.poll(() => hooks.got.length).toBeGreaterThan(before);
    const last = hooks.got.at(-1) as Got;
    expect(verifies(last, rolled)).toBe(true);
    expect(verifies(last, secret)).toBe(true);
  } finally {
    // 6. Deleted: nothing more is sent to it.
    const card = page.getByRole("article", { name: `Endpoint ${hooks.url}` });
    if ((await card.count()) > 0) {
      await card.getByRole("button", { name: `Delete ${hooks.url}` }).click();
      await page
        .getByRole("alertdialog")
        .or(page.getByRole("dialog"))
        .getByRole("button", { name: "Delete endpoint" })
        .click();
      await expect(card).toHaveCount(0);
    }
    await owner.close();
    hooks.server.close();
  }
  for (const kind of [
    "webhook.created",
    "webhook.tested",
    "webhook.resent",
    "webhook.secret-rolled",
    "webhook.deleted",
  ]) {
    const rows = await auditRowsOf(browser, kind);
    expect(
      rows.some((r) => JSON.stringify(r.detail).includes(hooks.url)),
      kind,
    ).toBe(true);
  }
});
