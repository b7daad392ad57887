import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldPath } from "@/lib/contract/issues";
import { AwardInput, amountText } from "./award-input";
import { checkAmount, checkAward, type FormAward } from "./award-input-client";

const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const GOLD_DB = "2c1f8b20-0001-4b22-9c32-0000000000b1";
const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
const GEM_POLYGON = "2c1f8b20-0003-4b22-9c32-0000000000b3";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

/** The server action's answer as the form reads it: the data, or each field's first problem. */
function serverAnswer(input: FormAward) {
  const result = AwardInput.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[fieldPath(issue.path)] ??= issue.message;
  return { ok: false, fieldErrors };
}

// Values chosen to reach every rule and the edges between them; what a person cannot type (the
// RequestID, GUIDs and chains from the token list) is drawn from what the console supplies.
const amounts = fc.oneof(
  fc.constantFrom(
    "25",
    " 2.5 ",
    "0",
    "0.000",
    "-5",
    "2,5",
    "1e3",
    "",
    " ",
    "abc",
    "007",
    ".5",
    "5.",
    "1.0000000000000000001",
    "1234567.000000000000000001",
    "9".repeat(61),
    "9".repeat(60),
  ),
  fc.string({ maxLength: 6 }),
);
const customerIds = fc.oneof(
  fc.constantFrom(
    "player-1001",
    " player-1002 ",
    "",
    "   ",
    ".",
    "..",
    " . ",
    "player\u00001",
    "player\u200b1",
    "x".repeat(128),
    "x".repeat(129),
    "玩家",
    "\u00a0p\u3000",
  ),
  fc.string({ maxLength: 8 }),
);
const guids = fc.constantFrom(GOLD, GOLD_DB, GEM, GEM_POLYGON, GOLD.toUpperCase());
const line = fc.record({
  token: guids,
  contract: guids,
  chain: fc.constantFrom("DB", "Polygon", "ethereum", "BNB", ""),
  amount: amounts,
});
const awards: fc.Arbitrary<FormAward> = fc.record(
  {
    requestId: guids,
    customerId: customerIds,
    mode: fc.constantFrom("allowance", "direct"),
    wallet: fc.oneof(
      fc.constantFrom("", "  ", "db-wallet-1", EVM, ` ${EVM} `, "0x12", "w".repeat(128), "w".repeat(129)),
      fc.string({ maxLength: 6 }),
    ),
    mintable: fc.boolean(),
    lines: fc.oneof(
      { weight: 20, arbitrary: fc.array(line, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(line, { minLength: 101, maxLength: 101 }) },
    ),
    reason: fc.constantFrom(
      "Spring tournament",
      "  why  ",
      "  ",
      "",
      "r".repeat(500),
      "r".repeat(501),
      ` ${"r".repeat(500)} `,
    ),
    confirmNewPlayer: fc.boolean(),
  },
  { requiredKeys: ["requestId", "customerId", "mode", "wallet", "mintable", "lines", "reason"] },
);

describe("the browser's award checks answer as the server action's schema", () => {
  it("for any award the form can send: the same data, or the same problem on every field", () => {
    fc.assert(
      fc.property(awards, (input) => {
        expect(checkAward(input)).toEqual(serverAnswer(input));
      }),
      { numRuns: 3000 },
    );
  });

  it("for any amount the fund form takes", () => {
    fc.assert(
      fc.property(amounts, (text) => {
        const server = amountText.safeParse(text);
        expect(checkAmount(text)).toEqual(
          server.success
            ? { ok: true, amount: server.data }
            : { ok: false, problem: server.error.issues[0]?.message },
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses what the server refuses, naming each field (the comparison is not between two checks that pass everything)", () => {
    expect(
      checkAward({
        requestId: GOLD,
        customerId: " ",
        mode: "direct",
        wallet: "db-wallet-1",
        mintable: false,
        lines: [
          { token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1,5" },
          { token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1" },
        ],
        reason: "",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        customerId: "must not be empty",
        "lines[0].amount": "must use a point for decimals, not a comma",
        "lines[1].contract": "repeats the token and contract of an earlier line: put the total on one line",
        reason: "is required: say why (kept in the award trail)",
        wallet: "must be an EVM address (0x followed by 40 hexadecimal digits) for chain Polygon",
      },
    });
    expect(
      checkAward({
        requestId: GOLD,
        customerId: " player-1001 ",
        mode: "allowance",
        wallet: "",
        mintable: true,
        lines: [{ token: GOLD, contract: GOLD_DB, chain: "DB", amount: " 25 " }],
        reason: " why ",
      }),
    ).toEqual({
      ok: true,
      data: {
        requestId: GOLD,
        customerId: "player-1001",
        mode: "allowance",
        wallet: "",
        mintable: true,
        lines: [{ token: GOLD, contract: GOLD_DB, chain: "DB", amount: "25" }],
        reason: "why",
        confirmNewPlayer: false,
      },
    });
    expect(checkAmount("0")).toEqual({ ok: false, problem: "must be greater than 0" });
  });

  it("checks the wallet against the format the service gives for the chain (AddressFormat), and guesses from the name only without it", () => {
    const direct = (addressFormat: "evm" | null | undefined, chain: string) =>
      checkAward({
        requestId: GOLD,
        customerId: "player-1001",
        mode: "direct",
        wallet: "db-wallet-1",
        mintable: false,
        lines: [
          {
            token: GEM,
            contract: GEM_POLYGON,
            chain,
            ...(addressFormat !== undefined ? { addressFormat } : {}),
            amount: "1",
          },
        ],
        reason: "prize",
      });
    expect(direct("evm", "Starfall")).toMatchObject({
      ok: false,
      fieldErrors: {
        wallet: "must be an EVM address (0x followed by 40 hexadecimal digits) for chain Starfall",
      },
    });
    expect(direct(null, "Polygon").ok).toBe(true);
    expect(direct(undefined, "Polygon").ok).toBe(false);
    expect(direct(undefined, "Starfall").ok).toBe(true);
  });
});
