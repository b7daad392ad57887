import "server-only";
import { resolve } from "node:path";
import { z } from "zod";
import type { DatabaseTarget } from "@/common/database";
import { parseAllowList } from "@/common/outbound-addresses";
import { guid } from "@/lib/contract/guid";
import { describeIssues } from "@/lib/contract/issues";
import { parseTrustedProxies } from "@/lib/http/forwarded-headers.cjs";
import { CONNECTION_ENVIRONMENTS, ENVIRONMENT_RULE } from "@/lib/model/connection-environment";

const secret = (name: string) =>
  z
    .string()
    .min(32, { error: `must be at least 32 characters (e.g. openssl rand -base64 32) for ${name}` })
    .optional();

/** A comma-separated allow list of hosts (common/outbound-addresses.ts), kept as allowedHostEntry spells them. */
const allowList = z
  .string()
  .transform((text, ctx) => {
    const { entries, problems } = parseAllowList(text);
    for (const message of problems) ctx.issues.push({ code: "custom", input: text, message });
    return entries;
  })
  .optional();

const schema = z.object({
  /** The service the console's default connection points at, e.g. http://127.0.0.1:3001/api/public. */
  COMMERCE_BASE_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  /** Stored and compared lower-cased, however it is written here (lib/contract/guid.ts). */
  COMMERCE_PROJECT_GUID: guid.optional(),
  COMMERCE_API_KEY: z.string().optional(),
  /** What the project switcher calls the connection from the environment. */
  COMMERCE_PROJECT_NAME: z.string().trim().max(80, { error: "must be at most 80 characters" }).optional(),
  /** Its environment badge in the switcher: "test" or "live" (docs/console.md, "Project connections"). */
  COMMERCE_PROJECT_ENVIRONMENT: z.enum(CONNECTION_ENVIRONMENTS, { error: ENVIRONMENT_RULE }).default("test"),
  /**
   * Hosts the console may call for a service although they are not public addresses (loopback,
   * private, link-local…): comma-separated host or host:port (docs/console.md, "Addresses the
   * console calls"). Kept as allowedHostEntry spells them.
   */
  CONSOLE_ALLOWED_SERVICE_HOSTS: allowList,
  /**
   * Hosts a notification's Slack or Discord webhook may be at although they are not public
   * addresses, as above (docs/console.md, "Notifications"): a relay on the studio's network, the
   * tests' receivers.
   */
  CONSOLE_ALLOWED_NOTIFICATION_HOSTS: allowList,
  /** The console's own address as people reach it: notifications link to its pages with it. */
  CONSOLE_PUBLIC_URL: z
    .url({ error: "must be an http(s) URL, such as https://console.studio.example" })
    .optional(),
  /** Email notifications go out through this SMTP server: smtp://user:password@host:587 or smtps://…:465. */
  CONSOLE_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, {
      error: "must be an smtp:// or smtps:// URL (smtp://user:password@host:587)",
    })
    .optional(),
  /** The From of email notifications. */
  CONSOLE_SMTP_FROM: z
    .string()
    .trim()
    .min(3, { error: "must be an address, such as Console <console@studio.example>" })
    .default("Game Commerce Console <console@localhost>"),
  CONSOLE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  CONSOLE_PGLITE_DIR: z.string().min(1, { error: "must not be empty" }).default(".data/console"),
  /** Signs the session cookies (Auth.js). */
  AUTH_SECRET: secret("AUTH_SECRET"),
  /** Encrypts connection API keys at rest; independent of AUTH_SECRET. One key… */
  CONSOLE_ENCRYPTION_KEY: secret("CONSOLE_ENCRYPTION_KEY"),
  /** …or several, comma-separated, newest first: the first seals, any opens (docs/console.md, "Keys at rest"). */
  CONSOLE_ENCRYPTION_KEYS: z
    .string()
    .transform((text) => text.split(",").map((key) => key.trim()))
    .check((ctx) => {
      ctx.value.forEach((key, index) => {
        if (key.length < 32)
          ctx.issues.push({
            code: "custom",
            input: ctx.value,
            message: `key ${index + 1} must be at least 32 characters (e.g. openssl rand -base64 32); keys are separated by commas, newest first`,
          });
      });
      if (new Set(ctx.value).size !== ctx.value.length)
        ctx.issues.push({ code: "custom", input: ctx.value, message: "must not name the same key twice" });
    })
    .optional(),
  /**
   * Proxies whose X-Forwarded-For/-Host/-Proto the console believes: comma-separated addresses or
   * CIDR blocks (docs/console.md, "Sign-in": "Proxies"). Unset: none, and the socket's address is
   * the client. Applied by lib/http/forwarded-headers-preload.cjs before Next.js sees a request;
   * checked here too, so that every command that reads the environment names a bad entry.
   */
  TRUSTED_PROXIES: z
    .string()
    .check((ctx) => {
      try {
        parseTrustedProxies(ctx.value);
      } catch (error) {
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: (error as Error).message.replace(/^TRUSTED_PROXIES: /, ""),
        });
      }
    })
    .optional(),
  /**
   * Owners must sign in with a second factor (docs/console.md, "Two-factor sign-in"); `optional`
   * waives that for demos and tests only (the demo sets it unless DEMO_MFA=1).
   */
  CONSOLE_OWNER_MFA: z
    .enum(["required", "optional"], { error: "must be required or optional" })
    .default("required"),
  /**
   * How long a second factor counts for step-up, in seconds (docs/console.md, "Two-factor
   * sign-in"): 10 minutes unless set. The end-to-end console shortens it, so that a session's
   * second factor goes stale within a test.
   */
  CONSOLE_STEP_UP_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(30, { error: "must be at least 30 seconds" })
    .max(86_400, { error: "must be at most 86400 seconds (a day)" })
    .default(600),
});

export type ConsoleEnv = z.output<typeof schema>;

/** Thrown for a bad environment; command-line tools print its message alone. */
export class ConsoleEnvError extends Error {}

let parsed: ConsoleEnv | undefined;

/** Parses an environment; an empty variable counts as unset. */
export function parseConsoleEnv(source: Record<string, string | undefined>): ConsoleEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (!result.success)
    throw new ConsoleEnvError(`Invalid console environment: ${describeIssues(result.error.issues)}`);
  if (result.data.CONSOLE_ENCRYPTION_KEY && result.data.CONSOLE_ENCRYPTION_KEYS)
    throw new ConsoleEnvError(
      "Invalid console environment: set CONSOLE_ENCRYPTION_KEYS (several keys, newest first) or CONSOLE_ENCRYPTION_KEY (one), not both.",
    );
  return result.data;
}

/** The console's environment, parsed once (at first use, never during `next build`). */
export function consoleEnv(): ConsoleEnv {
  parsed ??= parseConsoleEnv(process.env);
  return parsed;
}

export function consoleDatabaseTarget(env: ConsoleEnv): DatabaseTarget {
  return env.CONSOLE_DATABASE_URL
    ? { driver: "postgres", url: env.CONSOLE_DATABASE_URL }
    : { driver: "pglite", folder: resolve(env.CONSOLE_PGLITE_DIR) };
}
