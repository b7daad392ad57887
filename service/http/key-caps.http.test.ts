import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { award, awardJson } from "@/testing/service/awards-client";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GEM_POLYGON, GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { awardRowCount, startSecondInstance, type TestService } from "@/testing/service/harness";
import { call, post, type TestResponse } from "@/testing/service/http-client";
import { KEY_CHECK_TTL_MS } from "../cache/key-cache";
import { createApiKey, listApiKeys, rollApiKey } from "../domain/keys";

// Per-token daily award caps of a key (docs/service.md, "API keys"), kept by the award's own
// transaction (migration 0011).
const service = serveFixtures({ per: "test" });
const others: TestService[] = [];
afterEach(async () => {
  for (const other of others.splice(0)) await other.stop();
});

/** A key capped at `gold` GOLD a day (and, if given, `gem` GEM). */
async function cappedKey(gold: string, gem?: string) {
  const caps = [{ tokenGuid: GOLD, daily: gold }, ...(gem ? [{ tokenGuid: GEM, daily: gem }] : [])];
  return createApiKey(service.db, service.projectId, { label: "game server", caps });
}

const allowance = (key: string, amount: string, extra: { requestId?: string; customer?: string } = {}) =>
  awardJson({
    ...extra,
    allowance: true,
    lines: [{ token: GOLD, contract: GOLD_DB, amount }],
    extra: { ApiKey: key },
  });

const send = (base: string, raw: string) => post(base, "/AwardTokens", raw);

async function capsOf(id: number) {
  return (await listApiKeys(service.db, service.projectId)).find((key) => key.id === id)?.caps;
}

describe("per-token daily award caps", () => {
  it("an award past the cap is refused naming the cap, what is used and what remains; nothing is written and the RequestID stays free", async () => {
    const { id, key } = await cappedKey("100");
    expect((await send(service.base, allowance(key, "60"))).json.Status).toBe("Completed");
    const before = await awardRowCount(service.db);
    const requestId = randomUUID();
    const refused = await send(service.base, allowance(key, "40.000000000000000001", { requestId }));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ isError: "1", ErrorCode: "KEY_CAP_REACHED" });
    expect(refused.json.Error).toBe(
      `This API key may award at most 100 GOLD (${GOLD}) in any 24 hours: 60 is used, 40 remains, and this award needs 40.000000000000000001. Nothing was awarded and the RequestID is still free.`,
    );
    expect(await awardRowCount(service.db)).toBe(before);
    // Exactly up to the cap is allowed, with the same RequestID the refusal left free.
    expect((await send(service.base, allowance(key, "40", { requestId }))).json.Status).toBe("Completed");
    expect(await capsOf(id)).toEqual([{ tokenGuid: GOLD, tokenSymbol: "GOLD", daily: "100", used: "100" }]);
  });

  it("a cap on one token does not limit another, and a key without caps is not limited", async () => {
    const { key } = await cappedKey("10", "1");
    const gold = await send(service.base, allowance(key, "11"));
    expect(gold.json.ErrorCode).toBe("KEY_CAP_REACHED");
    const gemAndGold = awardJson({
      allowance: true,
      lines: [
        { token: GEM, contract: GEM_DB, amount: "1" },
        { token: GOLD, contract: GOLD_DB, amount: "10" },
      ],
      extra: { ApiKey: key },
    });
    expect((await send(service.base, gemAndGold)).json.Status).toBe("Completed");
    const more = await send(
      service.base,
      awardJson({
        allowance: true,
        lines: [{ token: GEM, contract: GEM_DB, amount: "1" }],
        extra: { ApiKey: key },
      }),
    );
    expect(more.json.Error).toContain("at most 1 GEM");
    // The fixture's key has no caps.
    expect(
      (
        await award(service.base, {
          allowance: true,
          lines: [{ token: GOLD, contract: GOLD_DB, amount: "100000" }],
        })
      ).json.Status,
    ).toBe("Completed");
  });

  it("the same RequestID sent again counts once", async () => {
    const { id, key } = await cappedKey("100");
    const raw = allowance(key, "30", { requestId: randomUUID() });
    for (let i = 0; i < 3; i += 1) expect((await send(service.base, raw)).json.Status).toBe("Completed");
    expect((await capsOf(id))?.[0]?.used).toBe("30");
  });

  it("only the last 24 hours count", async () => {
    const { id, key } = await cappedKey("100");
    expect((await send(service.base, allowance(key, "100"))).json.Status).toBe("Completed");
    expect((await send(service.base, allowance(key, "1"))).json.ErrorCode).toBe("KEY_CAP_REACHED");
    await service.db.execute(
      sql`update service.key_award_usage set created_at = now() - interval '24 hours 1 second' where key_id = ${id}`,
    );
    expect((await capsOf(id))?.[0]?.used).toBe("0");
    expect((await send(service.base, allowance(key, "100"))).json.Status).toBe("Completed");
  });

  it("rolling never resets a cap: the new key and the old one in its grace period share it", async () => {
    const { id, key } = await cappedKey("100");
    expect((await send(service.base, allowance(key, "70"))).json.Status).toBe("Completed");
    const rolled = await rollApiKey(service.db, service.projectId, id, 60_000);
    if (!rolled) throw new Error("not rolled");
    expect(await capsOf(rolled.id)).toEqual([
      { tokenGuid: GOLD, tokenSymbol: "GOLD", daily: "100", used: "70" },
    ]);
    expect((await send(service.base, allowance(rolled.key, "31"))).json.Error).toContain(
      "70 is used, 30 remains",
    );
    expect((await send(service.base, allowance(rolled.key, "20"))).json.Status).toBe("Completed");
    // The old key still works in its grace period, against the same cap.
    expect((await send(service.base, allowance(key, "11"))).json.Error).toContain("90 is used, 10 remains");
    expect((await send(service.base, allowance(key, "10"))).json.Status).toBe("Completed");
    expect((await capsOf(id))?.[0]?.used).toBe("100");
  });

  it("over HTTP: POST /Keys takes Caps, the list shows them with what is used; an unknown token is named", async () => {
    const made = await post(
      service.base,
      "/Keys",
      `{"ApiKey":"${KEY}","ProjectGuid":"${PROJECT}","Name":"capped","Scopes":["award","read"],"Caps":[{"TokenGuid":"${GOLD.toLowerCase()}","Daily":250.5}]}`,
    );
    expect(made.status).toBe(200);
    expect(made.json.Data.Key.Caps).toEqual([
      { TokenGuid: GOLD, TokenSymbol: "GOLD", Daily: "250.5", Used: "0" },
    ]);
    expect((await send(service.base, allowance(made.json.Data.Secret, "250"))).json.Status).toBe("Completed");
    const list = await call(service.base, `/Keys/${KEY}/${PROJECT}`);
    const listed = list.json.Data.Keys.find((k: { Id: number }) => k.Id === made.json.Data.Key.Id);
    expect(listed.Caps[0]).toMatchObject({ Daily: "250.5", Used: "250" });
    expect(list.json.Data.Keys.filter((k: { ThisKey: boolean }) => k.ThisKey)).toHaveLength(1);

    const unknown = randomUUID();
    const bad = await post(
      service.base,
      "/Keys",
      `{"ApiKey":"${KEY}","ProjectGuid":"${PROJECT}","Name":"x","Scopes":["award"],"Caps":[{"TokenGuid":"${unknown}","Daily":5}]}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.json.Error).toBe(`Caps[0].TokenGuid ${unknown} is not a token of this project.`);
    const twice = await post(
      service.base,
      "/Keys",
      `{"ApiKey":"${KEY}","ProjectGuid":"${PROJECT}","Name":"x","Scopes":["award"],"Caps":[{"TokenGuid":"${GOLD}","Daily":5},{"TokenGuid":"${GOLD}","Daily":6}]}`,
    );
    expect(twice.status).toBe(400);
    expect(twice.json.Error).toContain("Caps[1].TokenGuid");
    const zero = await post(
      service.base,
      "/Keys",
      `{"ApiKey":"${KEY}","ProjectGuid":"${PROJECT}","Name":"x","Scopes":["award"],"Caps":[{"TokenGuid":"${GOLD}","Daily":0}]}`,
    );
    expect(zero.status).toBe(400);
    expect(zero.json.Error).toContain("Caps[0].Daily");
  });
});

describe("two service instances on one database", () => {
  it("20 concurrent awards of 15 against a cap of 100, over two instances and two contracts of the token: exactly 6 pass, never above the cap", async () => {
    const second = await startSecondInstance(service);
    others.push(second);
    const { id, key } = await createApiKey(service.db, service.projectId, {
      label: "game server",
      caps: [{ tokenGuid: GEM, daily: "100" }],
    });
    // GEM's two contracts have separate accounts, one per instance here: only the key's own lock
    // orders the two instances' transactions.
    const bases = [service.base, second.base];
    const contracts = [GEM_DB, GEM_POLYGON];
    const answers: TestResponse[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          bases[i % 2] as string,
          awardJson({
            allowance: true,
            customer: `capped-${i}`,
            lines: [{ token: GEM, contract: contracts[i % 2] as string, amount: "15" }],
            extra: { ApiKey: key },
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.json.ErrorCode ?? answer.json.Status);
    expect(statuses.filter((s) => s === "Completed")).toHaveLength(6);
    expect(statuses.filter((s) => s === "KEY_CAP_REACHED")).toHaveLength(14);
    expect((await capsOf(id))?.[0]?.used).toBe("90");
    const paid = (await service.db.execute(
      sql`select count(*)::int as n from service.awards where customer_text like 'capped-%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(paid.rows[0]?.n).toBe(6);
  });

  it("a key revoked through one instance's endpoint is refused by the other within the key cache's 500 ms, however busy the machine", async () => {
    const second = await startSecondInstance(service);
    others.push(second);
    const { id, key } = await createApiKey(service.db, service.projectId, "leaked");
    // The second instance has checked (and cached) the key.
    expect((await call(second.base, `/Tokens/${key}/${PROJECT}`)).status).toBe(200);
    const revoked = await post(
      service.base,
      "/Keys/Revoke",
      JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, KeyId: id }),
    );
    expect(revoked.status).toBe(200);
    const answered = performance.now();
    // The change feed brings the news in a few milliseconds; the key cache's bound holds even
    // without it, however slow the machine: a read that starts once KEY_CHECK_TTL_MS have passed
    // asks the database. So that is what is checked (a stopwatch around polling reads was the
    // machine's pace as much as the service's: one read can take most of a second when busy).
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, KEY_CHECK_TTL_MS - (performance.now() - answered))),
    );
    expect((await call(second.base, `/Tokens/${key}/${PROJECT}`)).status).toBe(401);
    // An award with it is refused too.
    expect((await send(second.base, allowance(key, "1"))).status).toBe(401);
  });
});
