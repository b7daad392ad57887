import { describe, expect, it } from "vitest";
import { describeIssues } from "@/lib/contract/issues";
import { AwardInput } from "./award-input";

const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const GOLD_DB = "2c1f8b20-0001-4b22-9c32-0000000000b1";
const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
const GEM_POLYGON = "2c1f8b20-0003-4b22-9c32-0000000000b3";

const valid = {
  requestId: "5b0c6a2e-2f4d-4c1b-9a3e-7d8f9a0b1c2d",
  customerId: "player-1001",
  mode: "allowance",
  wallet: "",
  mintable: true,
  lines: [{ token: GOLD, contract: GOLD_DB, chain: "DB", amount: "25" }],
  reason: "Spring tournament, 1st place",
} as const;

const problems = (input: unknown) => {
  const result = AwardInput.safeParse(input);
  return result.success ? "" : describeIssues(result.error.issues, "", 5);
};

describe("the award form's validation", () => {
  it("accepts a valid allowance and keeps the amount as exact text", () => {
    const parsed = AwardInput.parse({
      ...valid,
      lines: [{ ...valid.lines[0], amount: "1234567.000000000000000001" }],
    });
    expect(parsed.lines[0]?.amount).toBe("1234567.000000000000000001");
  });

  it("sends the Customer ID without the white space around it, so no phantom player is made", () => {
    expect(AwardInput.parse({ ...valid, customerId: " player-1002 " }).customerId).toBe("player-1002");
    expect(AwardInput.parse({ ...valid, customerId: "\tplayer-1002\u00a0" }).customerId).toBe("player-1002");
  });

  it.each([
    ["   ", "customerId must not be empty."],
    ["player\u00001", "customerId must not contain control characters."],
    ["player\u200b1", "customerId must not contain invisible characters"],
  ])("refuses the Customer ID %j", (customerId, problem) => {
    expect(problems({ ...valid, customerId })).toContain(problem);
  });

  it.each([
    [
      "a zero amount",
      { lines: [{ ...valid.lines[0], amount: "0" }] },
      "lines[0].amount must be greater than 0.",
    ],
    [
      "a negative amount",
      { lines: [{ ...valid.lines[0], amount: "-5" }] },
      "lines[0].amount must be positive: an award only adds tokens.",
    ],
    [
      "a decimal comma",
      { lines: [{ ...valid.lines[0], amount: "2,5" }] },
      "lines[0].amount must use a point for decimals, not a comma.",
    ],
    [
      "19 decimals",
      { lines: [{ ...valid.lines[0], amount: "1.0000000000000000001" }] },
      "lines[0].amount must have at most 18 decimal places.",
    ],
    [
      "an exponent",
      { lines: [{ ...valid.lines[0], amount: "1e3" }] },
      "lines[0].amount must be a number like 25 or 0.5.",
    ],
    ["no token line", { lines: [] }, "lines must have at least one token line."],
    [
      "the same token and contract twice",
      { lines: [valid.lines[0], { ...valid.lines[0], amount: "1" }] },
      "lines[1].contract repeats the token and contract of an earlier line: put the total on one line.",
    ],
    ["no reason", { reason: "  " }, "reason is required: say why (kept in the award trail)."],
    ["an empty Customer ID", { customerId: "" }, "customerId must not be empty."],
    [
      "a direct distribution without a wallet",
      { mode: "direct" },
      "wallet is required for a direct distribution.",
    ],
    [
      "a Polygon wallet that is not an EVM address",
      {
        mode: "direct",
        wallet: "db-wallet-1",
        lines: [{ token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1" }],
      },
      "wallet must be an EVM address (0x followed by 40 hexadecimal digits) for chain Polygon.",
    ],
    [
      "a wallet that is not an address of the format the service gives for the chain",
      {
        mode: "direct",
        wallet: "db-wallet-1",
        lines: [{ token: GEM, contract: GEM_POLYGON, chain: "Starfall", addressFormat: "evm", amount: "1" }],
      },
      "wallet must be an EVM address (0x followed by 40 hexadecimal digits) for chain Starfall.",
    ],
    [
      "an address format no service gives",
      {
        lines: [
          { token: GEM, contract: GEM_POLYGON, chain: "Polygon", addressFormat: "solana", amount: "1" },
        ],
      },
      'lines[0].addressFormat must be "evm" or null.',
    ],
  ])("refuses %s, naming the field and the rule", (_name, change, expected) => {
    expect(problems({ ...valid, ...change })).toBe(expected);
  });

  it("names every problem at once: the wallet rule runs while other fields are wrong too", () => {
    const result = AwardInput.safeParse({
      ...valid,
      customerId: "",
      mode: "direct",
      reason: "",
      lines: [{ ...valid.lines[0], amount: "1,5" }],
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["customerId", "wallet", "lines.0.amount", "reason"]));
    expect(result.error?.issues.find((issue) => issue.path[0] === "wallet")?.message).toBe(
      "is required for a direct distribution",
    );
  });

  it("accepts any wallet text on a chain without an address format, and an EVM address on Polygon", () => {
    expect(problems({ ...valid, mode: "direct", wallet: "db-wallet-1001" })).toBe("");
    expect(
      problems({
        ...valid,
        mode: "direct",
        wallet: "0x52908400098527886E0F7030069857D2E4169EE7",
        lines: [{ token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1" }],
      }),
    ).toBe("");
  });
});
