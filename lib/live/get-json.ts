/**
 * Reads one of the console's GET routes for TanStack Query: the JSON answer, or an Error with
 * the route's own `error` text (a 401 says the session ended; a 403 that the role may not).
 */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, cache: "no-store", headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    const said =
      typeof body?.error === "string" ? body.error : `The console answered HTTP ${response.status}.`;
    throw new Error(said);
  }
  return body as T;
}
