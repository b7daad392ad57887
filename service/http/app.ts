import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyServerOptions, LogController } from "fastify";
import { createJsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type ChangeFeed, startChangeFeed } from "../cache/change-feed";
import { KeyCache } from "../cache/key-cache";
import { customerRowTag } from "../cache/player-tags";
import { ReadCache } from "../cache/read-cache";
import type { ServiceDb } from "../db/connection";
import { type ConnectionLimits, connectionLimits } from "../env";
import {
  applyConnectionLimits,
  clientErrorHandler,
  fastifyTimeouts,
  MAX_PARAM_LENGTH,
} from "./connection-limits";
import type { ServiceApp } from "./define-route";
import { MalformedUrlError, sendFailure } from "./envelope";
import { keyGuard } from "./guard";
import { BODY_LIMIT, registerJsonBody } from "./json-body";
import { RateLimiter } from "./rate-limit";
import type { Representation } from "./representation";
import { awardRoutes } from "./routes/awards";
import { catalogueRoutes } from "./routes/catalogue";
import { CUSTOMER_TOKENS_URL, holdingsRoutes } from "./routes/holdings";
import { keyRoutes } from "./routes/keys";
import { metaRoutes } from "./routes/meta";
import { securityHeaders } from "./security-headers";
import { validatorCompiler } from "./validation";
import { serializerCompiler } from "./wire-json";

export const API_PREFIX = "/api/public";

/**
 * Player answers kept (customer Tokens and Items, one each per customer): a few kB each, so about
 * 100 MB at most; past it the least recently read go (docs/service.md, "Caches").
 */
const PLAYER_ANSWERS_KEPT = 50_000;

declare module "fastify" {
  interface FastifyInstance {
    db: ServiceDb;
    /** Whether this instance hears the database's change notifications (health, tests). */
    changeFeed: ChangeFeed;
  }
}

export interface ServiceAppOptions {
  db: ServiceDb;
  /** Requests per second per API key; 0 turns the limit off. */
  rateLimit: number;
  /** Check every response against the strict contract before sending it. */
  validateResponses: boolean;
  logger?: FastifyServerOptions["logger"];
  /** The clock prices are valid by (ms since the epoch); tests step it over a boundary. */
  now?: () => number;
  /** How long a key check is trusted without the database (default KEY_CHECK_TTL_MS). */
  keyCheckTtlMs?: number;
  /** Timeouts for slow clients and the connection cap (default: the environment's defaults). */
  limits?: ConnectionLimits;
  /** Player answers kept at most (default PLAYER_ANSWERS_KEPT; 0 keeps none: benchmarks of the database's cost). */
  playerAnswersKept?: number;
}

/** The reference service: every endpoint of the spec and our extensions under `/api/public`. */
export async function buildServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const limits = options.limits ?? connectionLimits();
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own request log prints the raw URL, which holds the API key on GET routes:
    // we log the route pattern instead (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: () => randomUUID(),
    // A path with a malformed percent-encoding or an overlong parameter never reaches a route:
    // answer it in our envelope, naming which rule it broke.
    frameworkErrors: (error, request, reply) =>
      sendFailure(
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? new MalformedUrlError(`a path parameter is longer than ${MAX_PARAM_LENGTH} characters`)
          : new MalformedUrlError(),
        request,
        reply,
      ),
    // What Node cannot read as a request (malformed HTTP, oversized headers, a timeout) is
    // answered in the envelope too.
    clientErrorHandler: clientErrorHandler(limits),
    ...fastifyTimeouts(limits),
  }).withTypeProvider<ZodTypeProvider>();
  applyConnectionLimits(app, limits);

  app.decorate("db", options.db);
  // Caches of key checks and catalogue answers, dropped on every change the database notifies
  // (docs/service.md, "Caches"); the feed stops with the app.
  const feed = await startChangeFeed(options.db);
  app.addHook("onClose", () => feed.close());
  app.decorate("changeFeed", feed);
  const keys = new KeyCache(options.db, feed, options.keyCheckTtlMs);
  const now = options.now ?? Date.now;
  // Player answers are dropped one customer at a time, as the database names them (migration 0009).
  const players = new ReadCache<Representation>(feed, now, options.playerAnswersKept ?? PLAYER_ANSWERS_KEPT);
  feed.onCustomerChange((customerRowId) => players.evictTag(customerRowTag(customerRowId)));
  app.decorate("cachedReads", {
    cache: new ReadCache<Representation>(feed, now),
    players,
    now,
    validate: options.validateResponses,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    serializerCompiler({
      validate: options.validateResponses,
      rawTotalsUrls: new Set([`${API_PREFIX}${CUSTOMER_TOKENS_URL}`]),
    }),
  );
  registerJsonBody(app);
  // Every answer, errors and unknown routes included (docs/service.md, "Security headers").
  app.addHook("onSend", securityHeaders);
  app.setErrorHandler((error, request, reply) => sendFailure(error, request, reply));
  app.setNotFoundHandler((request, reply) => sendFailure(null, request, reply));

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Game Commerce public REST service",
        version: "1.0.0",
        description:
          "The public REST service of the spec, with the extensions of this implementation (FundWallet, Wallet, Awards, health) marked as such. Amounts are exact decimals.",
      },
      servers: [{ url: API_PREFIX }],
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: "any" } }),
  });

  const limiter = new RateLimiter(options.rateLimit);
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.addHook("preValidation", keyGuard(keys, limiter));
      catalogueRoutes(typed);
      holdingsRoutes(typed);
      awardRoutes(typed);
      keyRoutes(typed);
    },
    { prefix: API_PREFIX },
  );
  await app.register(async (api) => metaRoutes(api.withTypeProvider<ZodTypeProvider>()), {
    prefix: API_PREFIX,
  });

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(no route)",
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        key: request.project?.keyId.slice(0, 12),
        ip: request.ip,
        clientIp: (request.query as { IP?: string } | undefined)?.IP,
      },
      "request",
    );
  });
  return app;
}
