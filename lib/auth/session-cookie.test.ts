import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { readSessionCookie, sessionCookieName, sessionCookieValue } from "./session-cookie";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const SALT = "authjs.session-token";

/** A cookie as Auth.js's sign-in writes it (lib/auth/auth.ts's jwt callback: `sub` and `sid`). */
const token = (
  claims: Record<string, unknown>,
  options: { secret?: string; salt?: string; maxAge?: number } = {},
) =>
  encode({
    token: claims,
    secret: options.secret ?? SECRET,
    salt: options.salt ?? SALT,
    maxAge: options.maxAge,
  });

describe("readSessionCookie", () => {
  it("reads the user and session ids of a cookie Auth.js wrote", async () => {
    const cookie = await token({ sub: "7", sid: "session-abc" });
    expect(await readSessionCookie(cookie, SECRET, SALT)).toEqual({ userId: 7, sessionId: "session-abc" });
    // Kept: the same answer again.
    expect(await readSessionCookie(cookie, SECRET, SALT)).toEqual({ userId: 7, sessionId: "session-abc" });
  });

  it("is no sign-in for no cookie, another secret, another cookie name, a changed byte or missing ids", async () => {
    const cookie = await token({ sub: "7", sid: "session-abc" });
    expect(await readSessionCookie(null, SECRET, SALT)).toBeNull();
    expect(
      await readSessionCookie(
        await token({ sub: "7", sid: "s" }, { secret: "another-secret-0123456789-abcdef" }),
        SECRET,
        SALT,
      ),
    ).toBeNull();
    expect(
      await readSessionCookie(
        await token({ sub: "7", sid: "s" }, { salt: `__Secure-${SALT}` }),
        SECRET,
        SALT,
      ),
    ).toBeNull();
    const middle = Math.floor(cookie.length / 2);
    const changed = `${cookie.slice(0, middle)}${cookie[middle] === "A" ? "B" : "A"}${cookie.slice(middle + 1)}`;
    expect(await readSessionCookie(changed, SECRET, SALT)).toBeNull();
    expect(await readSessionCookie(await token({ sub: "7" }), SECRET, SALT)).toBeNull();
    expect(await readSessionCookie(await token({ sid: "s" }), SECRET, SALT)).toBeNull();
    expect(await readSessionCookie(await token({ sub: "seven", sid: "s" }), SECRET, SALT)).toBeNull();
  });

  it("drops a kept answer when the secret changes and when the token expires", async () => {
    const cookie = await token({ sub: "8", sid: "session-8" }, { maxAge: 60 });
    expect(await readSessionCookie(cookie, SECRET, SALT)).toEqual({ userId: 8, sessionId: "session-8" });
    // A rotated secret: the old cookie no longer signs anyone in, though its answer was kept.
    expect(await readSessionCookie(cookie, "the-rotated-secret-0123456789-abcdef", SALT)).toBeNull();
    expect(await readSessionCookie(cookie, SECRET, SALT)).toEqual({ userId: 8, sessionId: "session-8" });
    // Past the token's own expiry, the kept answer is not used.
    expect(await readSessionCookie(cookie, SECRET, SALT, Date.now() + 61_000)).toBeNull();
  });
});

describe("sessionCookieName and sessionCookieValue", () => {
  it("picks Auth.js's name for the request's protocol, AUTH_URL first", () => {
    expect(sessionCookieName(new Headers({ "x-forwarded-proto": "http" }), undefined)).toBe(SALT);
    expect(sessionCookieName(new Headers({ "x-forwarded-proto": "https" }), undefined)).toBe(
      `__Secure-${SALT}`,
    );
    expect(sessionCookieName(new Headers(), undefined)).toBe(`__Secure-${SALT}`);
    expect(sessionCookieName(new Headers({ "x-forwarded-proto": "https" }), "http://console.local")).toBe(
      SALT,
    );
  });

  it("joins a cookie Auth.js split into chunks, in order", () => {
    const jar = new Map([
      [`${SALT}.1`, "def"],
      [`${SALT}.0`, "abc"],
    ]);
    expect(sessionCookieValue(jar, SALT)).toBe("abcdef");
    expect(sessionCookieValue(new Map([[SALT, "whole"]]), SALT)).toBe("whole");
    expect(sessionCookieValue(new Map(), SALT)).toBeNull();
  });
});
