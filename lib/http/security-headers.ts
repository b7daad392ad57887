/**
 * Response headers every console page and route carries (docs/console.md, "Security headers"),
 * set in next.config.ts. Frames are refused outright (no page of the console may be framed: a
 * hidden frame over "Send award" or "Fund wallet" is clickjacking); the rest narrows what a
 * browser does with the console's answers. Pages add their script policy with a fresh nonce
 * (proxy.ts, lib/http/content-security-policy.ts); a browser enforces both policies.
 */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  {
    key: "Content-Security-Policy",
    value: "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  },
];

/** Sent only when the console is reached over HTTPS (behind a proxy that says so). */
export const HSTS_HEADER = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };
