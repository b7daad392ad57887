import type { KeyView } from "@/lib/contract/keys";
import { type KeyStatus, keyStatus, keyWorks } from "./key-status";

/**
 * A key as the Keys page shows it (browser-safe: the server builds it, the table reads it). Never
 * a secret: the list carries none, and a new key's secret travels only in its action's answer.
 */
export interface KeyRow {
  id: number;
  name: string;
  /** The key's first characters: enough to tell keys apart, never to use one. */
  prefix: string;
  scopes: string[];
  /** ISO 8601 UTC; "" when unset. */
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string;
  /** The key this console's connection calls the service with. */
  thisKey: boolean;
  caps: { tokenGuid: string; symbol: string; daily: string; used: string }[];
  /** Where it stands when the page (or the action) read it. */
  status: KeyStatus;
}

/** The keys as the page lists them: keys that still work first, then the newest first (the service lists them oldest first). */
export function keyRowsInOrder(keys: readonly KeyView[], now: Date): KeyRow[] {
  return keys
    .map((key) => keyRow(key, now))
    .sort((a, b) => Number(keyWorks(b.status)) - Number(keyWorks(a.status)) || b.id - a.id);
}

/** A key of the service's list as a row, its status as of `now`. */
export function keyRow(key: KeyView, now: Date): KeyRow {
  return {
    id: key.Id,
    name: key.Name,
    prefix: key.Prefix,
    scopes: key.Scopes,
    createdAt: key.CreatedAt,
    lastUsedAt: key.LastUsedAt,
    expiresAt: key.ExpiresAt,
    revokedAt: key.RevokedAt,
    thisKey: key.ThisKey,
    caps: key.Caps.map((cap) => ({
      tokenGuid: cap.TokenGuid,
      symbol: cap.TokenSymbol,
      daily: cap.Daily,
      used: cap.Used,
    })),
    status: keyStatus(key, now),
  };
}

/** What the Keys page shows besides the list. */
export interface KeysPageData {
  keys: KeyRow[];
  /** The project's tokens, for choosing what a new key's caps apply to. */
  tokens: { guid: string; symbol: string; name: string }[];
  /** Why the tokens could not be read (the service's words); null when they were. */
  tokensProblem: string | null;
  /** The connection comes from the environment (COMMERCE_API_KEY): the console cannot store a rolled key. */
  keyFromEnvironment: boolean;
}

/** A new key's answer to the owner who asked: the secret, this once. */
export interface NewKeySecret {
  key: KeyRow;
  secret: string;
  /** Roll: when the old key stops working; "" for a new key. */
  oldKeyWorksUntil: string;
}

/** What rolling answers: another key's new secret once, or — this console's own key — no secret at all. */
export type RolledKey =
  | ({ own: false } & NewKeySecret)
  | { own: true; key: KeyRow; oldKeyWorksUntil: string; connection: string };
