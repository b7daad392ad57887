import "server-only";
import { type AuditActor, type AuditEvent, audited, recordAudit } from "@/lib/audit/audit-log";
import type { ServiceConnection } from "@/lib/client/call-service";
import { createKey, listKeys, revokeKey, rollKey } from "@/lib/client/keys";
import { replaceConnectionKey } from "@/lib/connections/connections";
import type { KeyView } from "@/lib/contract/keys";
import type { ConsoleDb } from "@/lib/db/connection";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { refusedByService } from "@/lib/project/service-refusal";
import type { EncryptionKeys } from "@/lib/secret-box";
import { type KeyRow, keyRow, type NewKeySecret, type RolledKey } from "./key-view";

/**
 * Creating, rolling and revoking the game's API keys at the project's service (docs/console.md,
 * "Keys and Requests"), with the connection the owner works on. The console never stores a key it
 * made: a new secret is in the answer to the owner who asked, once — except the console's own key,
 * whose new secret goes straight into its connection and never to a browser. Every act is in the
 * audit log, never with a secret.
 */

/** A refusal meant for the owner (the actions pass its message on). */
export class ServiceKeyError extends UserFacingError {}

/** The project the owner works on: its connection's reference and name, and the connection itself. */
export interface KeyProject {
  /** `db:<id>` or `env` (lib/connections). */
  ref: string;
  name: string;
  connection: ServiceConnection;
}

/** What an act needs besides its input: the console's database and keys, and who acts from where. */
export interface KeyActContext {
  db: ConsoleDb;
  encryptionKeys: EncryptionKeys;
  actor: AuditActor;
  now?: () => Date;
}

export interface NewKeyInput {
  name: string;
  scopes: string[];
  /** ISO 8601 UTC to the second, or "" for none. */
  expiresAt: string;
  caps: { tokenGuid: string; daily: string }[];
}

const nowOf = (context: KeyActContext) => context.now?.() ?? new Date();

/** A ServiceCallError in words for the owner; anything else is the console's own failure and goes on. */
function refused(error: unknown, nothing: string): never {
  return refusedByService(error, nothing, ServiceKeyError);
}

/** The key's non-secret description for the audit log. */
const described = (key: KeyView) => ({
  keyId: key.Id,
  name: key.Name,
  prefix: key.Prefix,
  scopes: key.Scopes,
  expiresAt: key.ExpiresAt,
  caps: key.Caps.map((cap) => ({ tokenGuid: cap.TokenGuid, symbol: cap.TokenSymbol, daily: cap.Daily })),
});

const named = (key: { Name: string; Prefix: string }) => `“${key.Name}” (${key.Prefix}…)`;

/** The key of the list with this Id, or a refusal that says the list has moved on. */
async function listedKey(connection: ServiceConnection, keyId: number): Promise<KeyView> {
  let keys: KeyView[];
  try {
    keys = (await listKeys(connection)).Data.Keys;
  } catch (error) {
    refused(error, "Nothing was changed.");
  }
  const key = keys.find((k) => k.Id === keyId);
  if (!key)
    throw new ServiceKeyError(
      `Key ${keyId} is not one of this project's keys: reload the page. Nothing was changed.`,
    );
  return key;
}

/** A new key at the service; its secret is answered this once and kept nowhere. */
export async function createServiceKey(
  context: KeyActContext,
  project: KeyProject,
  input: NewKeyInput,
): Promise<NewKeySecret> {
  let answer: Awaited<ReturnType<typeof createKey>>;
  try {
    answer = await createKey(project.connection, {
      Name: input.name,
      Scopes: input.scopes,
      ExpiresAt: input.expiresAt,
      Caps: input.caps.map((cap) => ({ TokenGuid: cap.tokenGuid, Daily: cap.daily })),
    });
  } catch (error) {
    refused(error, "No key was made.");
  }
  const { Key: key, Secret: secret } = answer.Data;
  await recordAudit(context.db, context.actor, {
    kind: "key.created",
    project: project.name,
    summary: `Made the API key ${named(key)} with the scopes ${key.Scopes.join(", ")}`,
    detail: described(key),
  });
  return { key: keyRow(key, nowOf(context)), secret, oldKeyWorksUntil: "" };
}

/**
 * Rolls a key: the service makes a new one in its place and the old one works until the grace
 * period ends. For this console's own key (the list's `ThisKey`) the new secret replaces the
 * connection's key in the same transaction as the audit row — the connection keeps its
 * reference, so its award trail, retries and running bulk batches go on with the new key — and
 * is never answered. Any other key's new secret is answered once, as a new key's.
 */
export async function rollServiceKey(
  context: KeyActContext,
  project: KeyProject,
  input: { keyId: number; graceSeconds: number },
): Promise<RolledKey> {
  const old = await listedKey(project.connection, input.keyId);
  const own = old.ThisKey;
  if (own && project.ref === "env")
    throw new ServiceKeyError(
      `${named(old)} is this console's key, and it comes from the environment (COMMERCE_API_KEY): the console cannot store a new one. Roll it where the service runs (npm run keys) and set COMMERCE_API_KEY to the new key before the old one stops. Nothing was changed.`,
    );
  let answer: Awaited<ReturnType<typeof rollKey>>;
  try {
    answer = await rollKey(project.connection, { KeyId: input.keyId, GraceSeconds: input.graceSeconds });
  } catch (error) {
    refused(error, "The key was not rolled.");
  }
  const { Key: key, Secret: secret, OldKeyWorksUntil: until } = answer.Data;
  const event = (connectionUpdated: boolean): AuditEvent => ({
    kind: "key.rolled",
    project: project.name,
    summary: `Rolled the API key ${named(old)}: the new key is ${key.Prefix}…, the old one works until ${until}${
      own
        ? connectionUpdated
          ? "; this console now calls with the new key"
          : "; THE CONSOLE COULD NOT STORE THE NEW KEY"
        : ""
    }`,
    detail: {
      ...described(key),
      oldKeyId: old.Id,
      oldPrefix: old.Prefix,
      graceSeconds: input.graceSeconds,
      oldKeyWorksUntil: until,
      consoleKey: own,
      ...(own ? { connection: project.ref, connectionUpdated } : {}),
    },
  });
  const row = keyRow(key, nowOf(context));
  if (!own) {
    await recordAudit(context.db, context.actor, event(false));
    return { own: false, key: row, secret, oldKeyWorksUntil: until };
  }
  try {
    await audited(
      context.db,
      context.actor,
      (tx) => replaceConnectionKey(tx, context.encryptionKeys, project.ref, secret),
      () => event(true),
    );
  } catch (error) {
    // A person's reason as is; anything else is the console's own failure, not for the page.
    const reason =
      error instanceof UserFacingError ? error.message : "The console could not write to its database.";
    // The service did roll: that is recorded even though the connection's change is not.
    await recordAudit(context.db, context.actor, event(false)).catch(() => undefined);
    throw new ServiceKeyError(
      `The service rolled this console's key ${named(old)}, but the console could not store the new one (${reason}). The console goes on calling with the old key, which works until ${until}. Before then, roll the new key ${named(key)} here — its secret is then shown once — and put it in Settings → Connections → Replace key.`,
    );
  }
  return { own: true, key: row, oldKeyWorksUntil: until, connection: project.name };
}

/** Revokes a key at once. This console's own key is refused: revoking it would cut the console off. */
export async function revokeServiceKey(
  context: KeyActContext,
  project: KeyProject,
  input: { keyId: number },
): Promise<KeyRow> {
  const old = await listedKey(project.connection, input.keyId);
  if (old.ThisKey)
    throw new ServiceKeyError(
      `${named(old)} is the key this console calls the service with: revoking it would cut the console off at once. Roll it instead: the console moves to the new key in the same step. Nothing was changed.`,
    );
  let answer: Awaited<ReturnType<typeof revokeKey>>;
  try {
    answer = await revokeKey(project.connection, { KeyId: input.keyId });
  } catch (error) {
    refused(error, "The key was not revoked.");
  }
  const key = answer.Data.Key;
  await recordAudit(context.db, context.actor, {
    kind: "key.revoked",
    project: project.name,
    summary: `Revoked the API key ${named(key)}`,
    detail: described(key),
  });
  return keyRow(key, nowOf(context));
}
