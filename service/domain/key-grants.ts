import { compareDecimals } from "@/lib/contract/decimal";
import type { KeyScope } from "@/lib/contract/key-scopes";
import type { ApiKeyListing } from "./keys";
import { ServiceError } from "./service-error";
import { wireDate } from "./sql-rows";

/**
 * A key grants only what it has (docs/service.md, "API keys"): the keys it makes have a subset
 * of its scopes, caps as tight as its own and a life no longer than its own (a key that expires
 * cannot make one that outlives it), and it rolls or revokes only keys it could have
 * made — so a key with the `keys` scope cannot make itself a stronger key, nor revoke or take
 * over (a roll answers the new secret) a stronger key, such as the console's own. A refusal is
 * 403 KEY_NOT_ALLOWED, as for a key without a scope.
 */

/** What a key may do: its scopes, its caps (exact decimal text) on the tokens it is capped on, and until when (null: no end). */
export interface KeyGrant {
  scopes: readonly string[];
  caps: readonly { tokenGuid: string; daily: string }[];
  expiresAt: Date | null;
}

/** A cap of the granting key, as the listing shows it (with its token's symbol). */
type GranterCap = ApiKeyListing["caps"][number];

type Excess =
  | { kind: "scope"; scope: string }
  | { kind: "outlives"; until: Date }
  | { kind: "uncapped"; cap: GranterCap }
  | { kind: "looser"; cap: GranterCap; index: number; daily: string };

/**
 * The first thing `wanted` has that `granter` could not give, or null. Caps limit awards only,
 * so they are compared only when `wanted` may award: a key without the `award` scope needs no cap.
 */
function excess(granter: ApiKeyListing, wanted: KeyGrant): Excess | null {
  const scope = wanted.scopes.find((s) => !granter.scopes.includes(s as KeyScope));
  if (scope !== undefined) return { kind: "scope", scope };
  const until = granter.expiresAt;
  if (until !== null && (wanted.expiresAt === null || wanted.expiresAt.getTime() > until.getTime()))
    return { kind: "outlives", until };
  if (!wanted.scopes.includes("award")) return null;
  for (const cap of granter.caps) {
    const index = wanted.caps.findIndex((c) => c.tokenGuid.toLowerCase() === cap.tokenGuid.toLowerCase());
    const own = wanted.caps[index];
    if (!own) return { kind: "uncapped", cap };
    if (compareDecimals(own.daily, cap.daily) > 0) return { kind: "looser", cap, index, daily: own.daily };
  }
  return null;
}

const notAllowed = (message: string) => new ServiceError("KEY_NOT_ALLOWED", 403, message);

/** Refuses a new key (`POST /Keys`) asking for more than the key that makes it has. */
export function checkMayCreate(granter: ApiKeyListing, wanted: KeyGrant): void {
  const found = excess(granter, wanted);
  if (!found) return;
  const tail = "A key may give another key only";
  if (found.kind === "scope")
    throw notAllowed(
      `This API key may not grant the scope "${found.scope}": its scopes are ${granter.scopes.join(", ")}. ${tail} scopes it has itself.`,
    );
  if (found.kind === "outlives")
    throw notAllowed(
      `ExpiresAt must be no later than this API key's own end, ${wireDate(found.until)}${wanted.expiresAt === null ? " (it is empty: never)" : ""}. ${tail} as long a life as its own.`,
    );
  const { tokenSymbol: symbol, daily } = found.cap;
  if (found.kind === "uncapped")
    throw notAllowed(
      `This API key may award at most ${daily} ${symbol} (${found.cap.tokenGuid}) in any 24 hours, so a key it gives the "award" scope needs a cap on ${symbol} of at most ${daily}: Caps has none.`,
    );
  throw notAllowed(
    `Caps[${found.index}].Daily ${found.daily} is more than this API key's own cap on ${symbol}, ${daily} in any 24 hours. ${tail} caps as tight as its own.`,
  );
}

/** Refuses a roll or a revocation of a key stronger than the key that asks. */
export function checkMayManage(granter: ApiKeyListing, target: ApiKeyListing, act: "roll" | "revoke"): void {
  const found = excess(granter, {
    scopes: target.scopes,
    caps: target.caps.map((cap) => ({ tokenGuid: cap.tokenGuid, daily: cap.daily })),
    expiresAt: target.expiresAt,
  });
  if (!found) return;
  const start = `This API key may not ${act} key ${target.id}: that key`;
  const tail = "A key may revoke or roll only keys it could have made itself.";
  if (found.kind === "scope")
    throw notAllowed(
      `${start} has the scope "${found.scope}", which this key does not have (its scopes are ${granter.scopes.join(", ")}). ${tail}`,
    );
  if (found.kind === "outlives")
    throw notAllowed(`${start} works past this key's own end, ${wireDate(found.until)}. ${tail}`);
  const { tokenSymbol: symbol, daily } = found.cap;
  if (found.kind === "uncapped")
    throw notAllowed(
      `${start} has no cap on ${symbol}, and this key may award at most ${daily} ${symbol} in any 24 hours. ${tail}`,
    );
  throw notAllowed(
    `This API key may not ${act} key ${target.id}: its cap on ${symbol}, ${found.daily}, is looser than this key's, ${daily} in any 24 hours. ${tail}`,
  );
}
