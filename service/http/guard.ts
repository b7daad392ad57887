import type { FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { UUID_PATTERN } from "@/lib/contract/fields";
import type { KeyScope } from "@/lib/contract/key-scopes";
import type { KeyCache } from "../cache/key-cache";
import type { AuthorizedProject } from "../domain/keys";
import { invalid, keyNotAllowed, unauthorized } from "../domain/service-error";
import { RateLimitedError } from "./envelope";
import { isJsonObject } from "./json-body";
import type { RateLimiter } from "./rate-limit";

declare module "fastify" {
  interface FastifyRequest {
    project?: AuthorizedProject;
  }
  interface FastifyContextConfig {
    /**
     * The write checks its key again in its own transaction (AwardTokens, migration 0008), so the
     * guard may answer from the key cache; other writes take the key check fresh.
     */
    keyCheckedByWrite?: boolean;
    /** The key scope the route needs; GET routes need `read` unless they say otherwise. */
    scope?: KeyScope;
  }
}

/**
 * Runs before field validation, in the order of rule 2 (docs/service.md, "Envelope and errors"): a body that is not a JSON
 * object (400), then the key and ProjectGuid together (401, one message for every cause so
 * projects cannot be enumerated), then the key's scope for the route (403, docs/service.md "API
 * keys"), then the rate limit (429).
 */
export function keyGuard(keys: KeyCache, limiter: RateLimiter): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    let key: unknown;
    let projectGuid: unknown;
    if (request.method === "POST") {
      if (!isJsonObject(request.body)) throw invalid("Body must be a JSON object.");
      key = request.body.ApiKey;
      projectGuid = request.body.ProjectGuid;
    } else {
      const params = request.params as Record<string, string>;
      key = params.YourAPIKEY;
      projectGuid = params.ProjectGuid;
    }
    if (
      typeof key !== "string" ||
      key === "" ||
      typeof projectGuid !== "string" ||
      !UUID_PATTERN.test(projectGuid)
    ) {
      throw unauthorized();
    }
    // Writes never decide on a cached check: they take it fresh, or check again themselves.
    const fresh = request.method === "POST" && !request.routeOptions.config.keyCheckedByWrite;
    const project = await keys.authorize(key, projectGuid, fresh);
    if (!project) throw unauthorized();
    // Set before the scope check: a refusal for the scope passed the key check and is logged
    // under the project (docs/service.md, "Request log").
    request.project = project;
    const scope = request.routeOptions.config.scope ?? (request.method === "GET" ? "read" : undefined);
    if (scope && !project.scopes.includes(scope)) throw keyNotAllowed(scope, project.scopes);
    const wait = limiter.take(project.keyId);
    if (wait !== null) throw new RateLimitedError(wait);
  };
}

export function projectOf(request: FastifyRequest): AuthorizedProject {
  if (!request.project) throw new Error("Route reached without the key guard.");
  return request.project;
}
