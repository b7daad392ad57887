import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { KeyScope } from "@/lib/contract/key-scopes";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GOLD, KEY, PROJECT } from "@/testing/service/fixtures";
import { call, post } from "@/testing/service/http-client";
import { type CapInput, createApiKey, listApiKeys } from "../domain/keys";

// docs/service.md, "API keys": a key grants only what it has. It makes, rolls and revokes only
// keys whose scopes and caps it could have been given itself; anything more is 403 naming the
// scope or the cap, and changes nothing.
const service = serveFixtures({ per: "file" });

const keyWith = async (scopes: KeyScope[], caps: CapInput[] = [], expiresAt: Date | null = null) =>
  createApiKey(service.db, service.projectId, { label: "escalation", scopes, caps, expiresAt });

/** A moment `hours` from now, to the second, as a Date and as the wire writes it. */
const inHours = (hours: number) => new Date(Math.floor(Date.now() / 1000 + hours * 3600) * 1000);
const wire = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** A JSON number written exactly as given (JSON.stringify would round it to a double). */
const exact = (literal: string) => `<number ${literal}>`;

const send = (key: string, path: string, body: Record<string, unknown>) =>
  post(
    service.base,
    path,
    JSON.stringify({ ApiKey: key, ProjectGuid: PROJECT, ...body }).replace(/"<number ([\d.]+)>"/g, "$1"),
  );

async function liveKeyIds(): Promise<number[]> {
  const found = (await service.db.execute(
    sql`select id from service.api_keys where revoked_at is null order by id`,
  )) as unknown as { rows: { id: number }[] };
  return found.rows.map((row) => row.id);
}

/** The fixture's first key: every scope, no cap — the key a console calls with. */
async function fullKeyId(): Promise<number> {
  const keys = await listApiKeys(service.db, service.projectId);
  const id = keys.find((key) => key.label === "fixture")?.id;
  if (id === undefined) throw new Error("the fixture key is missing");
  return id;
}

const GOLD_100: CapInput = { tokenGuid: GOLD, daily: "100" };

interface Attempt {
  what: string;
  caller: () => Promise<{ key: string; id: number }>;
  path: "/Keys" | "/Keys/Roll" | "/Keys/Revoke";
  /** The body that asks for more than the caller has, and its twin within the caller's grant. */
  refused: () => Promise<Record<string, unknown>>;
  allowed: () => Promise<Record<string, unknown>>;
  error: string | RegExp;
}

const onKey =
  (scopes: KeyScope[], caps: CapInput[] = [], expiresAt: Date | null = null) =>
  async () => ({
    KeyId: (await keyWith(scopes, caps, expiresAt)).id,
  });

const ATTEMPTS: Attempt[] = [
  {
    what: "a keys-only key makes a key with every scope",
    caller: () => keyWith(["keys"]),
    path: "/Keys",
    refused: async () => ({ Name: "more", Scopes: ["read", "award", "fund", "keys"] }),
    allowed: async () => ({ Name: "same", Scopes: ["keys"] }),
    error:
      'This API key may not grant the scope "read": its scopes are keys. A key may give another key only scopes it has itself.',
  },
  {
    what: "a read and keys key makes an awarding key",
    caller: () => keyWith(["read", "keys"]),
    path: "/Keys",
    refused: async () => ({ Name: "more", Scopes: ["read", "award"] }),
    allowed: async () => ({ Name: "reader", Scopes: ["read"] }),
    error: /^This API key may not grant the scope "award": its scopes are read, keys\./,
  },
  {
    what: "a capped key makes an awarding key with no cap",
    caller: () => keyWith(["award", "keys"], [GOLD_100]),
    path: "/Keys",
    refused: async () => ({ Name: "uncapped", Scopes: ["award"] }),
    allowed: async () => ({ Name: "capped", Scopes: ["award"], Caps: [{ TokenGuid: GOLD, Daily: 100 }] }),
    error: `This API key may award at most 100 GOLD (${GOLD}) in any 24 hours, so a key it gives the "award" scope needs a cap on GOLD of at most 100: Caps has none.`,
  },
  {
    what: "a capped key makes an awarding key capped on another token only",
    caller: () => keyWith(["award", "keys"], [GOLD_100]),
    path: "/Keys",
    refused: async () => ({ Name: "gem", Scopes: ["award"], Caps: [{ TokenGuid: GEM, Daily: 1 }] }),
    allowed: async () => ({
      Name: "gem and gold",
      Scopes: ["award"],
      Caps: [
        { TokenGuid: GEM, Daily: 1 },
        { TokenGuid: GOLD.toLowerCase(), Daily: 99.5 },
      ],
    }),
    error: /needs a cap on GOLD of at most 100: Caps has none\.$/,
  },
  {
    what: "a capped key makes an awarding key with a looser cap",
    caller: () => keyWith(["award", "keys"], [GOLD_100]),
    path: "/Keys",
    refused: async () => ({
      Name: "looser",
      Scopes: ["award"],
      Caps: [{ TokenGuid: GOLD, Daily: exact("100.000000000000000001") }],
    }),
    allowed: async () => ({
      Name: "equal",
      Scopes: ["award"],
      Caps: [{ TokenGuid: GOLD, Daily: exact("100.0") }],
    }),
    error:
      "Caps[0].Daily 100.000000000000000001 is more than this API key's own cap on GOLD, 100 in any 24 hours. A key may give another key only caps as tight as its own.",
  },
  {
    what: "a keys-only key revokes the key with every scope",
    caller: () => keyWith(["keys"]),
    path: "/Keys/Revoke",
    refused: async () => ({ KeyId: await fullKeyId() }),
    allowed: onKey(["keys"]),
    error:
      /^This API key may not revoke key \d+: that key has the scope "read", which this key does not have \(its scopes are keys\)\. A key may revoke or roll only keys it could have made itself\.$/,
  },
  {
    what: "a read and keys key rolls an awarding key",
    caller: () => keyWith(["read", "keys"]),
    path: "/Keys/Roll",
    refused: onKey(["read", "award"]),
    allowed: onKey(["read"]),
    error: /^This API key may not roll key \d+: that key has the scope "award"/,
  },
  {
    what: "a capped key revokes an awarding key with no cap",
    caller: () => keyWith(["award", "keys"], [GOLD_100]),
    path: "/Keys/Revoke",
    refused: onKey(["award"]),
    allowed: onKey(["award"], [{ tokenGuid: GOLD, daily: "100" }]),
    error:
      /^This API key may not revoke key \d+: that key has no cap on GOLD, and this key may award at most 100 GOLD in any 24 hours\./,
  },
  {
    what: "a capped key rolls an awarding key with a looser cap",
    caller: () => keyWith(["award", "keys"], [GOLD_100]),
    path: "/Keys/Roll",
    refused: onKey(["award"], [{ tokenGuid: GOLD, daily: "1000" }]),
    allowed: onKey(["award"], [{ tokenGuid: GOLD, daily: "10" }]),
    error:
      /^This API key may not roll key \d+: its cap on GOLD, 1000, is looser than this key's, 100 in any 24 hours\./,
  },
  {
    what: "a key that expires makes a key that never does",
    caller: () => keyWith(["keys"], [], inHours(24)),
    path: "/Keys",
    refused: async () => ({ Name: "forever", Scopes: ["keys"] }),
    allowed: async () => ({ Name: "shorter", Scopes: ["keys"], ExpiresAt: wire(inHours(1)) }),
    error:
      /^ExpiresAt must be no later than this API key's own end, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(it is empty: never\)\. A key may give another key only as long a life as its own\.$/,
  },
  (() => {
    // "As long" is the caller's own end, the very second: asked for anew, a second that ticks
    // between making the caller and asking (a busy machine) would make it outlive the caller.
    let end = new Date(0);
    return {
      what: "a key that expires makes a key that outlives it",
      caller: () => {
        end = inHours(24);
        return keyWith(["read", "keys"], [], end);
      },
      path: "/Keys",
      refused: async () => ({ Name: "longer", Scopes: ["read"], ExpiresAt: wire(inHours(48)) }),
      allowed: async () => ({ Name: "as long", Scopes: ["read"], ExpiresAt: wire(end) }),
      error: /^ExpiresAt must be no later than this API key's own end, [\dT:Z-]+\. A key may give/,
    };
  })(),
  {
    what: "a key that expires revokes a key that never does",
    caller: () => keyWith(["keys"], [], inHours(24)),
    path: "/Keys/Revoke",
    refused: onKey(["keys"]),
    allowed: onKey(["keys"], [], inHours(2)),
    error:
      /^This API key may not revoke key \d+: that key works past this key's own end, [\dT:Z-]+\. A key may revoke or roll only keys it could have made itself\.$/,
  },
];

describe("a key grants only what it has", () => {
  it.each(ATTEMPTS)(
    "$what: 403 naming the scope or cap, nothing changed; within its grant it may",
    async ({ caller, path, refused, allowed, error }) => {
      const { key } = await caller();
      const body = await refused();
      const before = await liveKeyIds();
      const answer = await send(key, path, body);
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ isError: "1", ErrorCode: "KEY_NOT_ALLOWED" });
      if (typeof error === "string") expect(answer.json.Error).toBe(error);
      else expect(answer.json.Error).toMatch(error);
      expect(await liveKeyIds()).toEqual(before);

      const granted = await send(key, path, await allowed());
      expect(granted.json.Error).toBe("");
      expect(granted.status).toBe(200);
    },
  );

  it("a key may revoke and roll itself, and the fixture's full key may revoke any key", async () => {
    const own = await keyWith(["award", "keys"], [GOLD_100]);
    const rolled = await send(own.key, "/Keys/Roll", { KeyId: own.id, GraceSeconds: 60 });
    expect(rolled.json.Error).toBe("");
    const capped = await keyWith(["read", "award", "fund", "keys"], [GOLD_100]);
    expect((await send(KEY, "/Keys/Revoke", { KeyId: capped.id })).json.Error).toBe("");
    // A capped key may not revoke the full key (more than it could grant), only what it could.
    const fullId = await fullKeyId();
    const refused = await send(own.key, "/Keys/Revoke", { KeyId: fullId });
    expect(refused.status).toBe(403);
    expect((await liveKeyIds()).includes(fullId)).toBe(true);
  });

  it("openapi.json says what a key may grant, roll and revoke", async () => {
    const paths = (await call(service.base, "/openapi.json")).json.paths;
    const create = paths["/Keys"].post;
    expect(create.summary).toContain("at most the calling key's scopes and caps");
    const fields = create.requestBody.content["application/json"].schema.properties;
    expect(fields.Scopes.description).toContain("calling key");
    expect(fields.Caps.description).toContain("at most the caller's");
    expect(paths["/Keys/Roll"].post.summary).toContain("could have made");
    expect(paths["/Keys/Revoke"].post.summary).toContain("could have made");
  });
});
