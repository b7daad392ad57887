import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { within } from "@/testing/service/eventually";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GOLD, GOLD_DB, KEY, PROJECT, SECOND_KEY } from "@/testing/service/fixtures";
import { TEST_DB } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import {
  createApiKey,
  findProjectByGuid,
  listApiKeys,
  registerApiKey,
  revokeApiKey,
  rollApiKey,
} from "../domain/keys";

const service = serveFixtures({ per: "file" });

describe("rule 3: GUIDs in any case", () => {
  it("rule 3: ProjectGuid and token GUIDs match case-insensitively, answers keep the stored case", async () => {
    const lower = await call(service.base, `/Tokens/${KEY}/${PROJECT.toLowerCase()}`);
    expect(lower.status).toBe(200);
    expect(lower.json.Data.Tokens[0].Guid).toBe(GOLD); // stored upper case
    const body = JSON.stringify({
      ApiKey: KEY,
      RequestID: "0b000000-0000-4000-8000-00000000000A".toLowerCase(),
      ProjectGuid: PROJECT.toLowerCase(),
      IsAllowance: true,
      CustomerID: "case-player",
      Tokens: [{ Guid: GEM.toLowerCase(), ContractGuid: GEM_DB.toLowerCase(), Amount: 3 }],
    });
    expect((await post(service.base, "/AwardTokens", body)).json.Status).toBe("Completed");
    const tokens = await call(service.base, `/Tokens/${KEY}/${PROJECT}/case-player`);
    expect(tokens.json.Data.Tokens[0]).toMatchObject({ Guid: GEM, Details: [{ ContractGuid: GEM_DB }] });
  });
});

describe("rule 4: API keys", () => {
  it("rule 4: keys are stored only as a SHA-256 hash plus a short non-secret prefix", async () => {
    const stored = (await service.db.execute(
      sql`select encode(key_hash, 'hex') as hash, prefix from service.api_keys where project_id = ${service.projectId} order by id`,
    )) as unknown as { rows: { hash: string; prefix: string }[] };
    const sha = (key: string) => createHash("sha256").update(key).digest("hex");
    // The fixture's two keys come first; other tests add keys of their own, in any order.
    expect(stored.rows.slice(0, 2).map((r) => r.hash)).toEqual([sha(KEY), sha(SECOND_KEY)]);
    for (const row of stored.rows) expect(row.prefix.length).toBeLessThanOrEqual(10);
    const everything = JSON.stringify(
      ((await service.db.execute(sql`select * from service.api_keys`)) as unknown as { rows: unknown[] })
        .rows,
    );
    expect(everything).not.toContain(KEY);
  });

  it("rule 4: issued keys carry at least 32 random bytes and are shown once", async () => {
    const first = await createApiKey(service.db, service.projectId, "rotation");
    const second = await createApiKey(service.db, service.projectId, "rotation");
    expect(first.key).not.toBe(second.key);
    expect(Buffer.from(first.key.replace(/^gcc_/, ""), "base64url").length).toBeGreaterThanOrEqual(32);
    expect((await call(service.base, `/Tokens/${first.key}/${PROJECT}`)).status).toBe(200);
    const listed = await listApiKeys(service.db, service.projectId);
    expect(JSON.stringify(listed)).not.toContain(first.key);
  });

  it("rule 4: several live keys work side by side; a revoked key stops within 1 s (PGlite: at once)", async () => {
    const { id, key } = await createApiKey(service.db, service.projectId, "to revoke");
    expect((await call(service.base, `/Tokens/${SECOND_KEY}/${PROJECT}`)).status).toBe(200);
    expect((await call(service.base, `/Tokens/${key}/${PROJECT}`)).status).toBe(200);
    expect(await revokeApiKey(service.db, service.projectId, String(id))).toBe(true);
    // The key check is cached; PostgreSQL's notification of the revocation arrives a moment after commit.
    const tries = await within(
      1000,
      async () => (await call(service.base, `/Tokens/${key}/${PROJECT}`)).status === 401,
    );
    if (TEST_DB === "pglite") expect(tries).toBe(1);
    expect((await call(service.base, `/Tokens/${KEY}/${PROJECT}`)).status).toBe(200);
    expect(await revokeApiKey(service.db, service.projectId, String(id))).toBe(false);
  });

  it("rule 4: revoking by a prefix two live keys share revokes neither", async () => {
    const twins = [
      "shared-prefix-key-A-0123456789abcdef0123456789",
      "shared-prefix-key-B-0123456789abcdef0123456789",
    ];
    for (const key of twins) await registerApiKey(service.db, service.projectId, key);
    expect(await revokeApiKey(service.db, service.projectId, "shared-pre")).toBe(false);
    for (const key of twins) expect((await call(service.base, `/Tokens/${key}/${PROJECT}`)).status).toBe(200);
    expect(await revokeApiKey(service.db, service.projectId, "99999999999")).toBe(false);
  });

  it("rule 4: no log line contains a key, on success, failure or a body key", async () => {
    const project = await findProjectByGuid(service.db, PROJECT);
    expect(project?.id).toBe(service.projectId);
    await call(service.base, `/Tokens/${KEY}/${PROJECT}/somebody`);
    await call(service.base, `/Items/${KEY}-wrong/${PROJECT}/somebody`);
    await call(service.base, `/Prices/${KEY}/${PROJECT}/all/nonsense`);
    await post(
      service.base,
      "/AwardTokens",
      JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, RequestID: "x" }),
    );
    await post(
      service.base,
      "/AwardTokens",
      `{"ApiKey":"${SECOND_KEY}","RequestID":"0b000000-0000-4000-8000-000000000002","ProjectGuid":"${PROJECT}",` +
        `"IsAllowance":false,"CustomerID":"p","Wallet":"w","Tokens":[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":1}]}`,
    );
    const logs = service.logs.join("");
    expect(logs).toContain('"route":"/api/public/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID"');
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain(SECOND_KEY);
  });
});

describe('API keys: scopes, roll and expiry (docs/service.md, "API keys")', () => {
  const award = (key: string, requestId: string, customer = "scoped-player") =>
    post(
      service.base,
      "/AwardTokens",
      JSON.stringify({
        ApiKey: key,
        RequestID: requestId,
        ProjectGuid: PROJECT,
        IsAllowance: true,
        CustomerID: customer,
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
      }),
    );
  const fund = (key: string) =>
    post(
      service.base,
      "/FundWallet",
      JSON.stringify({
        ApiKey: key,
        RequestID: randomUUID(),
        ProjectGuid: PROJECT,
        Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
      }),
    );

  it("keys made before scopes keep every scope", async () => {
    const listed = await listApiKeys(service.db, service.projectId);
    expect(listed.slice(0, 2).map((key) => key.scopes)).toEqual([
      ["read", "award", "fund", "keys", "reverse"],
      ["read", "award", "fund", "keys", "reverse"],
    ]);
  });

  it("a read-only key reads but cannot award or fund: 403 naming the scope; an award-only key cannot read", async () => {
    const reader = (await createApiKey(service.db, service.projectId, { label: "reader", scopes: ["read"] }))
      .key;
    expect((await call(service.base, `/Tokens/${reader}/${PROJECT}`)).status).toBe(200);
    const refused = await award(reader, randomUUID());
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      isError: "1",
      ErrorCode: "KEY_NOT_ALLOWED",
      Error:
        'This API key may not award tokens (AwardTokens): its scopes are read. Use a key with the "award" scope.',
    });
    expect((await fund(reader)).status).toBe(403);

    const awarder = (await createApiKey(service.db, service.projectId, { scopes: ["award"] })).key;
    const requestId = randomUUID();
    expect((await award(awarder, requestId)).json.Status).toBe("Completed");
    const read = await call(service.base, `/Tokens/${awarder}/${PROJECT}`);
    expect(read.status).toBe(403);
    expect(read.json.Error).toContain('Use a key with the "read" scope.');
    // A wrong key is still 401, whatever the endpoint: the scope is only looked at for a live key.
    expect((await award(`${reader}x`, randomUUID())).status).toBe(401);
  });

  it("a rolled key: the new one works at once, the old one (reads and awards) until the grace period ends, then is refused", async () => {
    const { id, key: old } = await createApiKey(service.db, service.projectId, {
      label: "game servers",
      scopes: ["read", "award"],
    });
    const rolled = await rollApiKey(service.db, service.projectId, id, 1500);
    expect(rolled).not.toBeNull();
    const fresh = rolled?.key as string;
    expect(fresh).not.toBe(old);
    expect((await call(service.base, `/Tokens/${fresh}/${PROJECT}`)).status).toBe(200);
    expect((await call(service.base, `/Tokens/${old}/${PROJECT}`)).status).toBe(200);
    expect((await award(old, randomUUID())).json.Status).toBe("Completed");
    expect((await award(fresh, randomUUID())).json.Status).toBe("Completed");
    const listed = await listApiKeys(service.db, service.projectId);
    expect(listed.find((key) => key.id === rolled?.id)).toMatchObject({
      label: "game servers",
      scopes: ["read", "award"],
      revokedAt: null,
    });
    // Rolled twice: refused, the old key is no longer a live key to roll.
    expect(await rollApiKey(service.db, service.projectId, id)).toBeNull();
    // After the grace period (1.5 s here), within the key check's 0.5 s more.
    await within(3000, async () => (await call(service.base, `/Tokens/${old}/${PROJECT}`)).status === 401);
    expect((await award(old, randomUUID())).status).toBe(401);
    expect((await call(service.base, `/Tokens/${fresh}/${PROJECT}`)).status).toBe(200);
  });

  it("revoking a rolled key inside its grace period ends it at once; an expired key is refused", async () => {
    const { id, key: old } = await createApiKey(service.db, service.projectId, "to roll and revoke");
    await rollApiKey(service.db, service.projectId, id);
    expect((await call(service.base, `/Tokens/${old}/${PROJECT}`)).status).toBe(200);
    expect(await revokeApiKey(service.db, service.projectId, String(id))).toBe(true);
    await within(1000, async () => (await call(service.base, `/Tokens/${old}/${PROJECT}`)).status === 401);

    const expired = await createApiKey(service.db, service.projectId, {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await call(service.base, `/Tokens/${expired.key}/${PROJECT}`)).status).toBe(401);
    expect((await award(expired.key, randomUUID())).status).toBe(401);
  });
});
