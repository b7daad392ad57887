import { type NextRequest, NextResponse } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/return-path";
import { NONCE_HEADER, newNonce, pageContentSecurityPolicy } from "@/lib/http/content-security-policy";
import {
  hasMalformedEscape,
  hasUntrustedForwarding,
  isForeignOriginPost,
  refusalResponse,
} from "@/lib/http/request-refusals";

/**
 * Gives every page its script policy with a fresh nonce, and tells pages which link was asked for, so a signed-out visitor is sent to sign-in with it and
 * comes back to it (docs/console.md, "Sign-in, titles and missing pages"). Not a guard: every page checks the session
 * itself (STYLE: the proxy is a convenience only). A client-sent header of the same name is
 * replaced, never trusted.
 */
export function proxy(request: NextRequest) {
  // Requests Next.js would answer with a 500 (lib/http/request-refusals.ts).
  if (hasMalformedEscape(request.nextUrl.pathname))
    return refusalResponse(
      400,
      "Bad address",
      "This address has a % escape that is not valid. Check the link.",
    );
  if (hasUntrustedForwarding(request.method, request.headers))
    return refusalResponse(
      403,
      "Refused",
      "This form came with forwarded host or scheme headers from an address that is not a trusted proxy, so the console did not run it.",
    );
  if (isForeignOriginPost(request.method, request.headers, request.nextUrl.protocol))
    return refusalResponse(
      403,
      "Refused",
      "This form was sent from another site, so the console did not run it.",
    );
  if (!isPage(request.nextUrl.pathname)) return NextResponse.next();
  const headers = new Headers(request.headers);
  // A click inside the console fetches the page with Next's own `_rsc` cache-buster: not part of the link.
  const asked = request.nextUrl.clone();
  asked.searchParams.delete("_rsc");
  headers.set(REQUESTED_PATH_HEADER, `${asked.pathname}${asked.search}`);
  // A fresh nonce per page: Next.js reads it from the request's policy for its own scripts, the
  // root layout from NONCE_HEADER for the theme script (lib/http/content-security-policy.ts).
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/** Pages: not the framework's files, not the API, not files with an extension. */
const PAGE = /^\/(?!_next\/|api\/|.*\.[a-zA-Z0-9]+$)/;
const isPage = (pathname: string) => PAGE.test(pathname);

export const config = {
  // Pages, and any other path with a % escape (it may be malformed); never the framework's files.
  matcher: ["/((?!_next/|api/|.*\\.[a-zA-Z0-9]+$).*)", "/((?!_next/).*%.*)"],
};
