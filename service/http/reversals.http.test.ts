import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { awards } from "@/lib/contract/awards";
import {
  award,
  fund,
  holdingsOf,
  type Line,
  reverse,
  reverseJson,
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
} from "@/testing/service/fixtures";
import { balanceSnapshot, startSecondInstance, type TestService } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import { createApiKey } from "../domain/keys";

/**
 * `POST /ReverseAward` (docs/service.md, "Reversals") over HTTP, on PGlite and PostgreSQL: every
 * state an award can be in, the `reverse` scope, idempotency, and FIFO after a cancellation.
 * The fixture's project wallet holds GOLD_DB 1000 and GEM_DB 5; a fresh service per test.
 */
const service = serveFixtures({ per: "test" });
/** The instances a test sends to: this one, and a second one on PostgreSQL where a test starts it. */
let services: TestService[];
beforeEach(() => {
  services = [service];
});
// Registered after serveFixtures' hooks, so it runs before the service stops.
afterEach(async () => {
  for (const s of services.slice(1)) await s.stop();
});

const gold = (amount: string): Line => ({ token: GOLD, contract: GOLD_DB, amount });
const gem = (amount: string): Line => ({ token: GEM, contract: GEM_DB, amount });

/** An award sent and answered 200 with the given status; its RequestID. */
async function awarded(
  input: { customer: string; allowance?: boolean; wallet?: string; lines: Line[] },
  status: "Completed" | "Queued",
): Promise<string> {
  const requestId = randomUUID();
  const response = await award(service.base, {
    requestId,
    wallet: input.allowance ? undefined : (input.wallet ?? "w"),
    ...input,
  });
  expect(response.json).toMatchObject({ isError: "0", Status: status });
  return requestId;
}

const awardRecord = async (requestId: string) =>
  (await call(service.base, `/Awards/${KEY}/${PROJECT}/${requestId}`)).json.Data;

const queue = async () =>
  ((await call(service.base, `/Wallet/${KEY}/${PROJECT}`)).json.Data.Queue as { RequestID: string }[]).map(
    (q) => q.RequestID,
  );

describe("ReverseAward: what it does by the award's state", () => {
  it("a completed allowance: the allowance falls by exactly the amount; partial reversals add up to Reversed", async () => {
    const requestId = await awarded(
      { customer: "ally", allowance: true, lines: [gold("10.5"), gem("2")] },
      "Completed",
    );
    const first = await reverse(service.base, {
      requestId,
      lines: [gold("0.000000000000000001")],
      reason: "Typo",
    });
    expect(first.status).toBe(200);
    expect(awards.emit.ReverseAwardResponse.safeParse(first.json).success).toBe(true);
    expect(first.json.Data).toEqual({
      ReversalID: expect.any(String),
      RequestID: requestId,
      CustomerID: "ally",
      Status: "PartlyReversed",
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "0.000000000000000001" }],
      Remaining: [
        { Guid: GOLD, ContractGuid: GOLD_DB, Amount: "10.499999999999999999" },
        { Guid: GEM, ContractGuid: GEM_DB, Amount: "2" },
      ],
      Settled: [],
    });
    expect(await holdingsOf(service.base, "ally")).toEqual({
      [`${GOLD_DB}||true`]: "10.499999999999999999",
      [`${GEM_DB}||true`]: "2",
    });
    // More than remains of a line is refused, naming what remains; nothing changes.
    const before = await balanceSnapshot(service.db);
    const tooMuch = await reverse(service.base, { requestId, lines: [gold("10.5")] });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json).toMatchObject({ isError: "1", ErrorCode: "NOT_REVERSIBLE" });
    expect(tooMuch.json.Error).toMatch(
      /Tokens\[0\].*more than remains of that line: 10\.499999999999999999 remains/,
    );
    expect(await balanceSnapshot(service.db)).toEqual(before);
    // The rest, everything still reversible: Reversed.
    const rest = await reverse(service.base, { requestId, reason: "Wrong player" });
    expect(rest.json.Data).toMatchObject({
      Status: "Reversed",
      Tokens: [
        { ContractGuid: GOLD_DB, Amount: "10.499999999999999999" },
        { ContractGuid: GEM_DB, Amount: "2" },
      ],
    });
    expect(await holdingsOf(service.base, "ally")).toEqual({});
    const record = await awardRecord(requestId);
    expect(awards.emit.AwardResponse.safeParse({ isError: "0", Error: "", Data: record }).success).toBe(true);
    expect(record).toMatchObject({
      Status: "Reversed",
      Remaining: [{ Amount: "0" }, { Amount: "0" }],
      Reversals: [
        { Kind: "Reverse", Reason: "Typo", Tokens: [{ Amount: "0.000000000000000001" }] },
        {
          Kind: "Reverse",
          Reason: "Wrong player",
          Tokens: [{ Amount: "10.499999999999999999" }, { Amount: "2" }],
        },
      ],
    });
    const again = await reverse(service.base, { requestId });
    expect(again.status).toBe(409);
    expect(again.json.Error).toMatch(/reversed whole already/);
  });

  it("a completed direct distribution to a database wallet: the amount moves back to the project wallet", async () => {
    const requestId = await awarded({ customer: "dee", wallet: "bag", lines: [gold("40")] }, "Completed");
    expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "960" });
    const response = await reverse(service.base, { requestId, lines: [gold("15")] });
    expect(response.json.Data).toMatchObject({ Status: "PartlyReversed", Remaining: [{ Amount: "25" }] });
    expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "975" });
    expect(await holdingsOf(service.base, "dee")).toEqual({ [`${GOLD_DB}|bag|false`]: "25" });
    expect(await awardRecord(requestId)).toMatchObject({ Status: "PartlyReversed" });
  });

  it("a completed direct distribution on a blockchain is refused — the transfer is final — and nothing changes", async () => {
    await fund(service.base, { lines: [{ token: GEM, contract: GEM_POLYGON, amount: "3" }] });
    const requestId = await awarded(
      { customer: "chainy", wallet: EVM_WALLET, lines: [{ token: GEM, contract: GEM_POLYGON, amount: "1" }] },
      "Completed",
    );
    const before = await balanceSnapshot(service.db);
    for (const lines of [undefined, [{ token: GEM, contract: GEM_POLYGON, amount: "1" }]]) {
      const response = await reverse(service.base, { requestId, lines });
      expect(response.status).toBe(409);
      expect(response.json).toMatchObject({ ErrorCode: "NOT_REVERSIBLE" });
      expect(response.json.Error).toMatch(/on-chain transfer is final/);
    }
    expect(await balanceSnapshot(service.db)).toEqual(before);
    expect(await awardRecord(requestId)).toMatchObject({ Status: "Completed", Reversals: [] });
  });

  it("the player holds less than asked (claimed or spent): refused naming what is available", async () => {
    const requestId = await awarded({ customer: "spender", allowance: true, lines: [gem("5")] }, "Completed");
    // The game spent 4 of the allowance (a ledger movement to the outside world, as a claim would be).
    await service.db.execute(
      sql`select service.post_ledger(p.id, 'import', null, cu.id, array[c.id, c.id], array['allowance', 'world'],
                                     array['', ''], array[-4, 4]::numeric[])
            from service.projects p join service.customers cu on cu.project_id = p.id and cu.customer_id = 'spender'
            join service.contracts c on c.project_id = p.id and c.guid = ${GEM_DB}::uuid`,
    );
    const response = await reverse(service.base, { requestId, lines: [gem("2")] });
    expect(response.status).toBe(409);
    expect(response.json.Error).toBe(
      `The player holds 1 of ${GEM} (contract ${GEM_DB}) there, less than the 2 asked: the rest was claimed, spent or reversed. Nothing was changed and the ReversalID is still free.`,
    );
    expect((await reverse(service.base, { requestId, lines: [gem("1")] })).json.Data).toMatchObject({
      Status: "PartlyReversed",
      Remaining: [{ Amount: "4" }],
    });
  });

  it("a queued award is cancelled whole: a partial request is refused naming the rule; it leaves the queue", async () => {
    const requestId = await awarded({ customer: "waiter", lines: [gem("6"), gold("1")] }, "Queued");
    const partial = await reverse(service.base, { requestId, lines: [gem("6")] });
    expect(partial.status).toBe(409);
    expect(partial.json.Error).toMatch(/queued: it can only be cancelled whole/);
    expect(await queue()).toEqual([requestId]);
    const cancelled = await reverse(service.base, { requestId, lines: [gold("1"), gem("6")] });
    expect(cancelled.json.Data).toMatchObject({
      Status: "Cancelled",
      Tokens: [{ Amount: "6" }, { Amount: "1" }],
      Remaining: [{ Amount: "0" }, { Amount: "0" }],
      Settled: [],
    });
    expect(await queue()).toEqual([]);
    expect(await awardRecord(requestId)).toMatchObject({ Status: "Cancelled", CompletedAt: "" });
    // A repeat of the award itself answers its current status, and changes nothing.
    const repeat = await award(service.base, {
      requestId,
      customer: "waiter",
      wallet: "w",
      lines: [gem("6"), gold("1")],
    });
    expect(repeat.json).toMatchObject({ isError: "0", Status: "Cancelled" });
    // A funding now never pays it.
    expect((await fund(service.base, { lines: [gem("10")] })).json.Settled).toEqual([]);
    expect(await holdingsOf(service.base, "waiter")).toEqual({});
    expect((await reverse(service.base, { requestId })).json.Error).toMatch(/cancelled already/);
  });

  it("what cannot be reversed: an unknown RequestID 404, a funding, a line not of the award, bad fields 400", async () => {
    const unknown = await reverse(service.base, { requestId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ ErrorCode: "NOT_FOUND" });
    const fundingId = randomUUID();
    await fund(service.base, { requestId: fundingId, lines: [gold("1")] });
    const funding = await reverse(service.base, { requestId: fundingId });
    expect(funding.status).toBe(409);
    expect(funding.json.Error).toMatch(/wallet funding, not an award/);
    const requestId = await awarded({ customer: "lines", allowance: true, lines: [gold("1")] }, "Completed");
    const other = await reverse(service.base, { requestId, lines: [gem("1")] });
    expect(other.json.Error).toMatch(/^Tokens\[0\] \(.+\) is not a line of this award/);
    for (const [extra, message] of [
      [{ Reason: "" }, /Reason must not be empty/],
      [{ Reason: "x".repeat(501) }, /Reason must be at most 500 characters/],
      [{ Reason: "a\u0007b" }, /Reason/],
      [{ ReversalID: "nope" }, /ReversalID must be a UUID/],
    ] as const) {
      const response = await post(service.base, "/ReverseAward", reverseJson({ requestId, extra }));
      expect(response.status).toBe(400);
      expect(response.json.Error).toMatch(message);
    }
    const noReason = JSON.parse(reverseJson({ requestId }));
    delete noReason.Reason;
    expect((await post(service.base, "/ReverseAward", JSON.stringify(noReason))).json.Error).toMatch(
      /Reason/,
    );
    expect(await holdingsOf(service.base, "lines")).toEqual({ [`${GOLD_DB}||true`]: "1" });
  });
});

describe("ReverseAward: the reverse scope", () => {
  it("a key that names its scopes needs reverse (403 naming it); a key that named none holds it", async () => {
    const requestId = await awarded({ customer: "scoped", allowance: true, lines: [gold("3")] }, "Completed");
    const awarder = (
      await createApiKey(service.db, service.projectId, { scopes: ["read", "award", "fund", "keys"] })
    ).key;
    const refused = await reverse(service.base, { requestId, extra: { ApiKey: awarder } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ ErrorCode: "KEY_NOT_ALLOWED" });
    expect(refused.json.Error).toMatch(/may not reverse awards \(ReverseAward\).*"reverse" scope/);
    const reverser = (await createApiKey(service.db, service.projectId, { scopes: ["reverse"] })).key;
    expect(
      (await reverse(service.base, { requestId, lines: [gold("1")], extra: { ApiKey: reverser } })).status,
    ).toBe(200);
    const unnamed = (await createApiKey(service.db, service.projectId)).key;
    expect(
      (await reverse(service.base, { requestId, lines: [gold("1")], extra: { ApiKey: unnamed } })).status,
    ).toBe(200);
    expect(await holdingsOf(service.base, "scoped")).toEqual({ [`${GOLD_DB}||true`]: "1" });
  });
});

describe("ReverseAward: idempotency", () => {
  it("the same ReversalID and body answers the same and reverses once; another body is 409", async () => {
    const requestId = await awarded({ customer: "twice", allowance: true, lines: [gold("10")] }, "Completed");
    const reversalId = randomUUID();
    const first = await reverse(service.base, { reversalId, requestId, lines: [gold("4")] });
    const again = await reverse(service.base, {
      reversalId: reversalId.toUpperCase(),
      requestId,
      lines: [gold("4.0")],
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    // A later reversal does not change the first one's answer.
    await reverse(service.base, { requestId, lines: [gold("1")] });
    expect((await reverse(service.base, { reversalId, requestId, lines: [gold("4")] })).json).toEqual(
      first.json,
    );
    expect(await holdingsOf(service.base, "twice")).toEqual({ [`${GOLD_DB}||true`]: "5" });
    const other = await reverse(service.base, { reversalId, requestId, lines: [gold("3")] });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ ErrorCode: "REVERSAL_ID_CONFLICT" });
    const otherReason = await reverse(service.base, {
      reversalId,
      requestId,
      lines: [gold("4")],
      reason: "Other",
    });
    expect(otherReason.json.ErrorCode).toBe("REVERSAL_ID_CONFLICT");
  });

  it("100 concurrent copies of one reversal reverse once and all answer the same (two instances on PostgreSQL)", async () => {
    if (service.database.url) services.push(await startSecondInstance(service));
    const requestId = await awarded({ customer: "crowd", wallet: "bag", lines: [gold("50")] }, "Completed");
    const raw = reverseJson({ requestId, lines: [gold("20")] });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post((services[i % services.length] as TestService).base, "/ReverseAward", raw),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(responses.map((r) => JSON.stringify(r.json))).size).toBe(1);
    expect(await holdingsOf(service.base, "crowd")).toEqual({ [`${GOLD_DB}|bag|false`]: "30" });
    expect(await walletBalances(service.base)).toMatchObject({ [GOLD_DB]: "970" });
    expect((await awardRecord(requestId)).Reversals).toHaveLength(1);
  });

  it("20 concurrent different reversals of 1 on an award of 10 take back exactly 10", async () => {
    const requestId = await awarded({ customer: "race", allowance: true, lines: [gold("10")] }, "Completed");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => reverse(service.base, { requestId, lines: [gold("1")] })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(10);
    expect(await holdingsOf(service.base, "race")).toEqual({});
    expect(await awardRecord(requestId)).toMatchObject({ Status: "Reversed" });
  });
});

describe("ReverseAward: the queue keeps its order after a cancellation (FIFO)", () => {
  /** GEM_DB's wallet left at 1, then A (2), B (1) and C (1) queued in that order: B and C wait behind A. */
  let firstAward = "";
  async function queueOfThree(): Promise<[string, string, string]> {
    firstAward = await awarded({ customer: "first", lines: [gem("4")] }, "Completed");
    const a = await awarded({ customer: "a", lines: [gem("2")] }, "Queued");
    const b = await awarded({ customer: "b", lines: [gem("1")] }, "Queued");
    const c = await awarded({ customer: "c", lines: [gem("1")] }, "Queued");
    return [a, b, c];
  }

  it("at the head: the award behind it that the wallet covers settles at once, the next keeps waiting", async () => {
    const [a, b, c] = await queueOfThree();
    const response = await reverse(service.base, { requestId: a });
    expect(response.json.Data).toMatchObject({ Status: "Cancelled", Settled: [b] });
    expect(await queue()).toEqual([c]);
    expect(await awardRecord(b)).toMatchObject({ Status: "Completed" });
    expect(await holdingsOf(service.base, "b")).toEqual({ [`${GEM_DB}|w|false`]: "1" });
  });

  it("in the middle: nothing settles while the head still waits; a funding then pays the head first", async () => {
    const [a, b, c] = await queueOfThree();
    expect((await reverse(service.base, { requestId: b })).json.Data).toMatchObject({ Settled: [] });
    expect(await queue()).toEqual([a, c]);
    expect((await fund(service.base, { lines: [gem("1")] })).json.Settled).toEqual([a]);
    expect(await queue()).toEqual([c]);
  });

  it("at the tail: the others keep their places", async () => {
    const [a, b, c] = await queueOfThree();
    expect((await reverse(service.base, { requestId: c })).json.Data).toMatchObject({ Settled: [] });
    expect(await queue()).toEqual([a, b]);
    expect((await fund(service.base, { lines: [gem("2")] })).json.Settled).toEqual([a, b]);
  });

  it("a reversal of a completed direct award returns tokens that settle the queue in order", async () => {
    const [a, b, c] = await queueOfThree();
    const paid = (await call(service.base, `/Awards/${KEY}/${PROJECT}/${firstAward}`)).json.Data;
    expect(paid).toMatchObject({ CustomerID: "first", Status: "Completed" });
    // GEM back to the wallet (1 + 1 = 2): A, at the head, settles; B and C keep waiting behind it.
    expect(
      (await reverse(service.base, { requestId: firstAward, lines: [gem("1")] })).json.Data.Settled,
    ).toEqual([a]);
    expect(await queue()).toEqual([b, c]);
    expect(
      (await reverse(service.base, { requestId: firstAward, lines: [gem("2")] })).json.Data.Settled,
    ).toEqual([b, c]);
    expect(await queue()).toEqual([]);
  });
});
