/**
 * The client's address: X-Forwarded-For, which lib/http/forwarded-headers-preload.cjs has made a
 * single address before Next.js saw the request — the socket's, or, behind TRUSTED_PROXIES, the
 * first hop from the right that is not a trusted proxy (docs/console.md, "Sign-in": "Proxies").
 * The last entry is taken should a list still arrive.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for") ?? "";
  const last = forwarded.split(",").at(-1)?.trim() ?? "";
  return last === "" ? "unknown" : last.slice(0, 100);
}
