import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { awards } from "@/lib/contract/awards";
import { award, fund, fundJson, walletBalances } from "@/testing/service/awards-client";
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
import { balanceSnapshot, startTestService } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";

const service = serveFixtures({ per: "test" });

const ISO_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe("§4 FundWallet", () => {
  it("§4 FundWallet: credits the project wallet and answers Completed with the awards it settled", async () => {
    const waiting = randomUUID();
    await award(service.base, {
      requestId: waiting,
      wallet: "w",
      lines: [{ token: GEM, contract: GEM_DB, amount: "8" }],
    });
    const response = await fund(service.base, {
      lines: [
        { token: GEM, contract: GEM_DB, amount: "3.000000000000000001" },
        { token: GEM, contract: GEM_POLYGON, amount: "12" },
      ],
    });
    expect(response.json).toEqual({ isError: "0", Error: "", Status: "Completed", Settled: [waiting] });
    expect(awards.emit.FundWalletResponse.safeParse(response.json).success).toBe(true);
    expect(await walletBalances(service.base)).toMatchObject({
      [GEM_DB]: "0.000000000000000001",
      [GEM_POLYGON]: "12",
    });
  });

  it.each([
    [
      "an amount of 0",
      `[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":0}]`,
      /Tokens\[0\]\.Amount must be greater than 0/,
    ],
    [
      "a contract of another token",
      `[{"Guid":"${GOLD}","ContractGuid":"${GEM_DB}","Amount":1}]`,
      /not a contract of token GOLD/,
    ],
    ["no lines", "[]", /Tokens must have at least 1 token line/],
  ])("§4 FundWallet: %s is 400, keeps Settled empty and credits nothing", async (_name, tokens, message) => {
    const before = await balanceSnapshot(service.db);
    const raw = `${fundJson({ lines: [] }).replace(/,"Tokens":\[\]\}$/, "")},"Tokens":${tokens}}`;
    const response = await post(service.base, "/FundWallet", raw);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ isError: "1", ErrorCode: "INVALID_REQUEST", Settled: [] });
    expect(response.json.Error).toMatch(message);
    expect(await balanceSnapshot(service.db)).toEqual(before);
  });

  it("§4 FundWallet: needs the key of the project like every call (401)", async () => {
    const raw = fundJson({
      lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
      extra: { ApiKey: "wrong" },
    });
    const response = await post(service.base, "/FundWallet", raw);
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ ErrorCode: "INVALID_API_KEY", Settled: [] });
  });
});

describe("§4 Wallet", () => {
  it("§4 Wallet: one balance per contract of the project, zero included, and the queue oldest first", async () => {
    const first = randomUUID();
    const second = randomUUID();
    await award(service.base, {
      requestId: first,
      customer: "q-1",
      wallet: EVM_WALLET,
      lines: [{ token: GEM, contract: GEM_POLYGON, amount: "2.50" }],
    });
    await award(service.base, {
      requestId: second,
      customer: "q-2",
      wallet: "w-2",
      lines: [
        { token: GEM, contract: GEM_DB, amount: "9" },
        { token: GOLD, contract: GOLD_DB, amount: "1" },
      ],
    });
    const response = await call(service.base, `/Wallet/${KEY}/${PROJECT}`);
    expect(response.status).toBe(200);
    expect(awards.emit.WalletResponse.safeParse(response.json).success).toBe(true);
    expect(response.json.Data.Balances).toEqual([
      { TokenGuid: GOLD, Symbol: "GOLD", ContractGuid: GOLD_DB, ChainName: "DB", Amount: "1000" },
      { TokenGuid: GEM, Symbol: "GEM", ContractGuid: GEM_DB, ChainName: "DB", Amount: "5" },
      { TokenGuid: GEM, Symbol: "GEM", ContractGuid: GEM_POLYGON, ChainName: "Polygon", Amount: "0" },
    ]);
    const queue = response.json.Data.Queue;
    expect(queue).toEqual([
      {
        RequestID: first,
        CustomerID: "q-1",
        Wallet: EVM_WALLET,
        QueuedAt: expect.stringMatching(ISO_SECOND),
        Tokens: [{ Guid: GEM, ContractGuid: GEM_POLYGON, Amount: "2.5" }],
      },
      {
        RequestID: second,
        CustomerID: "q-2",
        Wallet: "w-2",
        QueuedAt: expect.stringMatching(ISO_SECOND),
        Tokens: [
          { Guid: GEM, ContractGuid: GEM_DB, Amount: "9" },
          { Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" },
        ],
      },
    ]);
  });
});

describe("§4 Awards", () => {
  it("§4 Awards: one award with its lines and status; CompletedAt empty while queued, set once settled", async () => {
    const requestId = randomUUID();
    await award(service.base, {
      requestId,
      customer: "tracked",
      wallet: "w",
      lines: [{ token: GEM, contract: GEM_DB, amount: "6" }],
    });
    const queued = await call(service.base, `/Awards/${KEY}/${PROJECT}/${requestId.toUpperCase()}`);
    expect(queued.status).toBe(200);
    expect(awards.emit.AwardResponse.safeParse(queued.json).success).toBe(true);
    expect(queued.json.Data).toEqual({
      RequestID: requestId,
      CustomerID: "tracked",
      IsAllowance: false,
      IsMintable: false,
      Wallet: "w",
      Tokens: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "6" }],
      Status: "Queued",
      CreatedAt: expect.stringMatching(ISO_SECOND),
      CompletedAt: "",
      Reversals: [],
      Remaining: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "6" }],
    });
    await fund(service.base, { lines: [{ token: GEM, contract: GEM_DB, amount: "1" }] });
    const settled = await call(service.base, `/Awards/${KEY}/${PROJECT}/${requestId}`);
    expect(settled.json.Data).toMatchObject({
      Status: "Completed",
      CompletedAt: expect.stringMatching(ISO_SECOND),
    });
  });

  it("§4 Awards: an unknown RequestID, or one of a funding, is 404; a malformed one is 400", async () => {
    const fundingId = randomUUID();
    await fund(service.base, {
      requestId: fundingId,
      lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
    });
    for (const id of [randomUUID(), fundingId]) {
      const response = await call(service.base, `/Awards/${KEY}/${PROJECT}/${id}`);
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ isError: "1", ErrorCode: "NOT_FOUND" });
    }
    const malformed = await call(service.base, `/Awards/${KEY}/${PROJECT}/not-a-uuid`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.Error).toMatch(/RequestID must be a UUID/);
  });
});

describe("§4 openapi.json and health", () => {
  it("§4 openapi.json: OpenAPI 3.1 of every endpoint and extension, without a key or an envelope", async () => {
    const response = await call(service.base, "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.json.openapi).toBe("3.1.0");
    expect(response.json.isError).toBeUndefined();
    expect(response.json.servers).toEqual([{ url: "/api/public" }]);
    expect(Object.keys(response.json.paths).sort()).toEqual(
      [
        "/AwardTokens",
        "/Awards/{YourAPIKEY}/{ProjectGuid}/{RequestID}",
        "/Customers/{YourAPIKEY}/{ProjectGuid}",
        "/FundWallet",
        "/Item/{YourAPIKEY}/{ProjectGuid}/{TokenID}",
        "/Items/{YourAPIKEY}/{ProjectGuid}/{CustomerID}",
        "/Keys",
        "/Keys/Revoke",
        "/Keys/Roll",
        "/Keys/{YourAPIKEY}/{ProjectGuid}",
        "/Prices/{YourAPIKEY}/{ProjectGuid}/{Chains}/{IsAll}",
        "/Products/{YourAPIKEY}/{ProjectGuid}",
        "/Requests/Errors/{YourAPIKEY}/{ProjectGuid}",
        "/Requests/{YourAPIKEY}/{ProjectGuid}",
        "/ReverseAward",
        "/Tokens/{YourAPIKEY}/{ProjectGuid}",
        "/Tokens/{YourAPIKEY}/{ProjectGuid}/{CustomerID}",
        "/Wallet/{YourAPIKEY}/{ProjectGuid}",
        "/Webhooks",
        "/Webhooks/Delete",
        "/Webhooks/Deliveries/{YourAPIKEY}/{ProjectGuid}",
        "/Webhooks/Resend",
        "/Webhooks/RollSecret",
        "/Webhooks/Test",
        "/Webhooks/Update",
        "/Webhooks/{YourAPIKEY}/{ProjectGuid}",
        "/health",
      ].sort(),
    );
    // Generated from the contract: the award amount is a JSON number, read exactly.
    const awardBody = response.json.paths["/AwardTokens"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(awardBody)).toMatch(/read exactly/);
    expect(response.json.paths["/AwardTokens"].post.responses["200"]).toBeDefined();
    // The keys extension: the roll's grace period is a whole number of seconds.
    const roll = response.json.paths["/Keys/Roll"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(roll)).toContain('"GraceSeconds"');
  });

  it("§4 health: 200 ok while the database answers, 503 when it does not", async () => {
    const healthy = await call(service.base, "/health");
    expect(healthy.status).toBe(200);
    expect(healthy.json).toEqual({ status: "ok" });
    const broken = await startTestService();
    await broken.database.close(); // the database goes away under the running service
    const sick = await call(broken.base, "/health");
    await broken.app.close();
    expect(sick.status).toBe(503);
    expect(sick.json).toEqual({ status: "unavailable" });
  });
});
