import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { AwardTokensRequest } from "./awards";
import { describeIssues } from "./issues";
import { NumberLiteral } from "./number-literal";

const G = "6a1f2c3d-1111-4222-8333-444455556666";
const parseBody = (json: string) => parse(json, undefined, (text) => new NumberLiteral(text));
const body = (fields: string) =>
  parseBody(`{"ApiKey":"k","RequestID":"${G}","ProjectGuid":"${G}","CustomerID":"p",${fields}}`);
const line = (amount: string) => `{"Guid":"${G}","ContractGuid":"${G}","Amount":${amount}}`;

function problem(json: unknown): string {
  const result = AwardTokensRequest.safeParse(json);
  return result.success ? "" : describeIssues(result.error.issues);
}

describe("AwardTokens request (docs/service.md, Awards, rule 13)", () => {
  it("keeps amount literals to the last digit", () => {
    const result = AwardTokensRequest.parse(
      body(`"IsAllowance":true,"Tokens":[${line("1234567.000000000000000001")}]`),
    );
    expect(result.Tokens[0]?.Amount).toBe("1234567.000000000000000001");
    expect(result.IsMintable).toBe(false);
    expect(result.Wallet).toBe("");
  });

  it("counts decimal places without trailing zeros: 0.0000000000000000050 has 18", () => {
    expect(problem(body(`"IsAllowance":true,"Tokens":[${line("0.0000000000000000050")}]`))).toBe("");
    expect(problem(body(`"IsAllowance":true,"Tokens":[${line("0.0000000000000000051")}]`))).toContain(
      "Tokens[0].Amount must have at most 18 decimal places",
    );
  });

  it.each([
    ["1.0000000000000000001", "Tokens[0].Amount must have at most 18 decimal places"],
    ["1e5", "Tokens[0].Amount must be a plain number without sign or exponent"],
    ["-1", "Tokens[0].Amount must be a plain number without sign or exponent"],
    ["0", "Tokens[0].Amount must be greater than 0"],
    ["0.000", "Tokens[0].Amount must be greater than 0"],
    ['"5"', "Tokens[0].Amount must be a JSON number (not a string)"],
    ["1".repeat(61), "Tokens[0].Amount must have at most 60 integer digits"],
  ])("refuses amount %s", (amount, message) => {
    expect(problem(body(`"IsAllowance":true,"Tokens":[${line(amount)}]`))).toContain(message);
  });

  it("needs a wallet for a direct distribution, and ignores it on an allowance", () => {
    expect(problem(body(`"IsAllowance":false,"Tokens":[${line("1")}]`))).toContain(
      "Wallet is required for a direct distribution",
    );
    expect(problem(body(`"IsAllowance":true,"Wallet":null,"Tokens":[${line("1")}]`))).toBe("");
    expect(
      problem(body(`"IsAllowance":false,"Wallet":"${"w".repeat(129)}","Tokens":[${line("1")}]`)),
    ).toContain("Wallet must be at most 128 characters");
  });

  it("reads IsMintable only on an allowance", () => {
    expect(problem(body(`"IsAllowance":true,"IsMintable":"yes","Tokens":[${line("1")}]`))).toContain(
      "IsMintable must be true or false",
    );
    const direct = AwardTokensRequest.parse(
      body(`"IsAllowance":false,"IsMintable":"yes","Wallet":"w","Tokens":[${line("1")}]`),
    );
    expect(direct.IsMintable).toBe(false);
  });

  it("refuses a repeated (Guid, ContractGuid) in any case, and empty or oversized token lists", () => {
    const upper = line("1").replaceAll(G, G.toUpperCase());
    expect(problem(body(`"IsAllowance":true,"Tokens":[${line("1")},${upper}]`))).toContain(
      "Tokens[1] repeats",
    );
    expect(problem(body(`"IsAllowance":true,"Tokens":[]`))).toContain(
      "Tokens must have at least 1 token line",
    );
    const many = Array.from({ length: 101 }, (_, i) => line(String(i + 1))).join(",");
    expect(problem(body(`"IsAllowance":true,"Tokens":[${many}]`))).toContain("at most 100 token lines");
  });

  it("names missing and ill-typed fields", () => {
    expect(problem(parseBody(`{"ApiKey":"k"}`))).toMatch(
      /^RequestID is required; ProjectGuid is required; IsAllowance/,
    );
    expect(problem(body(`"IsAllowance":"true","Tokens":[${line("1")}]`))).toContain(
      "IsAllowance must be true or false",
    );
  });
});
