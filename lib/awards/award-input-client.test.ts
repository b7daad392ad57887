import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AwardInput, amountText } from "./award-input";
import { AwardInput as ClientAwardInput, amountText as clientAmountText } from "./award-input-client";

const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const GOLD_DB = "2c1f8b20-0001-4b22-9c32-0000000000b1";
const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
const GEM_POLYGON = "2c1f8b20-0003-4b22-9c32-0000000000b3";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

/** A schema's whole answer: the data, or every issue with its path and sentence, in order. */
function answer(
  schema: { safeParse(input: unknown): { success: boolean; data?: unknown; error?: unknown } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const { issues } = result.error as { issues: { path: PropertyKey[]; message: string; code: string }[] };
  return { ok: false, issues: issues.map(({ path, message, code }) => ({ path, message, code })) };
}

// Values chosen to reach every rule, and the edges between them.
const amounts = fc.constantFrom(
  "25",
  " 2.5 ",
  "0",
  "0.000",
  "-5",
  "2,5",
  "1e3",
  "",
  "abc",
  "007",
  "1.0000000000000000001",
  "1234567.000000000000000001",
  "9".repeat(61),
  "9".repeat(60),
);
const customerIds = fc.oneof(
  fc.constantFrom(
    "player-1001",
    " player-1002 ",
    "",
    "   ",
    ".",
    "..",
    "player\u00001",
    "player\u200b1",
    "x".repeat(129),
    "玩家",
  ),
  fc.string({ maxLength: 8 }),
  fc.constant(42),
);
const uuids = fc.constantFrom(GOLD, GOLD_DB, GEM, GEM_POLYGON, GOLD.toUpperCase(), "not-a-uuid", "");
const line = fc.record(
  {
    token: uuids,
    contract: uuids,
    chain: fc.constantFrom("DB", "Polygon", "ethereum", "", "x".repeat(101), undefined),
    amount: fc.oneof(amounts, fc.constant(5)),
  },
  { requiredKeys: ["token", "contract", "amount"] },
);
const awards = fc.record(
  {
    requestId: uuids,
    customerId: customerIds,
    mode: fc.constantFrom("allowance", "direct", "Direct", "", undefined),
    wallet: fc.constantFrom("", "  ", "db-wallet-1", EVM, ` ${EVM} `, "0x12", "w".repeat(129), undefined),
    mintable: fc.constantFrom(true, false, undefined, "yes"),
    lines: fc.oneof(fc.array(line, { maxLength: 4 }), fc.constant("lines")),
    reason: fc.constantFrom("Spring tournament", "  ", "", "r".repeat(500), "r".repeat(501), undefined),
    confirmNewPlayer: fc.constantFrom(true, false, undefined),
  },
  { requiredKeys: [] },
);

describe("the browser's award checks (zod/mini) answer as the server action's (zod)", () => {
  it("for any award the form could send, and many it could not: same data, or the same issues in the same order", () => {
    fc.assert(
      fc.property(awards, (input) => {
        expect(answer(ClientAwardInput, input)).toEqual(answer(AwardInput, input));
      }),
      { numRuns: 2000 },
    );
  });

  it("for any amount text the fund form takes", () => {
    fc.assert(
      fc.property(fc.oneof(amounts, fc.string({ maxLength: 25 }), fc.constant(null)), (input) => {
        expect(answer(clientAmountText, input)).toEqual(answer(amountText, input));
      }),
      { numRuns: 1000 },
    );
  });

  it("tells the rules apart (the comparison above is not between two schemas that accept everything)", () => {
    const refused = answer(ClientAwardInput, {
      requestId: GOLD,
      customerId: " ",
      mode: "direct",
      wallet: "db-wallet-1",
      lines: [
        { token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1,5" },
        { token: GEM, contract: GEM_POLYGON, chain: "Polygon", amount: "1" },
      ],
      reason: "",
    });
    expect(refused).toEqual({
      ok: false,
      issues: [
        { path: ["customerId"], message: "must not be empty", code: "custom" },
        {
          path: ["lines", 0, "amount"],
          message: "must use a point for decimals, not a comma",
          code: "custom",
        },
        { path: ["reason"], message: "is required: say why (kept in the award trail)", code: "too_small" },
        {
          path: ["lines", 1, "contract"],
          message: "repeats the token and contract of an earlier line: put the total on one line",
          code: "custom",
        },
        {
          path: ["wallet"],
          message: "must be a Polygon address: 0x followed by 40 hexadecimal digits",
          code: "custom",
        },
      ],
    });
    expect(
      answer(ClientAwardInput, {
        requestId: GOLD,
        customerId: " player-1001 ",
        mode: "allowance",
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
        mintable: false,
        lines: [{ token: GOLD, contract: GOLD_DB, chain: "DB", amount: "25" }],
        reason: "why",
        confirmNewPlayer: false,
      },
    });
  });
});
