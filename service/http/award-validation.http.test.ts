import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GEM_POLYGON, GOLD, GOLD_DB, KEY, ORPHAN, PROJECT } from "@/testing/service/fixtures";
import { awardRowCount, balanceSnapshot } from "@/testing/service/harness";
import { post } from "@/testing/service/http-client";

/**
 * Rule 13: an award the service refuses as malformed is 400 naming the field and the rule, and
 * changes nothing. None of these changes the database, and each checks that itself, so they share
 * one service on one database (the file's): a fresh one per case cost a database start and the
 * fixture's import each, on both databases. The awards that do change it are in
 * awards.http.test.ts, each on a fresh database.
 */
const service = serveFixtures({ per: "file" });

describe("rule 13: validation", () => {
  const G = "0d000000-0000-4000-8000-000000000001";
  const valid = {
    ApiKey: KEY,
    RequestID: G,
    ProjectGuid: PROJECT,
    IsAllowance: false,
    CustomerID: "p",
    Wallet: "w",
  };
  const line = `{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":1}`;
  const body = (fields: Record<string, unknown>, tokens = `[${line}]`) =>
    `${JSON.stringify({ ...valid, ...fields }).slice(0, -1)},"Tokens":${tokens}}`;
  const withAmount = (amount: string) =>
    body({}, `[{"Guid":"${GOLD}","ContractGuid":"${GOLD_DB}","Amount":${amount}}]`);

  it.each([
    ["RequestID missing", body({ RequestID: undefined }), /^RequestID is required/],
    ["RequestID not a UUID", body({ RequestID: "42" }), /^RequestID must be a UUID/],
    ["IsAllowance missing", body({ IsAllowance: undefined }), /^IsAllowance is required/],
    ["IsAllowance a string", body({ IsAllowance: "false" }), /^IsAllowance must be true or false/],
    ["CustomerID missing", body({ CustomerID: undefined }), /^CustomerID is required/],
    ["CustomerID empty", body({ CustomerID: "" }), /^CustomerID must not be empty/],
    ["CustomerID too long", body({ CustomerID: "x".repeat(129) }), /^CustomerID must be at most 128/],
    ["CustomerID with a control character", body({ CustomerID: "a\nb" }), /control characters/],
    ["Tokens missing", `${JSON.stringify(valid)}`, /^Tokens is required/],
    ["Tokens empty", body({}, "[]"), /^Tokens must have at least 1 token line/],
    ["Tokens not an array", body({}, `{"a":1}`), /^Tokens must be an array/],
    ["101 token lines", body({}, `[${Array(101).fill(line).join(",")}]`), /at most 100 token lines/],
    [
      "a repeated token and contract",
      body({}, `[${line},${line.replace(GOLD, GOLD.toLowerCase())}]`),
      /Tokens\[1\] repeats/,
    ],
    ["Amount with an exponent", withAmount("1e2"), /Tokens\[0\]\.Amount must be a plain number/],
    ["Amount negative", withAmount("-1"), /Tokens\[0\]\.Amount must be a plain number/],
    ["Amount zero", withAmount("0.000"), /Tokens\[0\]\.Amount must be greater than 0/],
    ["Amount a string", withAmount('"1"'), /Tokens\[0\]\.Amount must be a JSON number/],
    ["Amount with 19 decimals", withAmount("1.0000000000000000001"), /at most 18 decimal places/],
    ["Amount with 61 integer digits", withAmount("1".repeat(61)), /at most 60 integer digits/],
    [
      "Guid not a UUID",
      body({}, `[{"Guid":"gold","ContractGuid":"${GOLD_DB}","Amount":1}]`),
      /Tokens\[0\]\.Guid must be a UUID/,
    ],
    [
      "token of no project",
      body({}, `[{"Guid":"${randomUUID()}","ContractGuid":"${GOLD_DB}","Amount":1}]`),
      /Tokens\[0\]\.Guid is not a token of this project/,
    ],
    [
      "contract of another token",
      body({}, `[{"Guid":"${GOLD}","ContractGuid":"${GEM_DB}","Amount":1}]`),
      /Tokens\[0\]\.ContractGuid is not a contract of token GOLD/,
    ],
    [
      "token without contracts",
      body({}, `[{"Guid":"${ORPHAN}","ContractGuid":"${GOLD_DB}","Amount":1}]`),
      /Tokens\[0\]\.ContractGuid is not a contract of token NONE/,
    ],
    [
      "Wallet missing on a direct award",
      body({ Wallet: undefined }),
      /^Wallet is required for a direct distribution/,
    ],
    ["Wallet empty", body({ Wallet: "" }), /^Wallet must not be empty/],
    [
      "Wallet over 128 characters",
      body({ Wallet: "w".repeat(129) }),
      /^Wallet must be at most 128 characters/,
    ],
    [
      "Wallet not an EVM address on an EVM chain",
      body({ Wallet: "player-wallet" }, `[{"Guid":"${GEM}","ContractGuid":"${GEM_POLYGON}","Amount":1}]`),
      /Wallet must be an EVM address .* for chain Polygon/,
    ],
    [
      "IsMintable not a boolean on an allowance",
      body({ IsAllowance: true, IsMintable: 1 }),
      /^IsMintable must be true or false/,
    ],
  ])("rule 13: %s is 400 naming the field and rule, and changes nothing", async (_name, raw, message) => {
    const before = await balanceSnapshot(service.db);
    const response = await post(service.base, "/AwardTokens", raw);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ isError: "1", ErrorCode: "INVALID_REQUEST" });
    expect(response.json.Error).toMatch(message);
    expect(await balanceSnapshot(service.db)).toEqual(before);
    expect(await awardRowCount(service.db)).toBe(0);
  });
});
