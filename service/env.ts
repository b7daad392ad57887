import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { parseAllowList } from "@/common/outbound-addresses";
import { describeIssues } from "@/lib/contract/issues";
import type { DatabaseTarget } from "./db/connection";
import { DEFAULT_RETRY_POLICY } from "./webhooks/retry-schedule";
import type { WebhookSettings } from "./webhooks/sender";

const port = z.coerce
  .number({ error: "must be a port number" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be between 0 and 65535" })
  .max(65535, { error: "must be between 0 and 65535" });

/** A time in milliseconds; `0` is allowed only where it turns the limit off. */
const milliseconds = (fallback: number, zeroTurnsOff = false) =>
  z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(zeroTurnsOff ? 0 : 1, { error: zeroTurnsOff ? "must be 0 (off) or more" : "must be at least 1" })
    .max(3_600_000, { error: "must be at most 3600000 (one hour)" })
    .default(fallback);

/**
 * The soft limit of open files (Linux: /proc/self/limits), so that the connection cap stays
 * below it: past it the process cannot accept, open a database connection or read a file, and
 * answers nothing at all (docs/service.md, "Limits").
 */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync("/proc/self/limits", "utf8").match(/^Max open files\s+(\d+)/m);
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** 10,000 connections, or fewer where the open-files limit is lower (256 kept for the rest). */
export function defaultMaxConnections(limit = openFilesLimit()): number {
  return limit === undefined ? 10_000 : Math.max(64, Math.min(10_000, limit - 256));
}

const schema = z
  .object({
    SERVICE_PORT: port.default(3001),
    SERVICE_HOST: z.string().min(1, { error: "must not be empty" }).default("127.0.0.1"),
    SERVICE_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    SERVICE_PGLITE_DIR: z.string().min(1, { error: "must not be empty" }).default(".data/service"),
    // docs/service.md, "Durability": what "fast" trades away.
    SERVICE_PGLITE_DURABILITY: z
      .enum(["durable", "fast"], { error: "must be durable or fast" })
      .default("durable"),
    SERVICE_DB_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1, { error: "must be at least 1" })
      .max(1000)
      .default(10),
    SERVICE_RATE_LIMIT: z.coerce
      .number({ error: "must be a number of requests per second" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be 0 (off) or more" })
      .default(1000),
    // Slow or idle clients (docs/service.md, "Limits"): headers within 10 s, the whole request
    // within 30 s, an idle kept-alive connection closed after 72 s (longer than the usual 60 s of a
    // load balancer, which must close first), a silent socket after 5 minutes (a FundWallet that
    // settles a long queue must answer within it), and a cap on open connections.
    SERVICE_HEADERS_TIMEOUT_MS: milliseconds(10_000),
    SERVICE_REQUEST_TIMEOUT_MS: milliseconds(30_000),
    SERVICE_KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
    SERVICE_CONNECTION_TIMEOUT_MS: milliseconds(300_000, true),
    SERVICE_MAX_CONNECTIONS: z.coerce
      .number({ error: "must be a number of connections" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .default(defaultMaxConnections),
    // Off by default in production for speed; the tests keep it on, so a contract break fails them.
    SERVICE_VALIDATE_RESPONSES: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    SERVICE_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // The request log (docs/service.md, "Request log"): on unless turned off, kept 7 days and at
    // most 2,000,000 rows, written every 250 ms off the hot path.
    SERVICE_REQUEST_LOG: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    SERVICE_REQUEST_LOG_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1" })
      .max(3650, { error: "must be at most 3650 (ten years)" })
      .default(7),
    SERVICE_REQUEST_LOG_MAX_ROWS: z.coerce
      .number({ error: "must be a number of rows" })
      .int({ error: "must be a whole number of rows" })
      .min(1000, { error: "must be at least 1000" })
      .max(1_000_000_000, { error: "must be at most 1000000000" })
      .default(2_000_000),
    SERVICE_REQUEST_LOG_FLUSH_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int({ error: "must be a whole number of milliseconds" })
      .min(10, { error: "must be at least 10" })
      .max(60_000, { error: "must be at most 60000 (one minute)" })
      .default(250),
    // Webhooks (docs/service.md, "Webhooks"): the sender runs unless turned off; an endpoint at a
    // loopback or private address is called only when its host is listed; one call gets 10 s; a
    // failed delivery waits 30 s, then twice as long each time (shortened by tests and demos).
    SERVICE_WEBHOOKS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    SERVICE_WEBHOOK_ALLOWED_HOSTS: z
      .string()
      .transform((text, ctx) => {
        const { entries, problems } = parseAllowList(text);
        for (const message of problems) ctx.issues.push({ code: "custom", input: text, message });
        return entries;
      })
      .optional(),
    SERVICE_WEBHOOK_TIMEOUT_MS: milliseconds(10_000),
    SERVICE_WEBHOOK_RETRY_BASE_MS: milliseconds(30_000),
  })
  .refine((env) => env.SERVICE_HEADERS_TIMEOUT_MS <= env.SERVICE_REQUEST_TIMEOUT_MS, {
    path: ["SERVICE_HEADERS_TIMEOUT_MS"],
    error: "must not be more than SERVICE_REQUEST_TIMEOUT_MS (the headers are part of the request)",
  });

export type ServiceEnv = z.output<typeof schema>;

/** Thrown for a bad environment; the CLI prints its message alone (no stack). */
export class EnvError extends Error {}

/** Parses the service's environment once; an empty variable counts as unset. */
export function loadServiceEnv(source: NodeJS.ProcessEnv = process.env): ServiceEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) throw new EnvError(`Invalid environment: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

export function databaseTarget(env: ServiceEnv): DatabaseTarget {
  return env.SERVICE_DATABASE_URL
    ? { driver: "postgres", url: env.SERVICE_DATABASE_URL, poolSize: env.SERVICE_DB_POOL_SIZE }
    : {
        driver: "pglite",
        folder: resolve(env.SERVICE_PGLITE_DIR),
        durability: env.SERVICE_PGLITE_DURABILITY,
      };
}

/**
 * How long the service waits for slow or idle clients and how many connections it keeps open
 * (docs/service.md, "Limits"): without them, clients that open connections and send a request
 * slowly, or never, hold them for ever, and enough of them use up the process's open files so
 * that nobody — the health check included — is answered any more.
 */
export interface ConnectionLimits {
  /** All request headers must arrive within this (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (`requestTimeout`). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (`keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
  /** A socket silent this long is closed (`connectionTimeout`); 0: never. */
  connectionTimeoutMs: number;
  /** Open connections at most; the next one replaces the least recently active idle one. */
  maxConnections: number;
}

/** The limits on slow clients and open connections (defaults: the schema's, from `{}`). */
export function connectionLimits(
  env: ServiceEnv = loadServiceEnv({} as NodeJS.ProcessEnv),
): ConnectionLimits {
  return {
    headersTimeoutMs: env.SERVICE_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.SERVICE_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.SERVICE_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeoutMs: env.SERVICE_CONNECTION_TIMEOUT_MS,
    maxConnections: env.SERVICE_MAX_CONNECTIONS,
  };
}

/** What the request log keeps and how it writes (docs/service.md, "Request log"). */
export interface RequestLogSettings {
  /** Off: nothing is recorded (the endpoints still answer what the table holds). */
  enabled: boolean;
  /** Entries older than this many days are deleted. */
  keptDays: number;
  /** Entries at most; the oldest beyond it are deleted. */
  maxRows: number;
  /** The buffer is written at least this often (and at once when `batchSize` entries wait). */
  flushMs: number;
  /** Entries that start a write at once (default 500). */
  batchSize?: number;
  /** Entries held in memory at most, the write in progress included; past it new ones are dropped (default 20,000). */
  maxBuffered?: number;
  /** How often old entries are swept (default 60 s; 0: only when asked, for tests). */
  sweepMs?: number;
}

/** The request log's settings (defaults: the schema's, from `{}`). */
export function requestLogSettings(
  env: ServiceEnv = loadServiceEnv({} as NodeJS.ProcessEnv),
): RequestLogSettings {
  return {
    enabled: env.SERVICE_REQUEST_LOG === "on",
    keptDays: env.SERVICE_REQUEST_LOG_DAYS,
    maxRows: env.SERVICE_REQUEST_LOG_MAX_ROWS,
    flushMs: env.SERVICE_REQUEST_LOG_FLUSH_MS,
  };
}

/** A failing endpoint with no success for this long is disabled (docs/service.md, "Webhooks"). */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3600_000;
/** Events, their deliveries and attempts are kept this many days. */
export const WEBHOOK_KEEP_DAYS = 30;

/** The webhook sender's settings (defaults: the schema's, from `{}`). */
export function webhookSettings(env: ServiceEnv = loadServiceEnv({} as NodeJS.ProcessEnv)): WebhookSettings {
  return {
    enabled: env.SERVICE_WEBHOOKS === "on",
    pollMs: 250,
    timeoutMs: env.SERVICE_WEBHOOK_TIMEOUT_MS,
    allowedHosts: new Set(env.SERVICE_WEBHOOK_ALLOWED_HOSTS ?? []),
    retry: { ...DEFAULT_RETRY_POLICY, baseMs: env.SERVICE_WEBHOOK_RETRY_BASE_MS },
    disableAfterMs: WEBHOOK_DISABLE_AFTER_MS,
    keepDays: WEBHOOK_KEEP_DAYS,
  };
}
