import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, type Stats, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ConsoleEnv } from "./env";
import type { EncryptionKeys } from "./secret-box";

export interface ConsoleSecrets {
  authSecret: string;
  /** Newest first: the first seals connection keys, any of them opens (docs/console.md, "Keys at rest"). */
  encryptionKeys: EncryptionKeys;
}

/** The encryption keys the environment gives, newest first, if any. */
function givenKeys(env: ConsoleEnv): EncryptionKeys | null {
  const keys =
    env.CONSOLE_ENCRYPTION_KEYS ?? (env.CONSOLE_ENCRYPTION_KEY ? [env.CONSOLE_ENCRYPTION_KEY] : []);
  const [newest, ...older] = keys;
  return newest ? [newest, ...older] : null;
}

/** Raised when a secret is needed but neither given nor allowed to be generated. */
export class MissingSecretError extends Error {}

/** Where the embedded default keeps its generated secrets: beside the console's database folder. */
export function secretsFile(env: ConsoleEnv): string {
  return join(dirname(resolve(env.CONSOLE_PGLITE_DIR)), "console-secrets.json");
}

/**
 * What the generated file held when it was last read, with what the environment gave then: asked
 * on every request (Auth.js's options, each project context), the file is read again only when
 * it changed (`npm run secrets:rotate`, another process, rewrites it) or the environment differs.
 */
let lastRead: {
  file: string;
  mtimeMs: number;
  size: number;
  env: ConsoleEnv;
  secrets: ConsoleSecrets;
} | null = null;

const unchanged = (file: string, stat: Stats | undefined, env: ConsoleEnv) =>
  stat !== undefined &&
  lastRead !== null &&
  lastRead.file === file &&
  lastRead.mtimeMs === stat.mtimeMs &&
  lastRead.size === stat.size &&
  lastRead.env.AUTH_SECRET === env.AUTH_SECRET &&
  lastRead.env.CONSOLE_ENCRYPTION_KEY === env.CONSOLE_ENCRYPTION_KEY &&
  lastRead.env.CONSOLE_ENCRYPTION_KEYS?.join("\n") === env.CONSOLE_ENCRYPTION_KEYS?.join("\n");

/**
 * AUTH_SECRET and the encryption keys (CONSOLE_ENCRYPTION_KEYS or CONSOLE_ENCRYPTION_KEY) from the
 * environment; for the embedded default, each one missing is generated once into a file beside
 * the console's data (mode 0600, never committed: `.data/` is ignored). On PostgreSQL several
 * instances must share them, so they must be given.
 */
export function consoleSecrets(env: ConsoleEnv): ConsoleSecrets {
  const keys = givenKeys(env);
  if (env.AUTH_SECRET && keys) return { authSecret: env.AUTH_SECRET, encryptionKeys: keys };
  if (env.CONSOLE_DATABASE_URL) {
    const missing = [
      env.AUTH_SECRET ? null : "AUTH_SECRET",
      keys ? null : "CONSOLE_ENCRYPTION_KEYS (or CONSOLE_ENCRYPTION_KEY)",
    ].filter(Boolean);
    throw new MissingSecretError(
      `Set ${missing.join(" and ")} (at least 32 characters each, the same on every console instance): with CONSOLE_DATABASE_URL they are not generated.`,
    );
  }
  const file = secretsFile(env);
  const seen = statSync(file, { throwIfNoEntry: false });
  if (unchanged(file, seen, env) && lastRead) return lastRead.secrets;
  let stored: { authSecret?: string; encryptionKey?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as typeof stored;
  const authSecret = env.AUTH_SECRET ?? stored.authSecret;
  // The generated key is one; to rotate it, name a new one first and it second in CONSOLE_ENCRYPTION_KEYS.
  const encryptionKey = keys ? null : stored.encryptionKey;
  const generatedKey = keys || encryptionKey ? null : randomBytes(32).toString("base64url");
  const secrets: ConsoleSecrets = {
    authSecret: authSecret ?? randomBytes(32).toString("base64url"),
    encryptionKeys: keys ?? [(encryptionKey ?? generatedKey) as string],
  };
  if (!authSecret || generatedKey) {
    // Only what was generated goes to the file; secrets from the environment stay there.
    const keep = {
      ...stored,
      ...(authSecret ? {} : { authSecret: secrets.authSecret }),
      ...(generatedKey ? { encryptionKey: generatedKey } : {}),
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(keep, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const read = statSync(file);
  lastRead = { file, mtimeMs: read.mtimeMs, size: read.size, env, secrets };
  return secrets;
}
