import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { within } from "@/testing/service/eventually";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GOLD, GOLD_DB, KEY, PROJECT, SECOND_KEY } from "@/testing/service/fixtures";
import { TEST_DB } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import { createApiKey, findProjectByGuid, listApiKeys, registerApiKey, revokeApiKey } from "../domain/keys";

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
    expect(stored.rows.map((r) => r.hash)).toEqual([sha(KEY), sha(SECOND_KEY)]);
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
