import { resolve } from "node:path";
import { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";
import type { DatabaseTarget } from "./db/connection";

const port = z.coerce
  .number({ error: "must be a port number" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be between 0 and 65535" })
  .max(65535, { error: "must be between 0 and 65535" });

const schema = z.object({
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
  SERVICE_DB_POOL_SIZE: z.coerce.number().int().min(1, { error: "must be at least 1" }).max(1000).default(10),
  SERVICE_RATE_LIMIT: z.coerce
    .number({ error: "must be a number of requests per second" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 (off) or more" })
    .default(1000),
  // Off by default in production for speed; the tests keep it on, so a contract break fails them.
  SERVICE_VALIDATE_RESPONSES: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  SERVICE_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
