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
 * True when a POST carries an Origin that is not this host, by the rule Next.js itself applies
 * to server actions (its action handler): the origin's host must equal the first
 * X-Forwarded-Host value, or else Host. A request without Origin passes (Next lets it
 * through as well: browsers always send one on a cross-site POST); `null` or an origin that is
 * not a URL is foreign.
 */
export function isForeignOriginPost(method: string, headers: Headers): boolean {
  if (method !== "POST") return false;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  return !host || originHost !== host;
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
