import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { canonicalDecimal } from "@/lib/contract/decimal";
import { KEY_SCOPE_NAMES, type KeyScope } from "@/lib/contract/key-scopes";
import type { ServiceDb } from "../db/connection";
import { apiKeys, projects } from "../db/schema";
import { rows } from "./sql-rows";

const KEY_PREFIX = "gcc_";

export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** 32 random bytes (docs/service.md, "Identifiers and parameters": API keys), URL-safe so it fits a path segment unescaped. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The non-secret part kept for listing: enough to tell keys apart, never enough to use one. */
export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

export interface AuthorizedProject {
  id: number;
  guid: string;
  /** What the key that passed may do. */
  scopes: readonly KeyScope[];
  /** Hex of the key's hash: a stable, non-secret identity for the rate limit and logs. */
  keyId: string;
  /** The key's row id (the `Id` of the keys extension and of the request log). */
  keyRowId: number;
  /** The project's catalogue version, read with the key: see domain/token-lines. */
  catalogueVersion: number;
}

/**
 * The project a live key grants access to, or null: a wrong, revoked or foreign key and an
 * unknown project look the same from outside (docs/service.md, "Envelope and errors", rule 2).
 */
export async function authorize(
  db: ServiceDb,
  key: string,
  projectGuid: string,
): Promise<AuthorizedProject | null> {
  return authorizeHash(db, hashApiKey(key), projectGuid);
}

/** `authorize` for a key already hashed (the service's key cache hashes once per request). */
export async function authorizeHash(
  db: ServiceDb,
  hash: Buffer,
  projectGuid: string,
): Promise<AuthorizedProject | null> {
  const found = await rows<{
    id: number;
    guid: string;
    catalogue_version: number;
    scopes: KeyScope[];
    key_row_id: number;
  }>(
    db,
    sql`select p.id, p.guid_text as guid, p.catalogue_version, k.scopes, k.id as key_row_id
          from service.api_keys k join service.projects p on p.id = k.project_id
         where k.key_hash = ${hash} and service.api_key_live(k.revoked_at, k.expires_at)
           and p.guid = ${projectGuid}::uuid`,
  );
  const project = found[0];
  return project
    ? {
        id: project.id,
        guid: project.guid,
        scopes: project.scopes,
        keyId: hash.toString("hex"),
        keyRowId: project.key_row_id,
        catalogueVersion: project.catalogue_version,
      }
    : null;
}

/** A daily award cap of a key, with what the key awarded of the token in the last 24 hours. */
export interface KeyCap {
  tokenGuid: string;
  tokenSymbol: string;
  /** Exact decimal text. */
  daily: string;
  used: string;
}

export interface ApiKeyListing {
  id: number;
  prefix: string;
  label: string;
  scopes: KeyScope[];
  createdAt: Date;
  /** When it stopped (or, rolled, stops) working; null while live. */
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** The key it was rolled to (the next of its line); null if it never was. */
  rolledTo: number | null;
  caps: KeyCap[];
}

/** A cap asked for: a token of the project by its Guid, and an exact positive amount. */
export interface CapInput {
  tokenGuid: string;
  daily: string;
}

export interface NewKeyOptions {
  label?: string;
  /** Default: every scope. */
  scopes?: readonly KeyScope[];
  expiresAt?: Date | null;
  /** Per-token daily award caps (docs/service.md, "API keys"); default none. */
  caps?: readonly CapInput[];
}

/** A cap naming a token the project does not have, or an amount that is not positive. */
export class KeyCapError extends Error {}

/** Issues a new key for a project; the plain key is returned once and stored only as a hash. */
export async function createApiKey(
  db: ServiceDb,
  projectId: number,
  labelOrOptions: string | NewKeyOptions = "",
): Promise<{ id: number; key: string }> {
  return insertKey(
    db,
    projectId,
    typeof labelOrOptions === "string" ? { label: labelOrOptions } : labelOrOptions,
  );
}

async function insertKey(
  db: ServiceDb,
  projectId: number,
  options: NewKeyOptions & { familyId?: number },
): Promise<{ id: number; key: string }> {
  const key = generateApiKey();
  const caps = options.caps ?? [];
  for (const [index, cap] of caps.entries())
    if (!/^\d+(\.\d+)?$/.test(cap.daily) || /^0+(\.0+)?$/.test(cap.daily))
      throw new KeyCapError(`Caps[${index}].Daily must be a positive amount, got ${cap.daily}.`);
  const id = await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ServiceDb;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        projectId,
        keyHash: hashApiKey(key),
        prefix: keyPrefix(key),
        label: options.label ?? "",
        scopes: [...(options.scopes ?? KEY_SCOPE_NAMES)],
        expiresAt: options.expiresAt ?? null,
        familyId: options.familyId ?? null,
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error("The key was not stored.");
    if (caps.length > 0) await insertCaps(tx, projectId, row.id, caps);
    return row.id;
  });
  return { id, key };
}

/** Stores a key's caps; a token the project does not have is refused by name, writing nothing. */
async function insertCaps(tx: ServiceDb, projectId: number, keyId: number, caps: readonly CapInput[]) {
  const guids = caps.map((cap) => cap.tokenGuid.toLowerCase());
  const inserted = await rows<{ token_guid: string }>(
    tx,
    sql`insert into service.api_key_caps (key_id, token_id, daily)
        select ${keyId}, t.id, x.daily
          from unnest(${sql.param(guids)}::text[], ${sql.param(caps.map((c) => c.daily))}::numeric[]) as x(guid, daily)
          join service.tokens t on t.project_id = ${projectId} and t.guid = x.guid::uuid
        returning (select guid_text from service.tokens where id = token_id) as token_guid`,
  );
  if (inserted.length !== caps.length) {
    const found = new Set(inserted.map((row) => row.token_guid.toLowerCase()));
    const index = guids.findIndex((guid) => !found.has(guid));
    throw new KeyCapError(
      `Caps[${index}].TokenGuid ${caps[index]?.tokenGuid} is not a token of this project.`,
    );
  }
}

/** How long a rolled key keeps working by default (docs/service.md, "API keys"). */
export const ROLL_GRACE_MS = 24 * 3600_000;

/**
 * Rolls a live key: a new key with the same label, scopes and expiry is issued (returned once),
 * and the old one keeps working until the grace period ends, then is refused — so the game's
 * servers can move to the new key without a failed call. Null when the id is not a live key of
 * the project (unknown, revoked, or already rolled).
 */
export async function rollApiKey(
  db: ServiceDb,
  projectId: number,
  id: number,
  graceMs = ROLL_GRACE_MS,
): Promise<{ id: number; key: string; oldKeyWorksUntil: Date } | null> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ServiceDb;
    const until = new Date(Date.now() + graceMs);
    const [old] = await tx
      .update(apiKeys)
      .set({ revokedAt: until })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
      .returning({
        label: apiKeys.label,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
        family: sql<number>`coalesce(${apiKeys.familyId}, ${apiKeys.id})`,
      });
    if (!old) return null;
    // The new key joins the old one's line: same caps, and what the line awarded still counts,
    // so rolling never resets a cap.
    const created = await insertKey(tx, projectId, {
      label: old.label,
      scopes: old.scopes as KeyScope[],
      expiresAt: old.expiresAt,
      familyId: old.family,
    });

    return { ...created, oldKeyWorksUntil: until };
  });
}

/** Registers a given plain key (fixtures: test and demo keys only). */
export async function registerApiKey(
  db: ServiceDb,
  projectId: number,
  key: string,
  label = "fixture",
): Promise<void> {
  await db
    .insert(apiKeys)
    .values({ projectId, keyHash: hashApiKey(key), prefix: keyPrefix(key), label })
    .onConflictDoNothing();
}

export async function listApiKeys(db: ServiceDb, projectId: number): Promise<ApiKeyListing[]> {
  const keys = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      label: apiKeys.label,
      scopes: sql<KeyScope[]>`${apiKeys.scopes}`,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      family: sql<number>`coalesce(${apiKeys.familyId}, ${apiKeys.id})`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.projectId, projectId))
    .orderBy(asc(apiKeys.id));
  // A line grows only by rolling its newest key (an older one is refused), so each key's
  // successor is the next of its line by id.
  const newest = new Map<number, number>();
  const rolledTo = new Map<number, number>();
  for (const key of keys) {
    const before = newest.get(Number(key.family));
    if (before !== undefined) rolledTo.set(before, key.id);
    newest.set(Number(key.family), key.id);
  }
  const caps = await rows<{
    key_id: number;
    token_guid: string;
    symbol: string;
    daily: string;
    used: string;
  }>(
    db,
    sql`select k.id as key_id, t.guid_text as token_guid, t.symbol, c.daily::text as daily,
               coalesce((select sum(u.amount) from service.key_award_usage u
                          where u.key_id = c.key_id and u.token_id = c.token_id
                            and u.created_at > now() - interval '24 hours'), 0)::text as used
          from service.api_keys k join service.api_key_caps c on c.key_id = coalesce(k.family_id, k.id)
          join service.tokens t on t.id = c.token_id
         where k.project_id = ${projectId}
         order by k.id, t.symbol, t.id`,
  );
  return keys.map(({ family: _family, ...key }) => ({
    ...key,
    rolledTo: rolledTo.get(key.id) ?? null,
    caps: caps
      .filter((cap) => cap.key_id === key.id)
      .map((cap) => ({
        tokenGuid: cap.token_guid,
        tokenSymbol: cap.symbol,
        daily: canonicalDecimal(cap.daily),
        used: canonicalDecimal(cap.used),
      })),
  }));
}

/**
 * Revokes: every instance refuses the key as soon as the database's change notification reaches
 * it, and within 1 s in any case (service/cache/key-cache.ts). Takes a key id or its prefix, and
 * revokes only when exactly one live key of the project matches (fixture keys may share a
 * prefix). Returns false when none or several matched.
 */
export async function revokeApiKey(db: ServiceDb, projectId: number, idOrPrefix: string): Promise<boolean> {
  // Ids are int4: a longer run of digits can only be a prefix.
  const match = /^\d{1,9}$/.test(idOrPrefix)
    ? eq(apiKeys.id, Number(idOrPrefix))
    : eq(apiKeys.prefix, idOrPrefix);
  // A rolled key inside its grace period still works: revoking ends that at once too.
  const working = or(isNull(apiKeys.revokedAt), gt(apiKeys.revokedAt, sql`now()`));
  const live = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), match, working));
  const [only] = live;
  if (!only || live.length > 1) return false;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, only.id), working))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export async function findProjectByGuid(
  db: ServiceDb,
  guid: string,
): Promise<{ id: number; guid: string; name: string } | null> {
  const [row] = await db
    .select({ id: projects.id, guid: projects.guidText, name: projects.name })
    .from(projects)
    .where(eq(projects.guid, guid));
  return row ?? null;
}
