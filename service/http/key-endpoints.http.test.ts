import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { within } from "@/testing/service/eventually";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT, SECOND_KEY } from "@/testing/service/fixtures";
import { call, post } from "@/testing/service/http-client";
import { createApiKey } from "../domain/keys";

/** Our keys extension (docs/service.md, "API keys"), over HTTP on both databases. */
const service = serveFixtures({ per: "file" });

const send = (path: string, body: Record<string, unknown>, key = KEY) =>
  post(service.base, path, JSON.stringify({ ApiKey: key, ProjectGuid: PROJECT, ...body }));
const award = (key: string) =>
  send(
    "/AwardTokens",
    {
      RequestID: randomUUID(),
      IsAllowance: true,
      CustomerID: "key-endpoints",
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: 1 }],
    },
    key,
  );

describe("the keys extension", () => {
  it("lists the project's keys with their scopes, never a secret", async () => {
    const answer = await call(service.base, `/Keys/${KEY}/${PROJECT}`);
    expect(answer.status).toBe(200);
    expect(answer.json.Data.Keys.slice(0, 2)).toEqual([
      expect.objectContaining({
        Id: expect.any(Number),
        Scopes: ["read", "award", "fund", "keys", "reverse"],
        RevokedAt: "",
        ExpiresAt: "",
      }),
      expect.objectContaining({ Scopes: ["read", "award", "fund", "keys", "reverse"] }),
    ]);
    expect(answer.text).not.toContain(KEY);
    expect(answer.text).not.toContain(SECOND_KEY);
  });

  it("every endpoint needs the keys scope: 403 naming it", async () => {
    const reader = (await createApiKey(service.db, service.projectId, { scopes: ["read", "award"] })).key;
    const listed = await call(service.base, `/Keys/${reader}/${PROJECT}`);
    expect(listed.status).toBe(403);
    expect(listed.json).toMatchObject({ ErrorCode: "KEY_NOT_ALLOWED", Data: { Keys: [] } });
    expect(listed.json.Error).toContain('Use a key with the "keys" scope.');
    for (const [path, body] of [
      ["/Keys", { Name: "x", Scopes: ["read"] }],
      ["/Keys/Roll", { KeyId: 1 }],
      ["/Keys/Revoke", { KeyId: 1 }],
    ] as const)
      expect((await send(path, body, reader)).status, path).toBe(403);
  });

  it("makes a key: its secret is answered once and works at once, with exactly its scopes", async () => {
    const made = await send("/Keys", { Name: "  game servers  ", Scopes: ["read", "read"] });
    expect(made.status).toBe(200);
    expect(made.json.Data).toMatchObject({
      Key: { Name: "game servers", Scopes: ["read"], RevokedAt: "" },
      Secret: expect.stringMatching(/^gcc_[A-Za-z0-9_-]{43}$/),
      OldKeyWorksUntil: "",
    });
    const secret = made.json.Data.Secret as string;
    expect(made.json.Data.Key.Prefix).toBe(secret.slice(0, 10));
    expect((await call(service.base, `/Tokens/${secret}/${PROJECT}`)).status).toBe(200);
    expect((await award(secret)).status).toBe(403);
    expect((await call(service.base, `/Keys/${KEY}/${PROJECT}`)).text).not.toContain(secret);

    const bad = await send("/Keys", { Name: "", Scopes: ["mint"] });
    expect(bad.status).toBe(400);
    expect(bad.json.Error).toMatch(/^Name must not be empty/);
    expect(
      (await send("/Keys", { Name: "x", Scopes: ["read"], ExpiresAt: "2020-01-01T00:00:00Z" })).json.Error,
    ).toBe("ExpiresAt must be in the future.");
  });

  it("rolls a key: both work during the grace period, then only the new one; revoking refuses within 1 s", async () => {
    const made = await send("/Keys", { Name: "roll me", Scopes: ["read", "award"] });
    const old = made.json.Data.Secret as string;
    // The client reads numbers losslessly: the Id as a plain number again.
    const idOf = (answer: typeof made) => Number(String(answer.json.Data.Key.Id));
    const rolled = await send("/Keys/Roll", { KeyId: idOf(made), GraceSeconds: 1 });
    expect(rolled.json.Error).toBe("");
    const fresh = rolled.json.Data.Secret as string;
    expect(rolled.json.Data.Key).toMatchObject({ Name: "roll me", Scopes: ["read", "award"] });
    expect(rolled.json.Data.OldKeyWorksUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await award(old)).json.Status).toBe("Completed");
    expect((await award(fresh)).json.Status).toBe("Completed");
    await within(2500, async () => (await call(service.base, `/Tokens/${old}/${PROJECT}`)).status === 401);
    expect((await award(old)).status).toBe(401);

    const revoked = await send("/Keys/Revoke", { KeyId: idOf(rolled) });
    expect(revoked.status).toBe(200);
    expect(revoked.json.Data.Key.RevokedAt).not.toBe("");
    await within(1000, async () => (await call(service.base, `/Tokens/${fresh}/${PROJECT}`)).status === 401);
    const again = await send("/Keys/Revoke", { KeyId: idOf(rolled) });
    expect(again.status).toBe(404);
    expect(again.json.Error).toBe(`KeyId ${idOf(rolled)} is not a key of this project that still works.`);

    // The list tells the rolled key (RolledTo: its successor) from the revoked one (0).
    const listed = (await call(service.base, `/Keys/${KEY}/${PROJECT}`)).json.Data.Keys as {
      Id: unknown;
      RolledTo: unknown;
    }[];
    const rolledTo = (id: number) =>
      Number(String(listed.find((key) => Number(String(key.Id)) === id)?.RolledTo));
    expect(rolledTo(idOf(made))).toBe(idOf(rolled));
    expect(rolledTo(idOf(rolled))).toBe(0);
  });
});
