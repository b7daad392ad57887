import { expect, test } from "@playwright/test";
import { storageState } from "./roles";

/**
 * Nothing a person or a script can send makes the console answer 500 or show its insides
 * (docs/console.md, "Sign-in, titles and missing pages"). `page.request` is the page's APIRequestContext,
 * with its cookies: signed out, then signed in.
 */
const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|webpack|\.next\/|Error: /;

test.describe("requests Next.js would answer with a 500", () => {
  for (const signedIn of [false, true]) {
    test.describe(signedIn ? "signed in" : "signed out", () => {
      test.use({ storageState: signedIn ? storageState("owner") : { cookies: [], origins: [] } });

      for (const path of [
        "/players/%zz",
        "/items/%zz",
        "/awards/%zz",
        "/players/%E0%A4%A",
        "/%zz",
        "/api/%zz",
      ]) {
        test(`${path} is a 400 page`, async ({ page }) => {
          const response = await page.request.get(path, { maxRedirects: 0 });
          expect(response.status()).toBe(400);
          const body = await response.text();
          expect(body).toContain("Bad address");
          expect(body).not.toMatch(STACK_TRACE);
        });
      }

      test("a server action posted from another origin is refused with 403", async ({ page, baseURL }) => {
        const request = page.request;
        for (const origin of ["https://evil.example", "null"]) {
          const response = await request.post("/", {
            headers: {
              "Next-Action": "0".repeat(42),
              Origin: origin,
              "Content-Type": "text/plain;charset=UTF-8",
            },
            data: "[]",
            maxRedirects: 0,
          });
          expect(response.status(), origin).toBe(403);
          expect(await response.text()).not.toMatch(STACK_TRACE);
        }
        // The same post from the console's own origin is not refused as foreign.
        const own = await request.post("/", {
          headers: {
            "Next-Action": "0".repeat(42),
            Origin: baseURL as string,
            "Content-Type": "text/plain;charset=UTF-8",
          },
          data: "[]",
          maxRedirects: 0,
        });
        expect(own.status()).not.toBe(403);
        expect(own.status()).toBeLessThan(500);
      });
    });
  }
});
