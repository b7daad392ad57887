/**
 * What an API key may do (docs/service.md, "API keys"): the one list the contract's schema, the
 * service (its guard, its `npm run keys` tool) and the console's Create key form all read. No
 * schema library here, so that the tool checks a `--scopes` list without loading more than it.
 */
export const KEY_SCOPE_NAMES = ["read", "award", "fund", "keys", "reverse"] as const;
export type KeyScope = (typeof KEY_SCOPE_NAMES)[number];
