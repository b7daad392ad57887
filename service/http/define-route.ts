import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { envelopeShape } from "@/lib/contract/envelope";
import type { KeyScope } from "@/lib/contract/key-scopes";
import type { AuthorizedProject } from "../domain/keys";
import { ServiceError } from "../domain/service-error";
import type { EmptyLists } from "./envelope";
import { projectOf } from "./guard";

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
 * Registers the other methods of a path so that they answer 405 with `Allow` (docs/service.md,
 * "Envelope and errors", rule 2) from an onRequest hook — before any body is read, as the check
 * order requires.
 */
export function answerOtherMethods(
  app: ServiceApp,
  url: string,
  method: "GET" | "POST",
  emptyLists?: EmptyLists,
) {
  const allowed: HTTPMethods[] = method === "GET" ? ["GET", "HEAD"] : ["POST"];
  const allow = allowed.join(", ");
  app.route({
    method: ALL_METHODS.filter((m) => !allowed.includes(m)),
    url,
    schema: { hide: true },
    config: { allow, emptyLists },
    onRequest: (request, _reply, done) =>
      done(
        new ServiceError(
          "METHOD_NOT_ALLOWED",
          405,
          `Method ${request.method} is not allowed on this path; use ${allow}.`,
        ),
      ),
    handler: async () => undefined,
  });
}

/** Options every POST route shares: JSON only (415 before the body is read). */
export const postOptions = { onRequest: requireJson } satisfies RouteShorthandOptions;

/**
 * Route options of an extension's POST endpoint that needs a key scope: JSON only, its schemas
 * (validation and OpenAPI) with the envelope's failure for 4xx and 5xx, and the scope the key
 * guard checks.
 */
export function scopedPostOptions(scope: KeyScope, summary: string, body: unknown, response: unknown) {
  const failure = envelopeShape("emit").Failure;
  return {
    ...postOptions,
    schema: { summary, body, response: { 200: response, "4xx": failure, "5xx": failure } },
    config: { scope },
  };
}

/** The contract side of a keyed GET endpoint: schemas (validation and OpenAPI) and failure lists. */
export interface GetRouteSchemas<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType> {
  url: string;
  summary: string;
  params: P;
  querystring?: Q;
  /** The success body's schema; for list endpoints also the failure's (lists kept, empty). */
  response: R;
  /** Failure body schema when it differs from `response` (endpoints without a list). */
  failure?: z.ZodType;
  /** The list fields a failure keeps, empty (rule 1). */
  emptyLists?: EmptyLists;
  /** The key scope it needs; default `read` (docs/service.md, "API keys"). */
  scope?: KeyScope;
}

interface GetRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>
  extends GetRouteSchemas<P, Q, R> {
  handler: (input: {
    params: z.output<P>;
    query: z.output<Q>;
    project: AuthorizedProject;
  }) => Promise<z.input<R>>;
}

/** Route options of a keyed GET endpoint: its schemas and the lists its failures keep. */
export function getRouteOptions<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  route: GetRouteSchemas<P, Q, R>,
) {
  const failure = route.failure ?? route.response;
  return {
    schema: {
      summary: route.summary,
      params: route.params,
      ...(route.querystring ? { querystring: route.querystring } : {}),
      response: { 200: route.response, "4xx": failure, "5xx": failure },
    },
    config: { emptyLists: route.emptyLists, ...(route.scope ? { scope: route.scope } : {}) },
  };
}

/**
 * One keyed GET endpoint: its contract schemas (validation and OpenAPI), the handler over the
 * parsed input and the caller's project, and the 405 answers for its other methods.
 */
export function getRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  app: ServiceApp,
  route: GetRoute<P, Q, R>,
): void {
  app.get(route.url, getRouteOptions(route), async (request) =>
    route.handler({
      params: request.params as z.output<P>,
      query: request.query as z.output<Q>,
      project: projectOf(request),
    }),
  );
  answerOtherMethods(app, route.url, "GET", route.emptyLists);
}
