/**
 * Where a person goes after signing in: the console page they asked for, never another site.
 * Only a path on this origin passes — `/players/p-1?tab=items` — not `//evil.example`, not
 * `/\evil.example` (browsers read both as another host), not `https://…`, not a path with
 * control characters; anything else falls back to the overview (docs/console.md, "Sign-in").
 */
export function safeReturnPath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith("/")) return fallback;
  if (candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  // Resolved against a placeholder origin, a same-origin path stays on it; anything that
  // escapes (e.g. through odd encodings) does not.
  const resolved = new URL(candidate, "http://console.invalid");
  if (resolved.origin !== "http://console.invalid") return fallback;
  if (resolved.pathname === "/sign-in" || resolved.pathname.startsWith("/api/")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The request header the proxy sets with the path (and query) a page was asked for. */
export const REQUESTED_PATH_HEADER = "x-console-requested-path";

/** The sign-in page, with the link to come back to when there is one worth coming back to. */
export function signInPath(requested: string | null): string {
  const back = safeReturnPath(requested, "");
  return back && back !== "/" ? `/sign-in?next=${encodeURIComponent(back)}` : "/sign-in";
}
