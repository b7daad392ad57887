import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { freePort } from "@/testing/free-port";
import { serveFixtures } from "@/testing/service/fixture-service";
import { AWKWARD_PLAYER, GEM, GEM_DB, GOLD, GOLD_DB, KEY, PLAYER, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES, serviceCallFailure } from "@/testing/service-client";
import { awardTokens, fundWallet, getAward, getWallet } from "./awards";
import type { ServiceConnection } from "./call-service";
import { probeService } from "./capabilities";
import { listPrices, listProducts, listProjectTokens } from "./catalogue";
import { getCustomerItems, getCustomerTokens, getItem } from "./holdings";

const service = serveFixtures({ per: "file" });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

const failure = (promise: Promise<unknown>) => serviceCallFailure(promise, KEY);

describe("the console's service client, against the real service", () => {
  it("reads the catalogue through the accepting contract", async () => {
    expect((await listProducts(connection())).Data.Products.length).toBe(2);
    const prices = await listPrices(connection(), { chains: ["FIAT"], includeAll: true });
    expect(prices.Prices.map((p) => p.Chain)).toEqual(["FIAT", "FIAT", "FIAT"]);
    expect((await listProjectTokens(connection())).Data.Tokens.map((t) => t.Symbol)).toEqual(["GOLD", "GEM"]);
  });

  it("keeps every digit of a customer token Total and percent-encodes awkward CustomerIDs", async () => {
    const gem = (await getCustomerTokens(connection(), PLAYER)).Data.Tokens.find(
      (t) => t.TokenSymbol === "GEM",
    );
    expect(gem?.Total).toBe("7.000000000000000001");
    const awkward = await getCustomerTokens(connection(), AWKWARD_PLAYER);
    expect(awkward.Data.Tokens[0]?.Total).toBe("1");
    expect((await getCustomerItems(connection(), AWKWARD_PLAYER)).Items[0]?.Name).toBe("Polygon shield");
  });

  it("sends award amounts as exact number literals and reads the extensions", async () => {
    const requestId = "0c1e0000-0000-4000-8000-000000000001";
    const sent = await awardTokens(connection(), {
      RequestID: requestId,
      CustomerID: "client-player",
      IsAllowance: false,
      Wallet: "w",
      Tokens: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: "4.999999999999999999" }],
    });
    expect(sent.Status).toBe("Completed");
    expect((await getAward(connection(), requestId)).Data.Tokens[0]?.Amount).toBe("4.999999999999999999");
    const funded = await fundWallet(connection(), {
      RequestID: "0c1e0000-0000-4000-8000-000000000002",
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }],
    });
    expect(funded.Settled).toEqual([]);
    const balances = (await getWallet(connection())).Data.Balances;
    expect(balances.find((b) => b.ContractGuid === GEM_DB)?.Amount).toBe("0.000000000000000001");
  });

  it("turns the service's refusals into its own words, with status and code, never the key", async () => {
    const wrongKey = await failure(listProducts({ ...connection(), apiKey: "wrong" }));
    expect(wrongKey).toMatchObject({ kind: "refused", status: 401, code: "INVALID_API_KEY" });
    expect(wrongKey.message).toMatch(/^The service refused the request: The API key is missing/);
    const missing = await failure(getItem(connection(), "999"));
    expect(missing).toMatchObject({ status: 404, code: "NOT_FOUND" });
    const bad = await failure(
      awardTokens(connection(), { RequestID: "x", CustomerID: "p", IsAllowance: true, Tokens: [] }),
    );
    expect(bad.message).toMatch(/RequestID must be a UUID/);
  });

  it("reports an unreachable service and a base URL that is not the service", async () => {
    const closed = await failure(
      listProducts({ ...connection(), baseUrl: `http://127.0.0.1:${await freePort()}/api/public` }),
    );
    expect(closed.kind).toBe("unreachable");
    expect(closed.message).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    expect(closed.networkCode).toBe("ECONNREFUSED");
    // A port of another protocol (fetch's "bad ports") is refused before anything is sent, even
    // on an allowed host: an award sent there is known not to have been delivered.
    const blocked = await failure(
      listProducts({ ...connection(), baseUrl: "http://127.0.0.1:9/api/public" }),
    );
    expect(blocked).toMatchObject({ kind: "unreachable", networkCode: "ADDRESS_NOT_ALLOWED" });
    expect(blocked.message).toMatch(/does not call port 9: it belongs to another protocol/);
    const html = await failure(
      listProducts({ ...connection(), baseUrl: service.base.replace("/api/public", "") }),
    );
    expect(html).toMatchObject({ kind: "refused", status: 404 });
  });

  it("probes the extensions: ours has them", async () => {
    expect(await probeService(connection())).toEqual({ extensions: true, tokens: 2 });
  });
});

describe("a service without our extensions", () => {
  let plain: Server;
  let base = "";
  beforeAll(async () => {
    // Another implementation of the spec: the spec's endpoints only, 404 for anything else.
    plain = createServer((request, response) => {
      response.setHeader("content-type", "application/json");
      if (request.url?.startsWith("/api/public/Tokens/")) {
        response.end('{"isError":"0","Error":"","Data":{"Tokens":[]},"Vendor":"other"}');
      } else {
        response.statusCode = 404;
        response.end('{"isError":"1","Error":"Not found"}');
      }
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const address = plain.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/public`;
  });
  afterAll(() => new Promise<void>((resolve) => plain.close(() => resolve())));

  it("is detected, so the console can hide what needs them", async () => {
    expect(
      await probeService({ baseUrl: base, projectGuid: PROJECT, apiKey: KEY, addresses: LOOPBACK_SERVICES }),
    ).toEqual({
      extensions: false,
      tokens: 0,
    });
  });
});
