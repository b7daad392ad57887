import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import { sendAward } from "@/lib/awards/send-award";
import { recordAward } from "@/lib/awards/trail";
import { awardTokens } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { createKey, listKeys } from "@/lib/client/keys";
import { createConnection, sameConnection, serviceConnection } from "@/lib/connections/connections";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { parseConsoleEnv } from "@/lib/env";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { within } from "@/testing/service/eventually";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES, serviceCallFailure } from "@/testing/service-client";
import { extensionRefusal } from "./extension-refusal";
import {
  createServiceKey,
  type KeyProject,
  revokeServiceKey,
  rollServiceKey,
  ServiceKeyError,
} from "./service-keys";

/**
 * Developers → Keys against the real service and a real console database (PGlite and
 * PostgreSQL): the console's own key rolled into its stored connection without the secret ever
 * leaving the server or reaching the audit log; other keys' secrets answered once; the console's
 * own key never revoked; a new key works with exactly its scopes.
 */

const service = serveFixtures({ per: "file" });
const SEALING: [string] = ["k".repeat(43)];
const env = parseConsoleEnv({ CONSOLE_ALLOWED_SERVICE_HOSTS: "127.0.0.1" });
const actor = { id: 1, email: "olga@studio.test", client: "203.0.113.9", userAgent: "test" };

/** The fixture's key: every scope, as keys made before scopes existed. */
const admin = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});
const withKey = (apiKey: string): ServiceConnection => ({ ...admin(), apiKey });

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const context = () => ({ db: database.db, encryptionKeys: SEALING, actor });

/** A key of its own for the console (read, award, keys), stored as a connection the way an owner adds one. */
async function consoleProject(): Promise<{ project: KeyProject; secret: string; keyId: number }> {
  const made = await createKey(admin(), {
    Name: `console ${randomUUID().slice(0, 6)}`,
    Scopes: ["read", "award", "keys"],
    ExpiresAt: "",
    Caps: [],
  });
  const stored = await createConnection(
    database.db,
    SEALING,
    { name: "Starfall", baseUrl: service.base, projectGuid: PROJECT, apiKey: made.Data.Secret },
    null,
  );
  return {
    project: { ref: stored.ref, name: stored.name, connection: withKey(made.Data.Secret) },
    secret: made.Data.Secret,
    keyId: made.Data.Key.Id,
  };
}

/** A key the game's servers use: made with the fixture's key, not the console's. */
async function gameKey(scopes = ["read", "award"]) {
  const made = await createKey(admin(), { Name: "game servers", Scopes: scopes, ExpiresAt: "", Caps: [] });
  return { id: made.Data.Key.Id, secret: made.Data.Secret };
}

const auditText = async () =>
  JSON.stringify(
    (
      (await database.db.execute(sql`select * from console.audit_log order by id`)) as unknown as {
        rows: unknown[];
      }
    ).rows,
  );
const auditRows = async () => (await readAuditPage(database.db, {}, { limit: 50 })).rows;
const storedKey = async (ref: string) => (await serviceConnection(database.db, SEALING, env, ref))?.apiKey;
const works = async (apiKey: string) =>
  listProjectTokens(withKey(apiKey)).then(
    () => true,
    () => false,
  );

describe("rolling this console's own key", () => {
  it("stores the new key in the connection at once, answers no secret, and the old key works through its grace", async () => {
    const { project, secret: oldSecret, keyId } = await consoleProject();
    const user = await createUser(database.db, {
      email: "olga@studio.test",
      role: "owner",
      password: "long enough pw",
    });
    // An award already in the trail through this connection, not yet sent (as a batch row waits).
    const waiting = await recordAward(database.db, {
      requestId: randomUUID(),
      connection: project.ref,
      baseUrl: service.base,
      projectGuid: PROJECT,
      actorId: user.id,
      actorEmail: user.email,
      customerId: `roll-${randomUUID().slice(0, 8)}`,
      isAllowance: true,
      isMintable: false,
      wallet: "",
      lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1.5" }],
      reason: "Sent after the roll",
    });

    const rolled = await rollServiceKey(context(), project, { keyId, graceSeconds: 3600 });

    const newSecret = await storedKey(project.ref);
    expect(newSecret).toMatch(/^gcc_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(rolled).toMatchObject({
      own: true,
      connection: "Starfall",
      key: { prefix: newSecret?.slice(0, 10) },
    });
    expect(JSON.stringify(rolled)).not.toContain(newSecret);
    expect(rolled).not.toHaveProperty("secret");
    // The service says the connection's key is now the new one; the old one is rolled, still working.
    const seen = (await listKeys(withKey(newSecret as string))).Data.Keys;
    expect(seen.find((k) => k.ThisKey)?.Id).toBe(rolled.key.id);
    const old = seen.find((k) => k.Id === keyId);
    expect(Date.parse(old?.RevokedAt ?? "")).toBeGreaterThan(Date.now() + 3500_000);
    expect(rolled.oldKeyWorksUntil).toBe(old?.RevokedAt);
    expect(await works(oldSecret)).toBe(true);
    expect(await works(newSecret as string)).toBe(true);

    // The trail's award goes on through the same connection, now with the new key.
    const through = await sameConnection(database.db, SEALING, env, waiting);
    expect(through?.apiKey).toBe(newSecret);
    const sent = await sendAward(database.db, through as ServiceConnection, waiting, user.email);
    expect(sent.status).toBe("completed");

    // Audited once, in the connection's transaction, with neither secret.
    const rows = await auditRows();
    expect(rows.map((row) => row.kind)).toContain("key.rolled");
    expect(rows.find((row) => row.kind === "key.rolled")).toMatchObject({
      project: "Starfall",
      actorEmail: "olga@studio.test",
      detail: {
        keyId: rolled.key.id,
        oldKeyId: keyId,
        prefix: newSecret?.slice(0, 10),
        scopes: ["read", "award", "keys"],
        graceSeconds: 3600,
        consoleKey: true,
        connectionUpdated: true,
      },
    });
    const audit = await auditText();
    expect(audit).not.toContain(newSecret);
    expect(audit).not.toContain(oldSecret);
  });

  it("a connection from the environment is refused before anything is rolled", async () => {
    const { project, keyId } = await consoleProject();
    const refused = await rollServiceKey(
      context(),
      { ...project, ref: "env" },
      { keyId, graceSeconds: 3600 },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceKeyError);
    expect((refused as Error).message).toMatch(
      /comes from the environment \(COMMERCE_API_KEY\).*Nothing was changed\.$/,
    );
    const key = (await listKeys(admin())).Data.Keys.find((k) => k.Id === keyId);
    expect(key?.RevokedAt).toBe("");
    expect(await auditRows()).toEqual([]);
  });

  it("when the new key cannot be stored, says so plainly: the old key works until its time, roll again", async () => {
    const { project, secret: oldSecret, keyId } = await consoleProject();
    const gone = { ...project, ref: "db:999" };
    const refused = await rollServiceKey(context(), gone, { keyId, graceSeconds: 3600 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServiceKeyError);
    const old = (await listKeys(admin())).Data.Keys.find((k) => k.Id === keyId);
    expect((refused as Error).message).toEqual(
      expect.stringMatching(
        new RegExp(
          `^The service rolled this console's key .*, but the console could not store the new one \\(That connection does not exist \\(any more\\)\\.\\)\\. The console goes on calling with the old key, which works until ${old?.RevokedAt}\\. Before then, roll the new key`,
        ),
      ),
    );
    expect(await works(oldSecret)).toBe(true);
    // The roll happened at the service, so it is recorded: without the connection's change.
    expect(
      (await auditRows()).map((row) => [
        row.kind,
        (row.detail as { connectionUpdated?: boolean }).connectionUpdated,
      ]),
    ).toEqual([["key.rolled", false]]);
    expect(await auditText()).not.toContain(oldSecret);
  });
});

describe("other keys", () => {
  it("rolling a game key answers its new secret once and leaves the connection as it was", async () => {
    const { project, secret: consoleSecret } = await consoleProject();
    const game = await gameKey();
    const rolled = await rollServiceKey(context(), project, { keyId: game.id, graceSeconds: 86_400 });
    if (rolled.own) throw new Error("the game's key is not the console's");
    expect(rolled.secret).toMatch(/^gcc_/);
    expect(rolled.key).toMatchObject({ name: "game servers", thisKey: false, status: { kind: "live" } });
    expect(await works(rolled.secret)).toBe(true);
    expect(await works(game.secret)).toBe(true);
    expect(await storedKey(project.ref)).toBe(consoleSecret);
    expect(await auditText()).not.toContain(rolled.secret);
  });

  it("revoking this console's own key is refused, naming roll instead; another key is revoked and refused", async () => {
    const { project, secret, keyId } = await consoleProject();
    const refused = await revokeServiceKey(context(), project, { keyId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceKeyError);
    expect((refused as Error).message).toMatch(
      /is the key this console calls the service with: revoking it would cut the console off at once\. Roll it instead/,
    );
    expect(await works(secret)).toBe(true);

    const game = await gameKey();
    const revoked = await revokeServiceKey(context(), project, { keyId: game.id });
    expect(revoked.status.kind).toBe("revoked");
    await within(2_000, async () => !(await works(game.secret)));
    expect((await auditRows()).map((row) => row.kind)).toEqual(["key.revoked"]);
  });

  it("a made key's secret works with exactly its scopes and caps, and is in no audit row", async () => {
    const { project } = await consoleProject();
    const made = await createServiceKey(context(), project, {
      name: "read-only tool",
      scopes: ["read"],
      expiresAt: "",
      caps: [{ tokenGuid: GOLD, daily: "2.5" }],
    });
    expect(made.key).toMatchObject({
      name: "read-only tool",
      scopes: ["read"],
      thisKey: false,
      caps: [{ symbol: "GOLD", daily: "2.5", used: "0" }],
      status: { kind: "live", expiresAt: null },
    });
    const tool = withKey(made.secret);
    expect(await works(made.secret)).toBe(true);
    const award = await serviceCallFailure(
      awardTokens(tool, {
        RequestID: randomUUID(),
        CustomerID: "scoped",
        IsAllowance: true,
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }],
      }),
      made.secret,
    );
    expect([award.status, award.code]).toEqual([403, "KEY_NOT_ALLOWED"]);
    const keys = await serviceCallFailure(listKeys(tool), made.secret);
    expect(extensionRefusal(keys)).toEqual({ kind: "not-allowed", message: keys.message });

    const [row] = await auditRows();
    expect(row).toMatchObject({
      kind: "key.created",
      project: "Starfall",
      detail: { name: "read-only tool", scopes: ["read"], caps: [{ symbol: "GOLD", daily: "2.5" }] },
    });
    expect(await auditText()).not.toContain(made.secret);
  });

  it("the service's refusal of a new key's body comes back in its words, and nothing is audited", async () => {
    const { project } = await consoleProject();
    const refused = await createServiceKey(context(), project, {
      name: "capped",
      scopes: ["award"],
      expiresAt: "",
      caps: [{ tokenGuid: "a9000000-0000-4000-8000-000000000009", daily: "5" }],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceKeyError);
    expect((refused as Error).message).toMatch(
      /^The service refused the request: .*Caps\[0\]\.TokenGuid.*No key was made\.$/,
    );
    expect(await auditRows()).toEqual([]);
  });

  it("a key the console's own key could not grant (a scope it lacks) is refused in the service's words, and nothing is audited", async () => {
    const { project } = await consoleProject(); // read, award, keys: no fund
    const refused = await createServiceKey(context(), project, {
      name: "treasury",
      scopes: ["read", "fund"],
      expiresAt: "",
      caps: [],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceKeyError);
    expect((refused as Error).message).toMatch(
      /This API key may not grant the scope "fund": its scopes are read, award, keys\..*No key was made\.$/,
    );
    expect(await auditRows()).toEqual([]);
  });
});
