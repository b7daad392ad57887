import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConsoleEnv } from "./env";
import { consoleSecrets, MissingSecretError, secretsFile } from "./secrets";

const dataDir = () => join(mkdtempSync(join(tmpdir(), "gcc-secrets-")), "console");

describe("console secrets", () => {
  it("generates both secrets once for the embedded default, 0600, and reuses them", () => {
    const env = parseConsoleEnv({ CONSOLE_PGLITE_DIR: dataDir() });
    const first = consoleSecrets(env);
    expect(first.authSecret).not.toBe(first.encryptionKey);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(43);
    expect(statSync(secretsFile(env)).mode & 0o777).toBe(0o600);
    expect(consoleSecrets(env)).toEqual(first);
  });

  it("takes them from the environment and writes only what it generated", () => {
    const dir = dataDir();
    const given = "g".repeat(40);
    const env = parseConsoleEnv({ CONSOLE_PGLITE_DIR: dir, AUTH_SECRET: given });
    const secrets = consoleSecrets(env);
    expect(secrets.authSecret).toBe(given);
    expect(readFileSync(secretsFile(env), "utf8")).not.toContain(given);
  });

  it("on PostgreSQL (several instances) refuses to generate them, naming the variables", () => {
    const env = parseConsoleEnv({
      CONSOLE_DATABASE_URL: "postgres://db/console",
      AUTH_SECRET: "a".repeat(32),
    });
    expect(() => consoleSecrets(env)).toThrow(MissingSecretError);
    expect(() => consoleSecrets(env)).toThrow(/^Set CONSOLE_ENCRYPTION_KEY \(at least 32 characters/);
  });

  it("refuses a short secret naming the variable", () => {
    expect(() => parseConsoleEnv({ AUTH_SECRET: "short" })).toThrow(
      /AUTH_SECRET must be at least 32 characters/,
    );
  });
});
