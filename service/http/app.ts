import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { createJsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type ChangeFeed, startChangeFeed } from "../cache/change-feed";
import { KeyCache } from "../cache/key-cache";
import { customerRowTag } from "../cache/player-tags";
import { ReadCache } from "../cache/read-cache";
import type { ServiceDb } from "../db/connection";
import type { AuthorizedProject } from "../domain/keys";
import { logRequestId } from "../domain/request-log";
import type { RequestLogRow } from "../domain/request-log-batch";
import {
  type ConnectionLimits,
  connectionLimits,
  type RequestLogSettings,
  requestLogSettings,
  webhookSettings,
} from "../env";
import { databaseSink, type RequestLogSink, RequestLogWriter } from "../log/request-log";
import { WebhookSender, type WebhookSettings } from "../webhooks/sender";
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
import { OPERATION_TAGS, operationOf } from "./operations";
import { RateLimiter } from "./rate-limit";
import type { Representation } from "./representation";
import { RequestIds } from "./request-ids";
import { awardRoutes } from "./routes/awards";
import { catalogueRoutes } from "./routes/catalogue";
import { customerRoutes } from "./routes/customers";
import { CUSTOMER_TOKENS_URL, holdingsRoutes } from "./routes/holdings";
import { keyRoutes } from "./routes/keys";
import { metaRoutes } from "./routes/meta";
import { requestRoutes } from "./routes/requests";
import { webhookRoutes } from "./routes/webhooks";
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
    /** This instance's request log writer (docs/service.md, "Request log"). */
    requestLog: RequestLogWriter;
    /** This instance's webhook sender (docs/service.md, "Webhooks"). */
    webhooks: WebhookSender;
  }
  interface FastifyRequest {
    /**
     * A POST's ApiKey, kept past validation (which drops it from the body) so that the request
     * log can make sure it holds it nowhere; never logged itself.
     */
    postedKey?: string;
  }
}

/** A caller's own request id we take as ours (`X-Request-Id`); anything else gets a UUID. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A raw request as `genReqId` leaves it: the counter of the id the service made for it, or -1. */
interface CountedRequest {
  madeCounter?: number;
}

/** How every key the service issues starts (`generateApiKey` in service/domain/keys.ts). */
const ISSUED_KEY_PREFIX = "gcc_";

/**
 * Whether a caller's request id could be an API key — one the service issued (`gcc_…`), or a whole
 * segment of the path (GET paths carry the key): the id goes into every log line of the call,
 * where a key must never be, so such an id is replaced. (A key of another form sent as a POST's
 * X-Request-Id is still kept out of the request log: see `loggable`.)
 */
function mayBeKey(id: string, url: string | undefined): boolean {
  return id.startsWith(ISSUED_KEY_PREFIX) || (url?.split(/[/?]/).includes(id) ?? false);
}

/** Text kept in a log entry at most (a refused CustomerID may be a 64 KiB string). */
const LOGGED_TEXT = 512;
const LOGGED_ERROR = 2000;

/**
 * `text` for a log entry: cut to `max`, and never holding the call's key — a caller could put it
 * anywhere (as a CustomerID, its X-Request-Id…), and a log row must never carry it.
 */
function loggable(text: string, key: string | undefined, max = LOGGED_TEXT): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  return key && cut.includes(key) ? cut.replaceAll(key, "[API key]") : cut;
}

/**
 * The request log's hook for one route (docs/service.md, "Request log"), made when the route is
 * registered: it knows the route pattern without asking each request for it (Fastify builds an
 * object per `request.routeOptions`).
 */
function requestLogHook(url: string, requestLog: RequestLogWriter) {
  const route = url.slice(API_PREFIX.length);
  return function logCall(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    // Only calls that passed the key check: without a project there is nobody to file it under.
    const project = request.project;
    if (project !== undefined && requestLog.enabled)
      requestLog.record(logEntry(route, request, reply, project, requestLog.now()));
    done();
  };
}

/**
 * The request log's entry for a call that passed the key check. Only named fields are read — the
 * route pattern, never the raw URL (GET paths hold the key); the body's RequestID and
 * CustomerID, never the body — and each text goes through `loggable`.
 */
function logEntry(
  route: string,
  request: FastifyRequest,
  reply: FastifyReply,
  project: AuthorizedProject,
  now: number,
): RequestLogRow {
  const elapsedMs = reply.elapsedTime;
  let key: string | undefined;
  let requestId: string | null = null;
  let customerId: string | null = null;
  let ip: string | null = null;
  if (request.method === "POST") {
    const body = request.body as { ApiKey?: unknown; RequestID?: unknown; CustomerID?: unknown } | null;
    key = request.postedKey ?? (typeof body?.ApiKey === "string" ? body.ApiKey : undefined);
    if ((route === "/AwardTokens" || route === "/FundWallet") && typeof body?.RequestID === "string")
      requestId = logRequestId(loggable(body.RequestID, key));
    if (route === "/AwardTokens" && typeof body?.CustomerID === "string")
      customerId = loggable(body.CustomerID, key);
  } else {
    const params = request.params as { YourAPIKEY?: string; CustomerID?: string } | undefined;
    key = params?.YourAPIKEY;
    if (typeof params?.CustomerID === "string") customerId = loggable(params.CustomerID, key);
    // Prices' IP (the buyer's address): recorded, as sent — a refused one too (docs/service.md).
    const query = request.query as { IP?: unknown } | undefined;
    if (route.startsWith("/Prices/") && typeof query?.IP === "string") ip = loggable(query.IP, key);
  }
  const failure = request.failure;
  const madeCounter = (request.raw as CountedRequest).madeCounter ?? -1;
  return {
    at: Math.round(now - elapsedMs),
    projectId: project.id,
    keyId: project.keyRowId,
    method: request.method,
    route,
    status: reply.statusCode,
    durationUs: Math.min(2_147_483_647, Math.round(elapsedMs * 1000)),
    errorCode: failure ? failure.code : null,
    error: failure ? loggable(failure.message, key, LOGGED_ERROR) : null,
    requestId,
    customerId,
    // An id the service made holds nothing of the caller's.
    callerRequestId: madeCounter >= 0 ? request.id : loggable(request.id, key),
    madeCounter,
    ip,
  };
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
  /** The request log (default: the environment's defaults; tests shorten the flush, benchmarks turn it off). */
  requestLog?: RequestLogSettings;
  /** Where the request log writes (default: the database; a benchmark measures the log without its writes). */
  requestLogSink?: RequestLogSink;
  /** The webhook sender (default: the environment's defaults, so on). */
  webhooks?: WebhookSettings;
}

/** The reference service: every endpoint of the spec and our extensions under `/api/public`. */
export async function buildServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const limits = options.limits ?? connectionLimits();
  const requestIds = new RequestIds();
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own request log prints the raw URL, which holds the API key on GET routes:
    // we log the route pattern instead (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The caller's X-Request-Id when it is a plain token, so its logs and ours name a call alike;
    // it comes back as the X-Request-Id answer header (onSend below) and in the request log.
    // Otherwise one of ours: a UUID whose last 12 digits count (request-ids.ts).
    // The raw request keeps the counter of an id we made, so the request log need not read it
    // back out of the id (service/domain/request-log-batch.ts).
    genReqId: (raw) => {
      const given = raw.headers["x-request-id"];
      const counted = raw as CountedRequest;
      if (typeof given === "string" && CALLER_REQUEST_ID.test(given) && !mayBeKey(given, raw.url)) {
        counted.madeCounter = -1;
        return given;
      }
      const id = requestIds.next();
      counted.madeCounter = requestIds.counter;
      return id;
    },
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
  // Written off the hot path (docs/service.md, "Request log"); what is left is written on close,
  // before the database is.
  const requestLog = new RequestLogWriter(
    options.requestLogSink ?? databaseSink(options.db),
    options.requestLog ?? requestLogSettings(),
    app.log,
  );
  app.addHook("onClose", () => requestLog.close());
  app.decorate("requestLog", requestLog);

  // The API calls taken, so that the webhook sender yields to them (docs/service.md, "Webhooks").
  let calls = 0;
  app.addHook("onRequest", (_request, _reply, done) => {
    calls += 1;
    done();
  });
  const webhooks = new WebhookSender(options.db, options.webhooks ?? webhookSettings(), {
    onError: (error) => app.log.warn({ err: error }, "webhook sender: a round failed; it runs again"),
    activity: () => calls,
  });
  app.addHook("onReady", (done) => {
    webhooks.start();
    done();
  });
  app.addHook("onClose", () => webhooks.close());
  app.decorate("webhooks", webhooks);
  // Declared up front, so every request object has the same shape (Fastify's advice).
  app.decorateRequest("postedKey", undefined);
  app.decorateRequest("failure", undefined);
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
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("X-Request-Id", request.id);
    done(null, payload);
  });
  app.setErrorHandler((error, request, reply) => sendFailure(error, request, reply));
  app.setNotFoundHandler((request, reply) => sendFailure(null, request, reply));

  const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: "any" } });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Game Commerce public REST service",
        version: "1.0.0",
        contact: { name: "Game Commerce Console" },
        description:
          "The public REST service of the spec, with the extensions of this implementation (FundWallet, Wallet, Awards, health) marked as such. Amounts are exact decimals.",
      },
      servers: [{ url: API_PREFIX }],
      tags: OPERATION_TAGS.map((tag) => ({ ...tag })),
    },
    transform: (input) => {
      const out = zodTransform(input);
      if ((out.schema as { hide?: boolean } | undefined)?.hide) return out;
      const method = [input.route.method].flat()[0] ?? "";
      if (method === "HEAD") return out;
      const operation = operationOf(method, input.url, API_PREFIX);
      if (!operation)
        throw new Error(
          `${method} ${input.url} has no entry in service/http/operations.ts: give it an operationId`,
        );
      return {
        ...out,
        schema: {
          ...out.schema,
          operationId: operation.operationId,
          tags: [operation.tag],
          description: operation.description,
        },
      };
    },
  });

  // Every route of the API records its calls in the request log (added as each is registered).
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const hooks = route.onResponse === undefined ? [] : [route.onResponse].flat();
    route.onResponse = [...hooks, requestLogHook(route.url, requestLog) as (typeof hooks)[number]];
  });
  const limiter = new RateLimiter(options.rateLimit);
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.addHook("preValidation", keyGuard(keys, limiter));
      // After the guard, before the body's schema drops ApiKey (see logEntry).
      typed.addHook("preValidation", (request, _reply, done) => {
        const body = request.body as { ApiKey?: unknown } | null;
        if (request.method === "POST" && typeof body?.ApiKey === "string") request.postedKey = body.ApiKey;
        done();
      });
      catalogueRoutes(typed);
      holdingsRoutes(typed);
      awardRoutes(typed);
      keyRoutes(typed);
      requestRoutes(typed);
      webhookRoutes(typed);
      customerRoutes(typed);
    },
    { prefix: API_PREFIX },
  );
  await app.register(async (api) => metaRoutes(api.withTypeProvider<ZodTypeProvider>()), {
    prefix: API_PREFIX,
  });

  // One line per call when the level allows it (built only then: it reads the route's options).
  // pino has isLevelEnabled; the logger Fastify makes when logging is off has not.
  const logger = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (logger.isLevelEnabled?.("info"))
    app.addHook("onResponse", (request, reply, done) => {
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
      done();
    });
  return app;
}
