import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ConsoleEnv } from "./env";

export interface ConsoleSecrets {
  authSecret: string;
  encryptionKey: string;
}

/** Raised when a secret is needed but neither given nor allowed to be generated. */
export class MissingSecretError extends Error {}

/** Where the embedded default keeps its generated secrets: beside the console's database folder. */
export function secretsFile(env: ConsoleEnv): string {
  return join(dirname(resolve(env.CONSOLE_PGLITE_DIR)), "console-secrets.json");
}

/**
 * AUTH_SECRET and CONSOLE_ENCRYPTION_KEY from the environment; for the embedded default, each one
 * missing is generated once into a file beside the console's data (mode 0600, never committed:
 * `.data/` is ignored). On PostgreSQL several instances must share them, so they must be given.
 */
export function consoleSecrets(env: ConsoleEnv): ConsoleSecrets {
  if (env.AUTH_SECRET && env.CONSOLE_ENCRYPTION_KEY) {
    return { authSecret: env.AUTH_SECRET, encryptionKey: env.CONSOLE_ENCRYPTION_KEY };
  }
  if (env.CONSOLE_DATABASE_URL) {
    const missing = [
      env.AUTH_SECRET ? null : "AUTH_SECRET",
      env.CONSOLE_ENCRYPTION_KEY ? null : "CONSOLE_ENCRYPTION_KEY",
    ].filter(Boolean);
    throw new MissingSecretError(
      `Set ${missing.join(" and ")} (at least 32 characters each, the same on every console instance): with CONSOLE_DATABASE_URL they are not generated.`,
    );
  }
  const file = secretsFile(env);
  let stored: Partial<ConsoleSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<ConsoleSecrets>;
  const authSecret = env.AUTH_SECRET ?? stored.authSecret;
  const encryptionKey = env.CONSOLE_ENCRYPTION_KEY ?? stored.encryptionKey;
  const secrets: ConsoleSecrets = {
    authSecret: authSecret ?? randomBytes(32).toString("base64url"),
    encryptionKey: encryptionKey ?? randomBytes(32).toString("base64url"),
  };
  if (!authSecret || !encryptionKey) {
    // Only what was generated goes to the file; secrets from the environment stay there.
    const keep = {
      ...stored,
      ...(authSecret ? {} : { authSecret: secrets.authSecret }),
      ...(encryptionKey ? {} : { encryptionKey: secrets.encryptionKey }),
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(keep, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}
