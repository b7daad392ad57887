import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { ServiceConnection } from "@/lib/client/call-service";
import { fieldErrorsOf } from "@/lib/contract/field-errors";
import { guid } from "@/lib/contract/guid";
import { describeIssues } from "@/lib/contract/issues";
import type { ConsoleDb } from "@/lib/db/connection";
import { connections, userSettings } from "@/lib/db/schema";
import type { ConsoleEnv } from "@/lib/env";
import {
  CONNECTION_ENVIRONMENTS,
  type ConnectionEnvironment,
  ENVIRONMENT_RULE,
} from "@/lib/model/connection-environment";
import type { ConnectionSummary } from "@/lib/model/connection-summary";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { countInRequest, forgetInRequest, oncePerRequest, seedInRequest } from "@/lib/request/per-request";
import { type EncryptionKeys, maskSecret, openSecret, sealedWithNewest, sealSecret } from "@/lib/secret-box";
import { consoleAddressPolicy } from "./address-policy";

/**
 * Project connections (docs/console.md, "Connections and extensions"): a name, a service base
 * URL, a ProjectGuid and an API key that is encrypted at rest and never leaves the server. A connection may also come from the
 * environment (COMMERCE_*), shown read-only. References are `db:<id>` or `env`.
 */

export const ConnectionEnvironmentInput = z.enum(CONNECTION_ENVIRONMENTS, { error: ENVIRONMENT_RULE });

export const ConnectionInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(80, { error: "must be at most 80 characters" }),
  baseUrl: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((url) => url.replace(/\/+$/, "")),
  projectGuid: z.string().trim().pipe(guid),
  apiKey: z
    .string()
    .trim()
    .min(8, { error: "must be at least 8 characters" })
    .max(512, { error: "must be at most 512 characters" }),
  environment: ConnectionEnvironmentInput.default("test"),
});
export type ConnectionInput = z.input<typeof ConnectionInput>;

/** A connection that cannot be stored or changed as asked; its message is a whole sentence for the person. */
export class ConnectionError extends UserFacingError {}

const context = (id: number) => `connection:${id}`;

/** The row id of a stored connection's reference (`db:<id>`); null for `env` or anything else. */
const storedId = (ref: string): number | null => {
  const id = /^db:(\d{1,9})$/.exec(ref)?.[1];
  return id ? Number(id) : null;
};

export async function createConnection(
  db: ConsoleDb,
  keys: EncryptionKeys,
  input: ConnectionInput,
  createdBy: number | null,
): Promise<ConnectionSummary> {
  const parsed = ConnectionInput.safeParse(input);
  if (!parsed.success)
    throw new ConnectionError(`The connection's ${describeIssues(parsed.error.issues)}`, {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  const { name, baseUrl, projectGuid, apiKey, environment } = parsed.data;
  const created = await db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: connections.id })
      .from(connections)
      .where(sql`lower(${connections.name}) = lower(${name})`);
    if (taken.length > 0)
      throw new ConnectionError(`The name "${name}" is already used by another connection.`, {
        fieldErrors: { name: "is already used by another connection" },
      });
    const [row] = await tx
      .insert(connections)
      .values({
        name,
        baseUrl,
        projectGuid,
        environment,
        apiKeyCiphertext: "",
        apiKeyLast4: apiKey.slice(-4),
        createdBy,
      })
      .returning({ id: connections.id });
    if (!row) throw new Error("The connection was not stored.");
    // The row id is bound into the ciphertext, so a key copied onto another row does not open.
    await tx
      .update(connections)
      .set({ apiKeyCiphertext: sealSecret(keys, apiKey, context(row.id)) })
      .where(eq(connections.id, row.id));
    return {
      ref: `db:${row.id}`,
      name,
      baseUrl,
      projectGuid,
      keyHint: maskSecret(apiKey.slice(-4)),
      environment,
      readOnly: false,
    };
  });
  await forgetInRequest("connection");
  return created;
}

function environmentConnection(env: ConsoleEnv): ServiceConnection | null {
  if (!env.COMMERCE_BASE_URL || !env.COMMERCE_PROJECT_GUID || !env.COMMERCE_API_KEY) return null;
  return {
    baseUrl: env.COMMERCE_BASE_URL,
    projectGuid: env.COMMERCE_PROJECT_GUID,
    apiKey: env.COMMERCE_API_KEY,
    addresses: consoleAddressPolicy(env),
  };
}

/** Every connection a user may switch to: the environment's first, then the stored ones by name. */
export function listConnections(db: ConsoleDb, env: ConsoleEnv): Promise<ConnectionSummary[]> {
  // Once per request (lib/request/per-request.ts); a write below forgets it.
  return oncePerRequest("connection:list", () => readConnections(db, env));
}

/** A stored connection as the request context reads it: no key, only its last four characters. */
export interface StoredConnectionRow {
  id: number;
  name: string;
  baseUrl: string;
  projectGuid: string;
  last4: string;
  environment: ConnectionEnvironment;
}

/**
 * Every stored connection as json, in the switcher's order: a column of the sign-in's one
 * statement (lib/auth/sessions.ts), so a request reads its person and their projects together.
 */
export const STORED_CONNECTIONS_JSON = sql`(
  select coalesce(json_agg(json_build_object(
           'id', c.id, 'name', c.name, 'baseUrl', c.base_url, 'projectGuid', c.project_guid,
           'last4', c.api_key_last4, 'environment', c.environment
         ) order by lower(c.name), c.id), '[]'::json)
  from console.connections c)`;

async function readConnections(db: ConsoleDb, env: ConsoleEnv): Promise<ConnectionSummary[]> {
  await countInRequest("connections list");
  const stored = await db
    .select({
      id: connections.id,
      name: connections.name,
      baseUrl: connections.baseUrl,
      projectGuid: connections.projectGuid,
      last4: connections.apiKeyLast4,
      environment: connections.environment,
    })
    .from(connections)
    .orderBy(asc(sql`lower(${connections.name})`), asc(connections.id));
  return connectionSummaries(env, stored);
}

/** The environment's connection first, then the stored ones as given (by name). */
function connectionSummaries(env: ConsoleEnv, stored: StoredConnectionRow[]): ConnectionSummary[] {
  const fromEnv = environmentConnection(env);
  return [
    ...(fromEnv
      ? [
          {
            ref: "env",
            name: env.COMMERCE_PROJECT_NAME || "From the environment",
            baseUrl: fromEnv.baseUrl,
            projectGuid: fromEnv.projectGuid,
            keyHint: maskSecret(fromEnv.apiKey.slice(-4)),
            environment: env.COMMERCE_PROJECT_ENVIRONMENT,
            readOnly: true,
          },
        ]
      : []),
    ...stored.map((c) => ({
      ref: `db:${c.id}`,
      name: c.name,
      baseUrl: c.baseUrl,
      projectGuid: c.projectGuid,
      keyHint: maskSecret(c.last4),
      environment: c.environment,
      readOnly: false,
    })),
  ];
}

/** The one the person chose if it still exists, else the first available. */
const pickConnection = (available: ConnectionSummary[], chosen: string | null | undefined) =>
  available.find((c) => c.ref === chosen)?.ref ?? available[0]?.ref ?? null;

/**
 * The connections and the person's choice as the sign-in's statement read them, kept as this
 * request's answers of `listConnections` and `currentConnectionRef` (so neither asks again); a
 * write of the request forgets them as it forgets what those two read.
 */
export async function keepConnectionsOfSignIn(
  env: ConsoleEnv,
  userId: number,
  read: { connections: StoredConnectionRow[]; chosenConnection: string | null },
): Promise<void> {
  await countInRequest("connections list");
  const available = connectionSummaries(env, read.connections);
  await seedInRequest("connection:list", available);
  await seedInRequest(`connection:chosen:${userId}`, pickConnection(available, read.chosenConnection));
}

/** Each connection's name by reference (`db:<id>`, `env`), for pages and the audit log; a removed one is said so. */
export async function connectionNames(db: ConsoleDb, env: ConsoleEnv): Promise<(ref: string) => string> {
  const names = new Map((await listConnections(db, env)).map((c) => [c.ref, c.name]));
  return (ref) => names.get(ref) ?? "a connection since removed";
}

/**
 * The connection with its plain key and the console's address policy, for server code that calls
 * the service. Null when gone.
 */
export async function serviceConnection(
  db: ConsoleDb,
  keys: EncryptionKeys,
  env: ConsoleEnv,
  ref: string,
): Promise<ServiceConnection | null> {
  if (ref === "env") return environmentConnection(env);
  const id = storedId(ref);
  if (!id) return null;
  // The key is opened once per request, whoever asks for the connection (lib/request/per-request.ts).
  return oncePerRequest(`connection:key:${ref}`, () => openConnection(db, keys, env, id));
}

async function openConnection(
  db: ConsoleDb,
  keys: EncryptionKeys,
  env: ConsoleEnv,
  id: number,
): Promise<ServiceConnection | null> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  if (!row) return null;
  await countInRequest("key decrypt");
  return {
    baseUrl: row.baseUrl,
    projectGuid: row.projectGuid,
    apiKey: openSecret(keys, row.apiKeyCiphertext, context(row.id)),
    addresses: consoleAddressPolicy(env),
  };
}

/** The owner marks a stored connection "test" or "live"; the environment's own is set by COMMERCE_PROJECT_ENVIRONMENT. */
export async function setConnectionEnvironment(
  db: ConsoleDb,
  ref: string,
  environment: ConnectionEnvironment,
): Promise<{ name: string }> {
  const id = storedId(ref);
  if (!id)
    throw new ConnectionError(
      "The environment of the connection from the environment is set by COMMERCE_PROJECT_ENVIRONMENT, not here.",
    );
  const changed = await db
    .update(connections)
    .set({ environment })
    .where(eq(connections.id, id))
    .returning({ name: connections.name });
  if (!changed[0]) throw new ConnectionError("That connection does not exist (any more).", { status: 404 });
  await forgetInRequest("connection");
  return changed[0];
}

export const ApiKeyInput = ConnectionInput.shape.apiKey;

/**
 * Replaces a stored connection's API key (the service rolled it): sealed for that row as at
 * creation. Returns the name and the new key's hint.
 */
export async function replaceConnectionKey(
  db: ConsoleDb,
  keys: EncryptionKeys,
  ref: string,
  apiKeyInput: string,
): Promise<{ name: string; keyHint: string }> {
  const id = storedId(ref);
  if (!id)
    throw new ConnectionError(
      "The key of the connection from the environment is set by COMMERCE_API_KEY, not here.",
    );
  const parsed = ApiKeyInput.safeParse(apiKeyInput);
  if (!parsed.success) {
    const rule = parsed.error.issues[0]?.message ?? "is not valid";
    throw new ConnectionError(`The API key ${rule}.`, { fieldErrors: { apiKey: rule } });
  }
  const apiKey = parsed.data;
  const changed = await db
    .update(connections)
    .set({ apiKeyCiphertext: sealSecret(keys, apiKey, context(id)), apiKeyLast4: apiKey.slice(-4) })
    .where(eq(connections.id, id))
    .returning({ name: connections.name });
  if (!changed[0]) throw new ConnectionError("That connection does not exist (any more).", { status: 404 });
  await forgetInRequest("connection");
  return { name: changed[0].name, keyHint: maskSecret(apiKey.slice(-4)) };
}

export async function deleteConnection(db: ConsoleDb, ref: string): Promise<{ name: string } | null> {
  const id = storedId(ref);
  if (!id)
    throw new ConnectionError(
      "The connection from the environment cannot be deleted here: change COMMERCE_* instead.",
    );
  const [deleted] = await db
    .delete(connections)
    .where(eq(connections.id, id))
    .returning({ name: connections.name });
  await forgetInRequest("connection");
  return deleted ?? null;
}

/** The project a user works on: the one they chose last, else the first available. */
export function currentConnectionRef(db: ConsoleDb, env: ConsoleEnv, userId: number): Promise<string | null> {
  return oncePerRequest(`connection:chosen:${userId}`, async () => {
    const available = await listConnections(db, env);
    const [chosen] = await db
      .select({ ref: userSettings.connection })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return pickConnection(available, chosen?.ref);
  });
}

/** Remembers the project a user switched to (per user, across sessions and devices). */
export async function chooseConnection(
  db: ConsoleDb,
  env: ConsoleEnv,
  userId: number,
  ref: string,
): Promise<void> {
  const available = await listConnections(db, env);
  if (!available.some((c) => c.ref === ref))
    throw new ConnectionError("That project connection does not exist (any more).", { status: 404 });
  await db
    .insert(userSettings)
    .values({ userId, connection: ref })
    .onConflictDoUpdate({ target: userSettings.userId, set: { connection: ref } });
  // Only the choice changed: the list and the keys this request opened still hold.
  await forgetInRequest("connection:chosen");
}

/**
 * The connection something was sent through, only while it still points at the same service
 * and project: resending through a connection that now points elsewhere could pay another
 * project. Used by retries, the bulk sender and the settlement job.
 */
export async function sameConnection(
  db: ConsoleDb,
  keys: EncryptionKeys,
  env: ConsoleEnv,
  sent: { connection: string; baseUrl: string; projectGuid: string },
): Promise<ServiceConnection | null> {
  const connection = await serviceConnection(db, keys, env, sent.connection);
  if (!connection || connection.baseUrl !== sent.baseUrl || connection.projectGuid !== sent.projectGuid)
    return null;
  return connection;
}

export interface KeyRotation {
  /** Connections whose key was sealed again with the newest encryption key. */
  renewed: number;
  /** Connections already sealed with it. */
  already: number;
}

/**
 * `npm run secrets:rotate` (docs/console.md, "Keys at rest"): every stored connection key sealed
 * again with the newest encryption key, in one transaction. A key that none of the given keys
 * opens stops it before anything is written, naming the connection, so the old key is never
 * dropped while something still needs it.
 */
export async function rotateConnectionKeys(db: ConsoleDb, keys: EncryptionKeys): Promise<KeyRotation> {
  const rotation = await db.transaction(async (tx) => {
    const rows = await tx.select().from(connections).orderBy(asc(connections.id)).for("update");
    const renewed: { id: number; box: string }[] = [];
    for (const row of rows) {
      if (sealedWithNewest(keys, row.apiKeyCiphertext)) continue;
      let plain: string;
      try {
        plain = openSecret(keys, row.apiKeyCiphertext, context(row.id));
      } catch (error) {
        throw new RotationError(
          `The key of connection "${row.name}" (db:${row.id}) cannot be opened with the given keys: ${(error as Error).message} Nothing was changed.`,
        );
      }
      renewed.push({ id: row.id, box: sealSecret(keys, plain, context(row.id)) });
    }
    for (const { id, box } of renewed)
      await tx.update(connections).set({ apiKeyCiphertext: box }).where(eq(connections.id, id));
    return { renewed: renewed.length, already: rows.length - renewed.length };
  });
  await forgetInRequest("connection");
  return rotation;
}

export class RotationError extends Error {}
