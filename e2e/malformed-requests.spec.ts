import { expect, type Page, type Request, test } from "@playwright/test";
import { ROLES, storageState } from "./roles";
import { CONSOLE_PORT } from "./servers";

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

test.describe("forged forwarded headers and origins (issue 25)", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  // What the browser's sign-in post carries besides its own headers; each once ran the action or
  // answered 500 (Auth.js: Invalid URL).
  const FORGED: [string, Record<string, string>][] = [
    [
      "a list in X-Forwarded-Host",
      { origin: "http://evil.example", "x-forwarded-host": "evil.example, 127.0.0.1:4200" },
    ],
    [
      "a foreign Origin with a matching X-Forwarded-Host",
      { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    ],
    ["an https Origin on the same host over plain HTTP", { origin: `https://127.0.0.1:${CONSOLE_PORT}` }],
  ];
  /** The browser's own sign-in post (the right password), held back and sent again with `extra` headers. */
  const replaySignIn = async (page: Page, extra: Record<string, string>) => {
    let held: Request | undefined;
    await page.route("**/sign-in**", (route) => {
      if (route.request().method() !== "POST") return route.continue();
      held = route.request();
      return route.abort();
    });
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ROLES.support.email);
    await page.getByLabel("Password").fill(ROLES.support.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => held !== undefined).toBe(true);
    await page.unrouteAll();
    const post = held as Request;
    const sent = await post.allHeaders();
    const kept = ["next-action", "next-router-state-tree", "content-type", "accept", "origin"];
    // The page's request context shares the page's cookies: a session would land there.
    return page.request.post(post.url(), {
      headers: { ...Object.fromEntries(kept.map((header) => [header, sent[header] ?? ""])), ...extra },
      data: post.postDataBuffer() ?? "",
      maxRedirects: 0,
    });
  };
  const sessionCookie = async (page: Page) =>
    (await page.context().cookies()).some((cookie) => cookie.name === "authjs.session-token");

  for (const [name, forged] of FORGED) {
    test(`a sign-in with ${name} is refused with 403 and signs nobody in`, async ({ page }) => {
      const refused = await replaySignIn(page, forged);
      expect(refused.status()).toBe(403);
      expect(await refused.text()).not.toMatch(STACK_TRACE);
      // Nothing ran: no session, and the console still asks for a sign-in.
      expect(await sessionCookie(page)).toBe(false);
      await page.goto("/");
      await expect(page).toHaveURL(/\/sign-in$/);
    });
  }

  test("the same post sent again unchanged signs in (so the refusals above are the headers' doing)", async ({
    page,
  }) => {
    const answer = await replaySignIn(page, {});
    expect(answer.status()).toBeLessThan(400);
    expect(await sessionCookie(page)).toBe(true);
  });
});
