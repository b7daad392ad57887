import { DROPPED_HEADER } from "./forwarded-headers.cjs";

/**
 * Requests the console refuses before Next.js routes them, because Next would answer them with
 * a 500 (docs/console.md, "Sign-in, titles and missing pages"): a path whose percent-escapes do not
 * decode (`/players/%zz`: Next fails decoding the dynamic segment and then fails to render its
 * /400 page), and a server action posted from another origin (Next refuses it, but as a 500).
 * Used by proxy.ts; nothing here is a guard of its own: pages and actions check the session.
 */

/** True when some segment of the raw path has a `%` escape that does not decode to UTF-8 text. */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  return pathname.split("/").some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * True when a POST carries an Origin whose scheme, host and port are not this request's own
 * (docs/console.md, "Sign-in": "Proxies"): the host is X-Forwarded-Host, else Host, and the scheme
 * X-Forwarded-Proto, else the socket's (`socketProtocol`, `http:` or `https:`). By the time proxy.ts
 * runs, forwarded headers come from a trusted proxy or not at all (lib/http/forwarded-headers.cjs),
 * so Next.js's own check (host only) and Auth.js see the same host as this one. A request without
 * Origin passes (Next lets it through as well: browsers always send one on a cross-site POST);
 * `null`, an origin that is not a URL, or a host that does not make one is foreign.
 */
export function isForeignOriginPost(method: string, headers: Headers, socketProtocol: string): boolean {
  if (method !== "POST") return false;
  const origin = headers.get("origin");
  if (origin === null) return false;
  const host = headers.get("x-forwarded-host") || headers.get("host");
  const forwardedProto = headers.get("x-forwarded-proto");
  const protocol = forwardedProto ? `${forwardedProto}:` : socketProtocol;
  try {
    return !host || new URL(origin).origin !== new URL(`${protocol}//${host}`).origin;
  } catch {
    return true;
  }
}

/**
 * True when a POST came with its own X-Forwarded-Host or -Proto from an address that is not a
 * trusted proxy: the preload dropped them and said so in DROPPED_HEADER. Such a request is a
 * forgery or a proxy missing from TRUSTED_PROXIES; either way no action runs on a guessed origin.
 */
export function hasUntrustedForwarding(method: string, headers: Headers): boolean {
  return method === "POST" && headers.get(DROPPED_HEADER) !== null;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * A small page of our own for a refused request: no script, no detail of the server, a link home.
 * The status line and the heading say the same.
 */
export function refusalResponse(status: 400 | 403, heading: string, text: string): Response {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · Game Commerce Console</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1.5rem; line-height: 1.5">
<h1 style="font-size: 1.5rem">${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">Go to the overview</a></p>
</body></html>
`;
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
