import { type NextRequest, NextResponse } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/return-path";

/**
 * Tells pages which link was asked for, so a signed-out visitor is sent to sign-in with it and
 * comes back to it (docs/console.md, "Sign-in"). Not a guard: every page checks the session
 * itself (STYLE: the proxy is a convenience only). A client-sent header of the same name is
 * replaced, never trusted.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  // A click inside the console fetches the page with Next's own `_rsc` cache-buster: not part of the link.
  const asked = request.nextUrl.clone();
  asked.searchParams.delete("_rsc");
  headers.set(REQUESTED_PATH_HEADER, `${asked.pathname}${asked.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the framework's files, not the API, not files with an extension.
  matcher: ["/((?!_next/|api/|.*\\.[a-zA-Z0-9]+$).*)"],
};
