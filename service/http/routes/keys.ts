import { CreateKeyRequest, keys as keySchemas, RevokeKeyRequest, RollKeyRequest } from "@/lib/contract/keys";
import { checkMayCreate, checkMayManage } from "../../domain/key-grants";
import {
  type ApiKeyListing,
  type AuthorizedProject,
  createApiKey,
  KeyCapError,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
} from "../../domain/keys";
import { invalid, ServiceError } from "../../domain/service-error";
import { wireDate } from "../../domain/sql-rows";
import { answerOtherMethods, getRoute, type ServiceApp, scopedPostOptions } from "../define-route";
import { ok } from "../envelope";
import { projectOf } from "../guard";
import { projectParams } from "./params";

const schemas = keySchemas.emit;

/** A key as the extension shows it: never its secret or hash. */
const view = (key: ApiKeyListing, caller: AuthorizedProject) => ({
  Id: key.id,
  Name: key.label,
  Prefix: key.prefix,
  Scopes: key.scopes,
  CreatedAt: wireDate(key.createdAt),
  ExpiresAt: wireDate(key.expiresAt),
  RevokedAt: wireDate(key.revokedAt),
  ThisKey: key.id === caller.keyRowId,
  LastUsedAt: wireDate(key.lastUsedAt),
  RolledTo: key.rolledTo ?? 0,
  Caps: key.caps.map((cap) => ({
    TokenGuid: cap.tokenGuid,
    TokenSymbol: cap.tokenSymbol,
    Daily: cap.daily,
    Used: cap.used,
  })),
});

const noSuchKey = (id: number) =>
  new ServiceError("NOT_FOUND", 404, `KeyId ${id} is not a key of this project that still works.`);

/** The calling key in a listing of its project's keys. */
function callerIn(keys: readonly ApiKeyListing[], caller: AuthorizedProject): ApiKeyListing {
  const found = keys.find((key) => key.id === caller.keyRowId);
  if (!found) throw new Error(`the calling key ${caller.keyRowId} is not listed`);
  return found;
}

/**
 * Our keys extension (docs/service.md, "API keys"): every endpoint needs the `keys` scope, and a
 * key makes, rolls and revokes only keys it could have been given itself (domain/key-grants).
 */
export function keyRoutes(app: ServiceApp): void {
  const listed = async (caller: AuthorizedProject, id: number) => {
    const found = (await listApiKeys(app.db, caller.id)).find((key) => key.id === id);
    if (!found) throw new Error(`key ${id} vanished`);
    return view(found, caller);
  };

  /** Refuses to roll or revoke a working key stronger than the caller; other ids go on to their 404. */
  const mayManage = async (caller: AuthorizedProject, id: number, act: "roll" | "revoke") => {
    const keys = await listApiKeys(app.db, caller.id);
    const target = keys.find((key) => key.id === id);
    const works = target && (target.revokedAt === null || target.revokedAt.getTime() > Date.now());
    if (target && works) checkMayManage(callerIn(keys, caller), target, act);
  };

  // GET /Keys/{key}/{project}
  getRoute(app, {
    url: "/Keys/:YourAPIKEY/:ProjectGuid",
    summary: "Extension: the project's API keys (never their secrets)",
    params: projectParams,
    response: schemas.KeysResponse,
    emptyLists: { Data: { Keys: [] } },
    scope: "keys",
    handler: async ({ project }) =>
      ok({ Data: { Keys: (await listApiKeys(app.db, project.id)).map((key) => view(key, project)) } }),
  });

  const post = (summary: string, body: unknown, response: unknown) =>
    scopedPostOptions("keys", summary, body, response);

  // POST /Keys: a new key, its secret answered once.
  app.post(
    "/Keys",
    post(
      "Extension: make an API key with at most the calling key's scopes and caps (its secret is answered once)",
      CreateKeyRequest,
      schemas.KeySecretResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as CreateKeyRequest;
      const expiresAt = body.ExpiresAt === "" ? null : new Date(body.ExpiresAt);
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid("ExpiresAt must be in the future.");
      checkMayCreate(callerIn(await listApiKeys(app.db, project.id), project), {
        scopes: body.Scopes,
        caps: body.Caps.map((cap) => ({ tokenGuid: cap.TokenGuid, daily: cap.Daily })),
        expiresAt,
      });
      const created = await createApiKey(app.db, project.id, {
        label: body.Name,
        scopes: body.Scopes,
        expiresAt,
        caps: body.Caps.map((cap) => ({ tokenGuid: cap.TokenGuid, daily: cap.Daily })),
      }).catch((error: unknown) => {
        throw error instanceof KeyCapError ? invalid(error.message) : error;
      });
      return ok({
        Data: { Key: await listed(project, created.id), Secret: created.key, OldKeyWorksUntil: "" },
      });
    },
  );
  answerOtherMethods(app, "/Keys", "POST");

  // POST /Keys/Roll: a new secret; the old key works until the grace period ends.
  app.post(
    "/Keys/Roll",
    post(
      "Extension: roll an API key without downtime (only a key the calling key could have made)",
      RollKeyRequest,
      schemas.KeySecretResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as RollKeyRequest;
      await mayManage(project, body.KeyId, "roll");
      const rolled = await rollApiKey(app.db, project.id, body.KeyId, body.GraceSeconds * 1000);
      if (!rolled) throw noSuchKey(body.KeyId);
      return ok({
        Data: {
          Key: await listed(project, rolled.id),
          Secret: rolled.key,
          OldKeyWorksUntil: wireDate(rolled.oldKeyWorksUntil),
        },
      });
    },
  );
  answerOtherMethods(app, "/Keys/Roll", "POST");

  // POST /Keys/Revoke: refused by every instance within 1 s.
  app.post(
    "/Keys/Revoke",
    post(
      "Extension: revoke an API key (only a key the calling key could have made)",
      RevokeKeyRequest,
      schemas.KeyResponse,
    ),
    async (request) => {
      const project = projectOf(request);
      const body = request.body as RevokeKeyRequest;
      await mayManage(project, body.KeyId, "revoke");
      if (!(await revokeApiKey(app.db, project.id, String(body.KeyId)))) throw noSuchKey(body.KeyId);
      return ok({ Data: { Key: await listed(project, body.KeyId) } });
    },
  );
  answerOtherMethods(app, "/Keys/Revoke", "POST");
}
