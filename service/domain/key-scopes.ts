/**
 * What a key may do (docs/service.md, "API keys"). Apart from the keys' database code, so that
 * `npm run keys` checks a --scopes list without loading the database driver.
 */
export const KEY_SCOPES = ["read", "award", "fund", "keys"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
