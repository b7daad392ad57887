import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ServiceError } from "../domain/service-error";
import type { EmptyLists } from "./envelope";

export type ServiceApp = FastifyInstance<
  import("node:http").Server,
  import("node:http").IncomingMessage,
  import("node:http").ServerResponse,
  import("fastify").FastifyBaseLogger,
  ZodTypeProvider
>;

const ALL_METHODS: HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function requireJson(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    done(new ServiceError("UNSUPPORTED_MEDIA_TYPE", 415, "Content-Type must be application/json."));
    return;
  }
  done();
}

/**
 * Registers the other methods of a path so that they answer 405 with `Allow` (DESIGN §3 rule
 * 2) from an onRequest hook — before any body is read, as the check order requires.
 */
export function answerOtherMethods(app: ServiceApp, url: string, method: "GET" | "POST", emptyLists?: EmptyLists) {
  const allowed: HTTPMethods[] = method === "GET" ? ["GET", "HEAD"] : ["POST"];
  const allow = allowed.join(", ");
  app.route({
    method: ALL_METHODS.filter((m) => !allowed.includes(m)),
    url,
    schema: { hide: true },
    config: { allow, emptyLists },
    onRequest: (request, _reply, done) =>
      done(new ServiceError("METHOD_NOT_ALLOWED", 405, `Method ${request.method} is not allowed on this path; use ${allow}.`)),
    handler: async () => undefined,
  });
}

/** Options every POST route shares: JSON only (415 before the body is read). */
export const postOptions = { onRequest: requireJson } satisfies RouteShorthandOptions;
