import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { parseConsoleEnv } from "@/lib/env";
import { encryptionKeyId } from "@/lib/secret-box";
import { createConsoleTestDatabase } from "@/testing/console-database";
import {
  ConnectionError,
  chooseConnection,
  createConnection,
  currentConnectionRef,
  deleteConnection,
  listConnections,
  RotationError,
  rotateConnectionKeys,
  serviceConnection,
  setConnectionEnvironment,
} from "./connections";

const SECRET = "s".repeat(43);
const KEY = "gcc_live_key_0123456789abcdefghij_last";
const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const noEnv = parseConsoleEnv({});
const withEnv = parseConsoleEnv({
  COMMERCE_BASE_URL: "http://127.0.0.1:3001/api/public",
  COMMERCE_PROJECT_GUID: PROJECT,
  COMMERCE_API_KEY: "env-key-abcdefgh-9999",
});

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("project connections", () => {
  it("stores the API key encrypted, lists only its last four characters, and opens it for the server", async () => {
    const created = await createConnection(
      database.db,
      [SECRET],
      { name: "Starfall", baseUrl: "http://127.0.0.1:3001/api/public/", projectGuid: PROJECT, apiKey: KEY },
      null,
    );
    expect(created).toEqual({
      ref: "db:1",
      name: "Starfall",
      baseUrl: "http://127.0.0.1:3001/api/public",
      projectGuid: PROJECT,
      keyHint: "••••last",
      environment: "test",
      readOnly: false,
    });
    const everything = JSON.stringify(
      ((await database.db.execute(sql`select * from console.connections`)) as unknown as { rows: unknown[] })
        .rows,
    );
    expect(everything).not.toContain(KEY);
    expect(JSON.stringify(await listConnections(database.db, noEnv))).not.toContain(KEY.slice(0, -4));
    // With the console's address policy: none for this environment, so public addresses only.
    expect(await serviceConnection(database.db, [SECRET], noEnv, "db:1")).toEqual({
      baseUrl: "http://127.0.0.1:3001/api/public",
      projectGuid: PROJECT,
      apiKey: KEY,
      addresses: { allowedHosts: new Set() },
    });
    await expect(
      serviceConnection(database.db, ["another secret entirely, 43 chars long!!!"], noEnv, "db:1"),
    ).rejects.toThrow(/sealed with encryption key [\w-]{8}, which is not among the console's keys/);
  });

  it.each([
    [
      { name: "", baseUrl: "http://x.test", projectGuid: PROJECT, apiKey: KEY },
      /^The connection's name must not be empty/,
    ],
    [
      { name: "A", baseUrl: "ftp://x.test", projectGuid: PROJECT, apiKey: KEY },
      /^The connection's baseUrl must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { name: "A", baseUrl: "http://x.test", projectGuid: "not-a-guid", apiKey: KEY },
      /^The connection's projectGuid must be a UUID/,
    ],
    [
      { name: "A", baseUrl: "http://x.test", projectGuid: PROJECT, apiKey: "short" },
      /^The connection's apiKey must be at least 8 characters/,
    ],
  ])("refuses bad input naming the field and the rule: %o", async (input, message) => {
    const error = await createConnection(database.db, [SECRET], input, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(message);
    // The form shows the rule beside the field the message names.
    const field = /^The connection's (\w+) /.exec((error as Error).message)?.[1] ?? "?";
    expect(Object.keys((error as ConnectionError).fieldErrors ?? {})).toEqual([field]);
    expect(await listConnections(database.db, noEnv)).toEqual([]);
  });

  it("refuses a second connection of the same name in any case", async () => {
    const input = { name: "Starfall", baseUrl: "http://x.test", projectGuid: PROJECT, apiKey: KEY };
    await createConnection(database.db, [SECRET], input, null);
    await expect(
      createConnection(database.db, [SECRET], { ...input, name: "STARFALL" }, null),
    ).rejects.toThrow(/name "STARFALL" is already used/);
  });

  it("lists the environment's connection first and read-only, and remembers each user's choice", async () => {
    const user = await createUser(database.db, {
      email: "o@studio.example",
      role: "owner",
      password: "long enough pw",
    });
    const other = await createUser(database.db, {
      email: "m@studio.example",
      role: "manager",
      password: "long enough pw",
    });
    await createConnection(
      database.db,
      [SECRET],
      { name: "Second game", baseUrl: "http://y.test", projectGuid: PROJECT, apiKey: KEY },
      user.id,
    );
    const listed = await listConnections(database.db, withEnv);
    expect(listed.map((c) => [c.ref, c.readOnly, c.keyHint])).toEqual([
      ["env", true, "••••9999"],
      ["db:1", false, "••••last"],
    ]);
    expect(await currentConnectionRef(database.db, withEnv, user.id)).toBe("env");
    await chooseConnection(database.db, withEnv, user.id, "db:1");
    expect(await currentConnectionRef(database.db, withEnv, user.id)).toBe("db:1");
    expect(await currentConnectionRef(database.db, withEnv, other.id)).toBe("env");
    await expect(chooseConnection(database.db, withEnv, user.id, "db:99")).rejects.toThrow(ConnectionError);
    // A deleted connection falls back to the first available one.
    await deleteConnection(database.db, "db:1");
    expect(await currentConnectionRef(database.db, withEnv, user.id)).toBe("env");
    await expect(deleteConnection(database.db, "env")).rejects.toThrow(/cannot be deleted here/);
    expect(await serviceConnection(database.db, [SECRET], withEnv, "env")).toMatchObject({
      apiKey: "env-key-abcdefgh-9999",
    });
  });

  it("keeps each connection's environment: test unless the owner says live; the environment's own from COMMERCE_PROJECT_ENVIRONMENT", async () => {
    const input = { name: "Live game", baseUrl: "http://x.test", projectGuid: PROJECT, apiKey: KEY };
    await createConnection(database.db, [SECRET], { ...input, environment: "live" }, null);
    await createConnection(database.db, [SECRET], { ...input, name: "Sandbox" }, null);
    const liveEnv = parseConsoleEnv({
      COMMERCE_BASE_URL: "http://127.0.0.1:3001/api/public",
      COMMERCE_PROJECT_GUID: PROJECT,
      COMMERCE_API_KEY: "env-key-abcdefgh-9999",
      COMMERCE_PROJECT_ENVIRONMENT: "live",
    });
    const environments = async (env = withEnv) =>
      (await listConnections(database.db, env)).map((c) => [c.name, c.environment]);
    expect(await environments()).toEqual([
      ["From the environment", "test"],
      ["Live game", "live"],
      ["Sandbox", "test"],
    ]);
    expect((await environments(liveEnv))[0]).toEqual(["From the environment", "live"]);

    await setConnectionEnvironment(database.db, "db:2", "live");
    await setConnectionEnvironment(database.db, "db:1", "test");
    expect(await environments()).toEqual([
      ["From the environment", "test"],
      ["Live game", "test"],
      ["Sandbox", "live"],
    ]);
    await expect(setConnectionEnvironment(database.db, "env", "live")).rejects.toThrow(
      /set by COMMERCE_PROJECT_ENVIRONMENT/,
    );
    await expect(setConnectionEnvironment(database.db, "db:99", "live")).rejects.toThrow(ConnectionError);
    await expect(
      createConnection(database.db, [SECRET], { ...input, name: "Odd", environment: "prod" as "live" }, null),
    ).rejects.toThrow(/^The connection's environment must be "test" or "live"/);
    // The database refuses anything else too, whatever path writes it.
    await expect(
      database.db.execute(sql`update console.connections set environment = 'prod' where id = 1`),
    ).rejects.toThrow();
    expect(() => parseConsoleEnv({ COMMERCE_PROJECT_ENVIRONMENT: "prod" })).toThrow(
      /COMMERCE_PROJECT_ENVIRONMENT must be "test" or "live"/,
    );
  });
});

describe("encryption keys at rest (docs/console.md, Keys at rest)", () => {
  const NEWER = "n".repeat(43);
  const input = (name: string) => ({
    name,
    baseUrl: "http://127.0.0.1:3001/api/public",
    projectGuid: PROJECT,
    apiKey: `${KEY}-${name}`,
  });
  const stored = async () =>
    (
      (await database.db.execute(
        sql`select id, api_key_ciphertext as box from console.connections order by id`,
      )) as unknown as {
        rows: { id: number; box: string }[];
      }
    ).rows;

  it("secrets:rotate seals every key again with the newest key in one go; the old key can then go", async () => {
    await createConnection(database.db, [SECRET], input("one"), null);
    await createConnection(database.db, [SECRET], input("two"), null);
    const keys = [NEWER, SECRET] as const;
    // Both keys given: the console opens what the old one sealed and seals new ones with the new one.
    expect((await serviceConnection(database.db, keys, noEnv, "db:1"))?.apiKey).toBe(`${KEY}-one`);
    await createConnection(database.db, keys, input("three"), null);
    expect((await stored()).map((row) => row.box.split(".")[1])).toEqual([
      encryptionKeyId(SECRET),
      encryptionKeyId(SECRET),
      encryptionKeyId(NEWER),
    ]);

    expect(await rotateConnectionKeys(database.db, keys)).toEqual({ renewed: 2, already: 1 });
    expect((await stored()).every((row) => row.box.split(".")[1] === encryptionKeyId(NEWER))).toBe(true);
    for (const [ref, name] of [
      ["db:1", "one"],
      ["db:2", "two"],
      ["db:3", "three"],
    ] as const)
      expect((await serviceConnection(database.db, [NEWER], noEnv, ref))?.apiKey).toBe(`${KEY}-${name}`);
    expect(await rotateConnectionKeys(database.db, keys)).toEqual({ renewed: 0, already: 3 });
  });

  it("a key none of the given keys opens stops the rotation with nothing written, naming the connection", async () => {
    await createConnection(database.db, [SECRET], input("one"), null);
    await createConnection(database.db, ["x".repeat(43)], input("lost"), null);
    const before = await stored();
    const error = await rotateConnectionKeys(database.db, [NEWER, SECRET]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RotationError);
    expect((error as Error).message).toMatch(
      /^The key of connection "lost" \(db:2\) cannot be opened .* Nothing was changed\.$/,
    );
    expect(await stored()).toEqual(before);
  });
});
