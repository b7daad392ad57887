import "server-only";
import { NumberLiteral } from "@/lib/contract/number-literal";
import { callService, type ServiceConnection, servicePath } from "./call-service";

export interface NewKeyRequest {
  Name: string;
  Scopes: string[];
  /** ISO 8601 UTC to the second, or "" for no expiry. */
  ExpiresAt: string;
  /** `Daily` is exact decimal text, sent as a JSON number literal with every digit. */
  Caps: { TokenGuid: string; Daily: string }[];
}

/** `GET /Keys/{key}/{project}` (our extension, `keys` scope): every key of the project, never a secret. */
export function listKeys(connection: ServiceConnection) {
  return callService(connection, servicePath("Keys", connection.apiKey, connection.projectGuid), "keysList");
}

/** `POST /Keys`: a new key; its `Secret` is in this answer only. */
export function createKey(connection: ServiceConnection, request: NewKeyRequest) {
  return callService(connection, "/Keys", "keySecret", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      Name: request.Name,
      Scopes: request.Scopes,
      ExpiresAt: request.ExpiresAt,
      Caps: request.Caps.map((cap) => ({ TokenGuid: cap.TokenGuid, Daily: new NumberLiteral(cap.Daily) })),
    },
  });
}

/** `POST /Keys/Roll`: a new key in the old one's place; the old one works until `OldKeyWorksUntil`. */
export function rollKey(connection: ServiceConnection, request: { KeyId: number; GraceSeconds: number }) {
  return callService(connection, "/Keys/Roll", "keySecret", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      KeyId: new NumberLiteral(String(request.KeyId)),
      GraceSeconds: new NumberLiteral(String(request.GraceSeconds)),
    },
  });
}

/** `POST /Keys/Revoke`: refused at once by the service. */
export function revokeKey(connection: ServiceConnection, request: { KeyId: number }) {
  return callService(connection, "/Keys/Revoke", "key", {
    method: "POST",
    body: {
      ApiKey: connection.apiKey,
      ProjectGuid: connection.projectGuid,
      KeyId: new NumberLiteral(String(request.KeyId)),
    },
  });
}
