/**
 * The console's pages' script policy (docs/console.md, "Security headers"): a fresh nonce per
 * request, set by proxy.ts; Next.js puts it on its own scripts (it reads it from the request's
 * policy) and the root layout on the theme script. `'strict-dynamic'` lets those scripts load
 * the page's chunks; nothing else runs — not an inline script without the nonce, not a script
 * from another origin. Styles allow inline attributes: the UI kit positions popovers with them.
 */
export const NONCE_HEADER = "x-nonce";

export function newNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pageContentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Product and token pictures come from wherever the service says, over HTTPS.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
