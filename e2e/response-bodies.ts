import type { BrowserContext } from "@playwright/test";

/** One answer a browser received: where from, its type, whether it answered a server action, and its body. */
export interface SeenResponse {
  url: string;
  type: string;
  /** A server action's answer (a POST with a `Next-Action` header). */
  action: boolean;
  body: string;
}

/**
 * Records the body of every answer the context's pages receive, by fetching each request on the
 * browser's behalf and handing the answer back unchanged. Listening for "response" events is not
 * enough: Chromium drops the bodies of prefetched RSC payloads and of server action answers once
 * they are read, so a check of those would pass without having looked. Redirects are passed back as
 * they are (the browser follows them itself).
 *
 * A build's scripts and styles (`/_next/static/…`) are named by their content and never change:
 * each is recorded the first time, and later loads of it go to the console directly. Routing turns
 * the browser's cache off, so every page load asked for all of them again through this process:
 * most of the key-leak spec's processor time, for bodies already searched.
 */
export async function recordResponses(context: BrowserContext, seen: SeenResponse[]): Promise<void> {
  const recordedStatic = new Set<string>();
  await context.route("**/*", async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (recordedStatic.has(pathname)) return route.continue().catch(() => undefined);
    let response: Awaited<ReturnType<typeof route.fetch>>;
    try {
      response = await route.fetch({ maxRedirects: 0 });
    } catch {
      // The page went away, or the request was cancelled, while it was in flight.
      await route.abort().catch(() => undefined);
      return;
    }
    const read = await response.body().catch(() => null);
    const body = read ?? Buffer.alloc(0);
    if (read && response.ok() && pathname.startsWith("/_next/static/")) recordedStatic.add(pathname);
    seen.push({
      url: request.url(),
      type: response.headers()["content-type"] ?? "",
      action: request.method() === "POST" && (await request.headerValue("next-action")) !== null,
      body: body.toString("utf8"),
    });
    await route.fulfill({ response, body }).catch(() => undefined);
  });
}
