import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { parseConsoleEnv } from "./env";
import { consoleSecrets, MissingSecretError, secretsFile } from "./secrets";

const temp = testFolders("secrets");

const dataDir = () => join(temp.next(), "console");

describe("console secrets", () => {
  it("generates both secrets once for the embedded default, 0600, and reuses them", () => {
    const env = parseConsoleEnv({ CONSOLE_PGLITE_DIR: dataDir() });
    const first = consoleSecrets(env);
    expect(first.encryptionKeys).toHaveLength(1);
    expect(first.authSecret).not.toBe(first.encryptionKeys[0]);
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
    expect(() => consoleSecrets(env)).toThrow(
      /^Set CONSOLE_ENCRYPTION_KEYS \(or CONSOLE_ENCRYPTION_KEY\) \(at least 32 characters/,
    );
  });

  it("CONSOLE_ENCRYPTION_KEYS: several keys newest first, each checked; not together with CONSOLE_ENCRYPTION_KEY", () => {
    const [newer, older] = ["n".repeat(40), "o".repeat(40)];
    const env = parseConsoleEnv({
      CONSOLE_PGLITE_DIR: dataDir(),
      AUTH_SECRET: "a".repeat(32),
      CONSOLE_ENCRYPTION_KEYS: ` ${newer} , ${older}`,
    });
    expect(consoleSecrets(env).encryptionKeys).toEqual([newer, older]);
    expect(() => parseConsoleEnv({ CONSOLE_ENCRYPTION_KEYS: `${newer},short` })).toThrow(
      /CONSOLE_ENCRYPTION_KEYS key 2 must be at least 32 characters/,
    );
    expect(() => parseConsoleEnv({ CONSOLE_ENCRYPTION_KEYS: `${newer},${newer}` })).toThrow(
      /must not name the same key twice/,
    );
    expect(() => parseConsoleEnv({ CONSOLE_ENCRYPTION_KEYS: newer, CONSOLE_ENCRYPTION_KEY: older })).toThrow(
      /not both/,
    );
  });

  it("the embedded default's generated key stays the one that opens, with the keys given later second", () => {
    const dir = dataDir();
    const generated = consoleSecrets(parseConsoleEnv({ CONSOLE_PGLITE_DIR: dir })).encryptionKeys[0];
    const newer = "n".repeat(40);
    const rotated = consoleSecrets(
      parseConsoleEnv({ CONSOLE_PGLITE_DIR: dir, CONSOLE_ENCRYPTION_KEYS: `${newer},${generated}` }),
    );
    expect(rotated.encryptionKeys).toEqual([newer, generated]);
  });

  it("refuses a short secret naming the variable", () => {
    expect(() => parseConsoleEnv({ AUTH_SECRET: "short" })).toThrow(
      /AUTH_SECRET must be at least 32 characters/,
    );
  });

  it("reads the generated file once while it is unchanged, and again once it changes (a rotation)", () => {
    const env = parseConsoleEnv({ CONSOLE_PGLITE_DIR: dataDir() });
    const first = consoleSecrets(env);
    const file = secretsFile(env);
    // A whole second as the file's time, which the test can set again exactly.
    const [atime, mtime] = [new Date("2026-11-27T10:00:00Z"), new Date("2026-11-27T10:00:00Z")];
    utimesSync(file, atime, mtime);
    expect(consoleSecrets(env)).toEqual(first);
    // Another content of the same size with the same modification time: not read again.
    const other = { authSecret: "b".repeat(first.authSecret.length), encryptionKey: first.encryptionKeys[0] };
    writeFileSync(file, `${JSON.stringify(other, null, 2)}\n`);
    utimesSync(file, atime, mtime);
    expect(consoleSecrets(env)).toEqual(first);
    // Changed as `npm run secrets:rotate` changes it (a new modification time): read again.
    utimesSync(file, atime, new Date(mtime.getTime() + 2000));
    expect(consoleSecrets(env).authSecret).toBe(other.authSecret);
  });
});
