/**
 * Why a service does not give the console its keys or its request log, when it is not a failure
 * of the moment (browser-safe: the pages and their live parts read it): it does not offer the
 * extension (a service that implements the spec only answers 404 or 405), or the console's key
 * lacks the `keys` scope (403 KEY_NOT_ALLOWED, with the service's words).
 */
export type ExtensionRefusal = { kind: "missing" } | { kind: "not-allowed"; message: string };

/** A read that the page shows as data, or as what the service does not offer. */
export type ExtensionRead<T> = { state: "ok"; data: T } | ({ state: "unavailable" } & ExtensionRefusal);
