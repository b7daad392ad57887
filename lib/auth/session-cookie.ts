import "server-only";
import { decode } from "next-auth/jwt";

/**
 * The signed-in person's ids from Auth.js's session cookie, read without running Auth.js's whole
 * session endpoint on every request (docs/console.md, "Sessions").
 *
 * Auth.js's `auth()` answers a page by building a request and running its `session` action: a
 * fresh CSRF token and its SHA-256, the cookie decrypted, the session re-encrypted with a new
 * expiry — a cookie a page render may not set, so that work was thrown away on every answer
 * (docs/benchmarks.md, "Console: where the … award form spend their server time"). The cookie only
 * carries two ids; whether the session still stands is the database's answer
 * (lib/auth/sessions.ts), asked on every request all the same. So this decrypts the cookie with
 * Auth.js's own `decode` (the same key derivation, the same algorithms, the same expiry check)
 * and keeps what a token decrypted to: the same string always decrypts to the same ids, so a
 * kept answer is as good as a new one until the token's own expiry.
 */

export interface SessionCookieIds {
  userId: number;
  sessionId: string;
}

/** Auth.js's session cookie names: `__Secure-` on https (its `defaultCookies`). */
const PLAIN = "authjs.session-token";
const SECURE = `__Secure-${PLAIN}`;

/** The cookie name Auth.js uses for this request, decided as it decides it (`createActionURL`). */
export function sessionCookieName(
  headers: Headers,
  authUrl = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL,
): string {
  const protocol = authUrl ? new URL(authUrl).protocol : `${headers.get("x-forwarded-proto") ?? "https"}:`;
  return protocol.startsWith("https") ? SECURE : PLAIN;
}

/** The cookie's value: whole, or in Auth.js's chunks (`name.0`, `name.1`, …) when it grew past 4 kB. */
export function sessionCookieValue(cookies: ReadonlyMap<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`) ?? "");
  return chunks.length > 0 ? chunks.join("") : null;
}

interface Kept {
  ids: SessionCookieIds | null;
  /** The token's own expiry (ms since the epoch); a kept answer is dropped past it. */
  expiresAt: number;
}

/** Enough for every person signed in to one console at once; the oldest goes first past it. */
const KEPT_TOKENS = 2000;
/** What a token that does not decrypt is kept as: a bad cookie is refused without decrypting again for a minute. */
const REFUSAL_KEPT_MS = 60_000;
let kept = { secret: "", tokens: new Map<string, Kept>() };

/**
 * The ids a session cookie carries, or null for no cookie, a token this secret did not sign, an
 * expired token or one without both ids.
 */
export async function readSessionCookie(
  token: string | null,
  secret: string,
  salt: string,
  now = Date.now(),
): Promise<SessionCookieIds | null> {
  if (!token) return null;
  // A new secret (rotated, docs/configuration.md) makes every kept answer void.
  if (kept.secret !== secret) kept = { secret, tokens: new Map() };
  const key = `${salt}\n${token}`;
  const hit = kept.tokens.get(key);
  if (hit && hit.expiresAt > now) return hit.ids;
  kept.tokens.delete(key);
  const fresh = await decrypted(token, secret, salt, now);
  if (kept.tokens.size >= KEPT_TOKENS) kept.tokens.delete(kept.tokens.keys().next().value as string);
  kept.tokens.set(key, fresh);
  return fresh.ids;
}

async function decrypted(token: string, secret: string, salt: string, now: number): Promise<Kept> {
  const refused = { ids: null, expiresAt: now + REFUSAL_KEPT_MS };
  try {
    const payload = await decode({ token, secret, salt });
    if (!payload) return refused;
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    const expiresAt = typeof payload.exp === "number" ? payload.exp * 1000 : 0;
    if (!Number.isInteger(userId) || userId <= 0 || typeof sessionId !== "string" || expiresAt <= now)
      return refused;
    return { ids: { userId, sessionId }, expiresAt };
  } catch {
    // Not ours, tampered with, or past its expiry (jose checks `exp`): no sign-in.
    return refused;
  }
}
