import { expect, test } from "@playwright/test";
import { requestFrom, TRUSTED_PROXY_ADDRESS } from "./from-address";
import { storageState } from "./roles";

/** docs/console.md, "Security headers": every page and route, signed in or out. */
const EXPECTED = {
  "content-security-policy": "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

test.use({ storageState: storageState("owner") });

test("pages, live routes and the sign-in page carry the security headers; HSTS only over HTTPS", async ({
  page,
  browser,
}) => {
  for (const path of ["/", "/awards/new", "/wallet", "/api/wallet", "/no/such/page"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    const headers = response.headers();
    for (const [name, value] of Object.entries(EXPECTED)) {
      if (name !== "content-security-policy") expect(headers[name], `${path}: ${name}`).toBe(value);
      // Pages carry their script policy too (e2e/content-security-policy.spec.ts); every answer the base.
      else
        for (const directive of value.split("; "))
          expect(headers[name], `${path}: ${name}`).toContain(directive);
    }
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const signedOut = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const signIn = await signedOut.request.get("/sign-in");
    expect(signIn.headers()["x-frame-options"]).toBe("DENY");
    // Behind a TLS-terminating proxy that says so, browsers are told to keep to HTTPS; a client
    // that says so itself is not a trusted proxy (docs/console.md, "Sign-in": "Proxies").
    const overHttps = await requestFrom(TRUSTED_PROXY_ADDRESS, "GET", "/sign-in", {
      "x-forwarded-proto": "https",
    });
    expect(overHttps.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const claimed = await signedOut.request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers()["strict-transport-security"]).toBeUndefined();
  } finally {
    await signedOut.close();
  }
});

test("another site cannot frame the console (clickjacking on Send award)", async ({ page }) => {
  const target = new URL("/awards/new", test.info().project.use.baseURL).toString();
  // A page of another origin (about:blank) that frames the award form; the frame's load event
  // fires for the browser's own error page too.
  await page.setContent(`<iframe id="f" src="${target}" onload="this.dataset.loaded = '1'"></iframe>`);
  await expect(page.locator("#f")).toHaveAttribute("data-loaded", "1");
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  // Chromium shows its own error page in place of the console (signed in or not: no sign-in page either).
  expect(frame?.url()).toMatch(/^chrome-error:/);
  expect(await frame?.getByRole("heading").count()).toBe(0);
});
