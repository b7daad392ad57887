import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Known devices (docs/console.md, "Sign-in"): after a successful sign-in the browser keeps a
 * signed token for that account in an HttpOnly cookie. A later attempt for the same account that
 * shows it is counted per device (sign-in-throttle.ts), never held up by strangers' failures on
 * the account or by others at the same address. A token is `id.mac`: a random id, and an HMAC of
 * the account's email and the id under a key derived from AUTH_SECRET, so it is good for that
 * account only and cannot be made without the secret. One cookie holds the tokens of the last
 * few accounts signed in from the browser.
 */
export const KNOWN_DEVICE_COOKIE = "console-known-device";
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const TOKEN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, email: string, id: string) =>
  createHmac("sha256", secret).update(`console known device\0${email}\0${id}`).digest("base64url");

const tokensOf = (cookie: string | undefined) =>
  (cookie ?? "").split("~").filter((token) => TOKEN.test(token));

/** The id of the token in `cookie` that is good for `email`, or undefined. */
export function knownDeviceId(secret: string, email: string, cookie: string | undefined): string | undefined {
  for (const token of tokensOf(cookie)) {
    const [id = "", given = ""] = token.split(".");
    const expected = Buffer.from(mac(secret, email, id));
    if (timingSafeEqual(expected, Buffer.from(given.padEnd(expected.length).slice(0, expected.length))))
      return id;
  }
  return undefined;
}

/** The cookie's value after `email` signed in: its token first (kept, or new), then the others, at most five. */
export function rememberDevice(secret: string, email: string, cookie: string | undefined): string {
  const id = knownDeviceId(secret, email, cookie) ?? randomBytes(16).toString("base64url");
  const mine = `${id}.${mac(secret, email, id)}`;
  const others = tokensOf(cookie).filter((token) => token !== mine);
  return [mine, ...others].slice(0, MAX_ACCOUNTS).join("~");
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
