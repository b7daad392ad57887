import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  award,
  awardJson,
  fund,
  holdingsOf,
  type Line,
  walletBalances,
} from "@/testing/service/awards-client";
import { serveFixtures } from "@/testing/service/fixture-service";
import {
  EVM_WALLET,
  GEM,
  GEM_DB,
  GEM_POLYGON,
  GOLD,
  GOLD_DB,
  KEY,
  PROJECT,
  SECOND_KEY,
  testFixture,
} from "@/testing/service/fixtures";
import { awardRowCount, balanceSnapshot } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import { importFixture } from "../domain/import";

// Each test starts from the fixture: project wallet GOLD_DB 1000, GEM_DB 5, GEM_POLYGON 0.
const service = serveFixtures({ per: "test" });

const gold = (amount: string): Line => ({ token: GOLD, contract: GOLD_DB, amount });
const gem = (amount: string): Line => ({ token: GEM, contract: GEM_DB, amount });
const gemPolygon = (amount: string): Line => ({ token: GEM, contract: GEM_POLYGON, amount });

async function customerRows(): Promise<number> {
  const result = (await service.db.execute(
    sql`select count(*)::int as n from service.customers`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe("rule 13: validation", () => {
  it("rule 13: amounts are read exactly from the JSON text, to the last of 18 decimals", async () => {
    const response = await award(service.base, {
      customer: "exact",
      allowance: true,
      lines: [gold("1234567.000000000000000001"), gem("0.100000000000000000")],
    });
    expect(response.json).toMatchObject({ isError: "0", Status: "Completed" });
    expect(await holdingsOf(service.base, "exact")).toEqual({
      [`${GOLD_DB}||true`]: "1234567.000000000000000001",
      [`${GEM_DB}||true`]: "0.1",
    });
  });

  it("rule 13: IsMintable is optional, unknown fields are ignored, an EVM wallet in any case is accepted", async () => {
    const allowance = await award(service.base, {
      allowance: true,
      lines: [gold("1")],
      extra: { Note: "x", Extra: [1] },
    });
    expect(allowance.status).toBe(200);
    const direct = await award(service.base, {
      wallet: EVM_WALLET.toLowerCase(),
      lines: [gold("1")],
      extra: { Unknown: { nested: true } },
    });
    expect(direct.json.Status).toBe("Completed");
  });
});

describe("rule 14: allowance", () => {
  it("rule 14: recorded at once without project funds, listed as IsAllowance true, IsMintable stored", async () => {
    const before = await walletBalances(service.base);
    const requestId = randomUUID();
    const response = await award(service.base, {
      requestId,
      customer: "allowed",
      allowance: true,
      mintable: true,
      // Far beyond the project wallet (GEM on Polygon holds 0): allowances need no funds.
      lines: [gemPolygon("1000000"), gold("5000")],
    });
    expect(response.json).toEqual({ isError: "0", Error: "", Status: "Completed" });
    expect(await walletBalances(service.base)).toEqual(before);
    const tokens = (await call(service.base, `/Tokens/${KEY}/${PROJECT}/allowed`)).json.Data.Tokens;
    expect(tokens).toMatchObject([
      {
        TokenSymbol: "GOLD",
        Details: [{ Wallet: "", Amount: "5000", ContractGuid: GOLD_DB, IsAllowance: true }],
      },
      {
        TokenSymbol: "GEM",
        Details: [{ Wallet: "", Amount: "1000000", ContractGuid: GEM_POLYGON, IsAllowance: true }],
      },
    ]);
    const stored = await call(service.base, `/Awards/${KEY}/${PROJECT}/${requestId}`);
    expect(stored.json.Data).toMatchObject({
      IsAllowance: true,
      IsMintable: true,
      Wallet: "",
      Status: "Completed",
    });
  });

  it("rule 14: IsMintable defaults to false", async () => {
    const requestId = randomUUID();
    await award(service.base, { requestId, allowance: true, lines: [gold("1")] });
    const stored = await call(service.base, `/Awards/${KEY}/${PROJECT}/${requestId}`);
    expect(stored.json.Data.IsMintable).toBe(false);
  });
});

describe("rules 15 and 16: direct distribution and its queue", () => {
  it("rule 15: funds cover every line: all lines move at once, in one ledger transaction (Status Completed)", async () => {
    const requestId = randomUUID();
    const response = await award(service.base, {
      requestId,
      customer: "direct",
      wallet: "w-1",
      lines: [gold("10"), gem("2")],
    });
    expect(response.json).toEqual({ isError: "0", Error: "", Status: "Completed" });
    expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "990", [GEM_DB]: "3" });
    expect(await holdingsOf(service.base, "direct")).toEqual({
      [`${GOLD_DB}|w-1|false`]: "10",
      [`${GEM_DB}|w-1|false`]: "2",
    });
    const transactions = (await service.db.execute(
      sql`select t.kind, count(p.id)::int as postings from service.ledger_transactions t
            join service.awards a on a.id = t.award_id join service.postings p on p.transaction_id = t.id
           where a.request_id = ${requestId}::uuid group by t.id, t.kind`,
    )) as unknown as { rows: { kind: string; postings: number }[] };
    expect(transactions.rows).toEqual([{ kind: "award", postings: 4 }]);
  });

  it("rule 15: one line short: the whole award is queued and nothing is paid (Status Queued)", async () => {
    const before = await walletBalances(service.base);
    const response = await award(service.base, {
      customer: "short",
      wallet: "w",
      lines: [gold("10"), gem("6")],
    });
    expect(response.json).toEqual({ isError: "0", Error: "", Status: "Queued" });
    expect(await walletBalances(service.base)).toEqual(before);
    expect(await holdingsOf(service.base, "short")).toEqual({});
  });

  it("rule 15: a new award waits behind an earlier queued award on its contract, even when covered", async () => {
    expect((await award(service.base, { wallet: "w", lines: [gem("6")] })).json.Status).toBe("Queued");
    // 5 GEM would cover 1, but the earlier award on GEM_DB still waits.
    expect((await award(service.base, { wallet: "w", lines: [gem("1")] })).json.Status).toBe("Queued");
    // Another contract is not held up.
    expect((await award(service.base, { wallet: "w", lines: [gold("1")] })).json.Status).toBe("Completed");
    expect(await walletBalances(service.base)).toMatchObject({ [GEM_DB]: "5", [GOLD_DB]: "999" });
  });

  it("rule 15: funding settles oldest first; a later, smaller award never overtakes; nothing starves", async () => {
    const first = randomUUID();
    const second = randomUUID();
    await award(service.base, { requestId: first, customer: "big", wallet: "w", lines: [gem("10")] });
    await award(service.base, { requestId: second, customer: "small", wallet: "w", lines: [gem("1")] });
    // 8 GEM: enough for the second, not for the first — the second still waits its turn.
    expect((await fund(service.base, { lines: [gem("3")] })).json).toEqual({
      isError: "0",
      Error: "",
      Status: "Completed",
      Settled: [],
    });
    expect((await fund(service.base, { lines: [gem("2")] })).json.Settled).toEqual([first]);
    expect(await walletBalances(service.base)).toMatchObject({ [GEM_DB]: "0" });
    expect((await fund(service.base, { lines: [gem("1")] })).json.Settled).toEqual([second]);
    expect(await holdingsOf(service.base, "big")).toEqual({ [`${GEM_DB}|w|false`]: "10" });
    expect(await holdingsOf(service.base, "small")).toEqual({ [`${GEM_DB}|w|false`]: "1" });
  });

  it("rule 15: funding one contract releases an award that waited on another, in queue order", async () => {
    const multi = randomUUID();
    const behind = randomUUID();
    const unrelated = randomUUID();
    // Needs GOLD (plenty) and GEM on Polygon (none): queued.
    await award(service.base, { requestId: multi, wallet: EVM_WALLET, lines: [gold("10"), gemPolygon("1")] });
    // Only GOLD, but it shares GOLD with the waiting award: queued behind it.
    expect(
      (await award(service.base, { requestId: behind, wallet: "w", lines: [gold("5")] })).json.Status,
    ).toBe("Queued");
    // Needs more GEM_DB than there is: queued, and independent of the other two.
    await award(service.base, { requestId: unrelated, wallet: "w", lines: [gem("50")] });
    const funding = await fund(service.base, { lines: [gemPolygon("1")] });
    expect(funding.json.Settled).toEqual([multi, behind]);
    expect(await walletBalances(service.base)).toMatchObject({
      [GOLD_DB]: "985",
      [GEM_POLYGON]: "0",
      [GEM_DB]: "5",
    });
    const queue = (await call(service.base, `/Wallet/${KEY}/${PROJECT}`)).json.Data.Queue;
    expect(queue.map((q: { RequestID: string }) => q.RequestID)).toEqual([unrelated]);
  });

  it("rule 16: Status is Completed or Queued, and an allowance is always Completed", async () => {
    expect((await award(service.base, { allowance: true, lines: [gemPolygon("99999")] })).json.Status).toBe(
      "Completed",
    );
    expect((await award(service.base, { wallet: EVM_WALLET, lines: [gemPolygon("1")] })).json.Status).toBe(
      "Queued",
    );
    // An allowance on a contract with a waiting queue is not queued either.
    expect((await award(service.base, { allowance: true, lines: [gemPolygon("1")] })).json.Status).toBe(
      "Completed",
    );
  });
});

describe("rule 17: idempotency", () => {
  it("rule 17: a repeat with the same body changes nothing and answers 200 with the current Status", async () => {
    const input = { requestId: randomUUID(), customer: "again", wallet: "w", lines: [gold("7")] };
    const first = await award(service.base, input);
    const snapshot = await balanceSnapshot(service.db);
    const repeat = await award(service.base, input);
    expect(repeat.status).toBe(200);
    expect(repeat.json).toEqual(first.json);
    expect(await balanceSnapshot(service.db)).toEqual(snapshot);
    expect(await holdingsOf(service.base, "again")).toEqual({ [`${GOLD_DB}|w|false`]: "7" });
    expect(await awardRowCount(service.db)).toBe(1);
  });

  it("rule 17: a queued award repeated after its settlement answers Completed", async () => {
    const input = { requestId: randomUUID(), wallet: "w", lines: [gem("6")] };
    expect((await award(service.base, input)).json.Status).toBe("Queued");
    expect((await award(service.base, input)).json.Status).toBe("Queued");
    await fund(service.base, { lines: [gem("1")] });
    expect((await award(service.base, input)).json.Status).toBe("Completed");
  });

  it("rule 17: the same body in another form (case, amount spelling, line order, ignored fields, another key) is a repeat", async () => {
    const requestId = randomUUID();
    const base = { requestId, customer: "forms", wallet: "w", lines: [gold("2.5"), gem("1")] };
    await award(service.base, base);
    const forms = [
      awardJson({ ...base, requestId: requestId.toUpperCase() }),
      awardJson({ ...base, lines: [gem("1.000"), gold("2.50")] }),
      awardJson({
        ...base,
        lines: [
          { token: GOLD.toLowerCase(), contract: GOLD_DB.toLowerCase(), amount: "2.5" },
          { token: GEM.toLowerCase(), contract: GEM_DB.toLowerCase(), amount: "1" },
        ],
      }),
      awardJson({ ...base, mintable: true }), // IsMintable is ignored on a direct award
      awardJson({ ...base, extra: { ApiKey: SECOND_KEY, Comment: "ignored" } }),
      awardJson({ ...base, extra: { ProjectGuid: PROJECT.toLowerCase() } }),
    ];
    for (const raw of forms) {
      const response = await post(service.base, "/AwardTokens", raw);
      expect(response.status, raw).toBe(200);
    }
    const allowanceId = randomUUID();
    await award(service.base, { requestId: allowanceId, allowance: true, lines: [gold("1")] });
    // Wallet is ignored on an allowance.
    expect(
      (
        await award(service.base, {
          requestId: allowanceId,
          allowance: true,
          wallet: "x",
          lines: [gold("1")],
        })
      ).status,
    ).toBe(200);
    expect(await holdingsOf(service.base, "forms")).toEqual({
      [`${GOLD_DB}|w|false`]: "2.5",
      [`${GEM_DB}|w|false`]: "1",
    });
    expect(await awardRowCount(service.db)).toBe(2);
  });

  it.each([
    ["another amount", { lines: [gold("3")] }],
    ["another customer", { customer: "someone-else" }],
    ["another wallet", { wallet: "w-2" }],
    ["an allowance instead", { allowance: true }],
    ["another line added", { lines: [gold("2"), gem("1")] }],
  ])("rule 17: the same RequestID with %s is 409 and changes nothing", async (_name, change) => {
    const base = { requestId: randomUUID(), customer: "conflict", wallet: "w", lines: [gold("2")] };
    await award(service.base, base);
    const snapshot = await balanceSnapshot(service.db);
    const customers = await customerRows();
    const response = await award(service.base, { ...base, ...change });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ isError: "1", ErrorCode: "REQUEST_ID_CONFLICT" });
    expect(response.json.Error).toMatch(/RequestID was already used by an award with a different body/);
    expect(await balanceSnapshot(service.db)).toEqual(snapshot);
    expect(await customerRows()).toBe(customers);
  });

  it("rule 17: awards and fundings share one RequestID namespace per project", async () => {
    const awardId = randomUUID();
    await award(service.base, { requestId: awardId, allowance: true, lines: [gold("1")] });
    const fundingId = randomUUID();
    const funding = await fund(service.base, { requestId: fundingId, lines: [gold("1")] });
    expect(funding.status).toBe(200);
    const asFunding = await fund(service.base, { requestId: awardId, lines: [gold("1")] });
    expect(asFunding.status, service.logs.join("")).toBe(409);
    expect(asFunding.json.Error).toMatch(/already used by an award/);
    const asAward = await award(service.base, { requestId: fundingId, allowance: true, lines: [gold("1")] });
    expect(asAward.status).toBe(409);
    expect(asAward.json.Error).toMatch(/already used by a wallet funding/);
  });

  it("rule 17: a repeated funding answers its original response and credits once", async () => {
    const queued = randomUUID();
    await award(service.base, { requestId: queued, wallet: "w", lines: [gem("7")] });
    const input = { requestId: randomUUID(), lines: [gem("2")] };
    const first = await fund(service.base, input);
    expect(first.json.Settled).toEqual([queued]);
    const repeat = await fund(service.base, input);
    expect(repeat.json).toEqual(first.json);
    expect(await walletBalances(service.base)).toMatchObject({ [GEM_DB]: "0" });
    expect((await fund(service.base, { ...input, lines: [gem("3")] })).status).toBe(409);
  });
});

describe("the token lines' catalogue, cached per catalogue version", () => {
  it("rule 13: an import that replaces the catalogue is seen by the next award", async () => {
    // A refused award resolves its lines, so the running service has the catalogue in hand.
    const refused = await award(service.base, { wallet: "not-evm", lines: [gemPolygon("1")] });
    expect(refused.status).toBe(400);
    // GOLD's contract on the DB chain gets another GUID (a catalogue may be replaced while the
    // project has no awards).
    const moved = "C1000000-0000-4000-8000-0000000000FF";
    const changed = JSON.parse(JSON.stringify(testFixture()).replaceAll(GOLD_DB, moved));
    expect((await importFixture(service.db, changed, { reset: false })).mode).toBe("replaced");

    const old = await award(service.base, { allowance: true, lines: [gold("1")] });
    expect(old.status).toBe(400);
    expect(old.json.Error).toMatch(/Tokens\[0\]\.ContractGuid is not a contract of token GOLD/);
    const now = await award(service.base, {
      allowance: true,
      customer: "after-import",
      lines: [{ token: GOLD, contract: moved, amount: "2" }],
    });
    expect(now.status, JSON.stringify(now.json)).toBe(200);
    expect(await holdingsOf(service.base, "after-import")).toEqual({ [`${moved}||true`]: "2" });
  });
});

describe("rule 8: the order of what an award creates", () => {
  it("rule 8: an award's new accounts are listed in the order of its lines", async () => {
    const response = await award(service.base, {
      allowance: true,
      customer: "line-order",
      lines: [gemPolygon("1"), gem("2")],
    });
    expect(response.status).toBe(200);
    const tokens = await call(service.base, `/Tokens/${KEY}/${PROJECT}/line-order`);
    const details = (tokens.json.Data.Tokens as { Details: { ContractGuid: string }[] }[]).flatMap((t) =>
      t.Details.map((d) => d.ContractGuid),
    );
    expect(details).toEqual([GEM_POLYGON, GEM_DB]);
  });
});
