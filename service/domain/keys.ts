import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { apiKeys, projects } from "../db/schema";
import { rows } from "./sql-rows";

const KEY_PREFIX = "gcc_";

export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** 32 random bytes (DESIGN §3 rule 4), URL-safe so it fits a path segment unescaped. */
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
  /** Hex of the key's hash: a stable, non-secret identity for the rate limit and logs. */
  keyId: string;
  /** The project's catalogue version, read with the key: see domain/token-lines. */
  catalogueVersion: number;
}

/**
 * The project a live key grants access to, or null: a wrong, revoked or foreign key and an
 * unknown project look the same from outside (DESIGN §3 rule 2).
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
  const found = await rows<{ id: number; guid: string; catalogue_version: number }>(
    db,
    sql`select p.id, p.guid_text as guid, p.catalogue_version
          from service.api_keys k join service.projects p on p.id = k.project_id
         where k.key_hash = ${hash} and k.revoked_at is null and p.guid = ${projectGuid}::uuid`,
  );
  const project = found[0];
  return project
    ? {
        id: project.id,
        guid: project.guid,
        keyId: hash.toString("hex"),
        catalogueVersion: project.catalogue_version,
      }
    : null;
}

export interface ApiKeyListing {
  id: number;
  prefix: string;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Issues a new key for a project; the plain key is returned once and stored only as a hash. */
export async function createApiKey(
  db: ServiceDb,
  projectId: number,
  label = "",
): Promise<{ id: number; key: string }> {
  const key = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ projectId, keyHash: hashApiKey(key), prefix: keyPrefix(key), label })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error("The key was not stored.");
  return { id: row.id, key };
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
  return db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      label: apiKeys.label,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.projectId, projectId))
    .orderBy(asc(apiKeys.id));
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
  const live = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), match, isNull(apiKeys.revokedAt)));
  const [only] = live;
  if (!only || live.length > 1) return false;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, only.id), isNull(apiKeys.revokedAt)))
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
