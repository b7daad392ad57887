import { describe, expect, it } from "vitest";
import { type CsvRow, parseAwardCsv } from "./csv";
import { dryRun, type ProjectToken } from "./validate";

const GOLD = {
  Guid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
  Symbol: "GOLD",
  Contracts: [{ ChainName: "DB", ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1" }],
};
const GEM = {
  Guid: "1b0e7a10-0002-4a11-8b21-0000000000a2",
  Symbol: "GEM",
  Contracts: [
    { ChainName: "DB", ContractGuid: "2c1f8b20-0002-4b22-9c32-0000000000b2" },
    { ChainName: "Polygon", ContractGuid: "2c1f8b20-0003-4b22-9c32-0000000000b3" },
    { ChainName: "Polygon", ContractGuid: "2c1f8b20-0005-4b22-9c32-0000000000b5" },
  ],
};
const STAR_A = {
  Guid: "1b0e7a10-0005-4a11-8b21-0000000000a5",
  Symbol: "STAR",
  Contracts: [{ ChainName: "DB", ContractGuid: "2c1f8b20-0006-4b22-9c32-0000000000b6" }],
};
const STAR_B = {
  Guid: "1b0e7a10-0006-4a11-8b21-0000000000a6",
  Symbol: "star",
  Contracts: [{ ChainName: "DB", ContractGuid: "2c1f8b20-0007-4b22-9c32-0000000000b7" }],
};
const TOKENS: ProjectToken[] = [GOLD, GEM, STAR_A, STAR_B];
const WALLET = "0x52908400098527886e0f7030069857d2e4169ee7";

function rows(body: string): CsvRow[] {
  const parsed = parseAwardCsv(
    new TextEncoder().encode(`customer_id,token,contract,amount,mode,wallet,mintable\n${body}`),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

describe("the dry run", () => {
  it("resolves symbols and chain names to GUIDs, an omitted contract when the token has one, and sums exactly", () => {
    const result = dryRun(
      rows(
        [
          "p1,GOLD,,0.1,allowance,,true",
          "p2,gold,DB,0.2,Allowance,,",
          `p1,GEM,${GEM.Contracts[0]?.ContractGuid},10.50,direct,db-wallet-1,no`,
          `p3,${GEM.Guid},DB,1000000000000000000000.000000000000000001,direct,db-wallet-3,`,
        ].join("\n"),
      ),
      TOKENS,
    );
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({
      line: 2,
      tokenGuid: GOLD.Guid,
      contractGuid: GOLD.Contracts[0]?.ContractGuid,
      mintable: true,
    });
    expect(result.rows[2]).toMatchObject({ amount: "10.5", mode: "direct", wallet: "db-wallet-1" });
    expect(result.summary).toEqual({
      rows: 4,
      players: 3,
      errors: 0,
      totals: [
        {
          symbol: "GEM",
          chain: "DB",
          mode: "direct",
          amount: "1000000000000000000010.500000000000000001",
          rows: 2,
        },
        { symbol: "GOLD", chain: "DB", mode: "allowance", amount: "0.3", rows: 2 },
      ],
    });
  });

  it.each([
    ["p,NOPE,,1,allowance,,", 'token: "NOPE" is not a token of this project'],
    ["p,STAR,,1,allowance,,", 'token: "STAR" is ambiguous (2 tokens have that symbol), use the GUID'],
    ["p,GEM,,1,allowance,,", "contract: is required, GEM has 3 contracts (DB, Polygon, Polygon)"],
    [
      "p,GEM,Polygon,1,allowance,,",
      'contract: "Polygon" is ambiguous (GEM has 2 contracts on it), use the contract GUID',
    ],
    [
      `p,GEM,${GOLD.Contracts[0]?.ContractGuid},1,allowance,,`,
      `contract: ${GOLD.Contracts[0]?.ContractGuid} is not a contract of GEM`,
    ],
    [
      "p,GEM,Solana,1,allowance,,",
      'contract: GEM has no contract on chain "Solana" (it has: DB, Polygon, Polygon)',
    ],
    ["p,GOLD,,0,allowance,,", "amount: must be greater than 0"],
    ["p,GOLD,,-1,allowance,,", "amount: must be positive: an award only adds tokens"],
    ["p,GOLD,,1.0000000000000000001,allowance,,", "amount: must have at most 18 decimal places"],
    ['p,GOLD,,"1,5",allowance,,', "amount: must use a point for decimals, not a comma"],
    ["p,GOLD,,1e3,allowance,,", "amount: must be a number like 25 or 0.5"],
    ["p,GOLD,,1,gift,,", 'mode: "gift" must be allowance or direct'],
    ["p,GOLD,,1,direct,,", "wallet: is required for a direct distribution"],
    [
      `p,GEM,${GEM.Contracts[1]?.ContractGuid},1,direct,db-wallet-1,`,
      "wallet: must be an EVM address (0x followed by 40 hexadecimal digits) for chain Polygon",
    ],
    [
      "p,GOLD,,1,allowance,db-wallet-1,",
      "wallet: must be empty for an allowance (an allowance is not paid to a wallet)",
    ],
    ["p,GOLD,,1,allowance,,maybe", 'mintable: "maybe" must be true or false (or empty)'],
    ["p,GOLD,,1,direct,w,true", "mintable: applies to an allowance only"],
    [",GOLD,,1,allowance,,", "customer_id: must not be empty"],
    ['"   ",GOLD,,1,allowance,,', "customer_id: must not be empty"],
    ['"play\u0000er",GOLD,,1,allowance,,', "customer_id: must not contain control characters"],
    ['"play\ner",GOLD,,1,allowance,,', "customer_id: must not contain control characters"],
    [
      "play\u200ber,GOLD,,1,allowance,,",
      "customer_id: must not contain invisible characters (zero-width spaces or direction marks)",
    ],
    [
      "\u202eplayer,GOLD,,1,allowance,,",
      "customer_id: must not contain invisible characters (zero-width spaces or direction marks)",
    ],
    ["p,GOLD,,1,5,allowance,,", "has 8 fields, the header has 7 (a decimal comma? amounts use a point: 1.5)"],
  ])("names the problem of %j", (row, problem) => {
    const result = dryRun(rows(row), TOKENS);
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ line: 2, problems: [problem] })]);
    expect(result.summary.errors).toBe(1);
  });

  it("lists every problem of a row, and accepts an EVM wallet on Polygon", () => {
    const result = dryRun(
      rows(`,NOPE,,0,gift,,\np,GEM,${GEM.Contracts[1]?.ContractGuid},1,direct,${WALLET},`),
      TOKENS,
    );
    expect(result.errors[0]?.problems).toHaveLength(4);
    expect(result.rows.map((row) => row.line)).toEqual([3]);
  });

  it("checks a wallet against the address format the service gives for the chain, before any guess from its name", () => {
    // The service says: its "Starfall" chain takes EVM addresses, and its "Polygon" any text.
    const told = [
      {
        ...GEM,
        Contracts: [
          {
            ChainName: "Starfall",
            ContractGuid: GEM.Contracts[0]?.ContractGuid ?? "",
            AddressFormat: "evm" as const,
          },
          { ChainName: "Polygon", ContractGuid: GEM.Contracts[1]?.ContractGuid ?? "", AddressFormat: null },
        ],
      },
    ];
    const result = dryRun(
      rows(`p,GEM,Starfall,1,direct,db-wallet-1,\nq,GEM,Polygon,1,direct,db-wallet-2,`),
      told,
    );
    expect(result.errors).toEqual([
      expect.objectContaining({
        line: 2,
        problems: [
          "wallet: must be an EVM address (0x followed by 40 hexadecimal digits) for chain Starfall",
        ],
      }),
    ]);
    expect(result.rows.map((row) => row.line)).toEqual([3]);
  });

  it("drops white space around a Customer ID, also inside quotes, so the trimmed ID is what is sent", () => {
    const result = dryRun(
      rows(
        [
          '" player-1001 ",GOLD,,1,allowance,,',
          '"\tplayer-1002\u00a0",GOLD,,2,allowance,,',
          "  player-1003  ,GOLD,,3,allowance,,",
        ].join("\n"),
      ),
      TOKENS,
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.customerId)).toEqual(["player-1001", "player-1002", "player-1003"]);
    expect(result.summary.players).toBe(3);
  });

  it("counts a player with and without spaces around the ID as one, and their rows as repeats", () => {
    const result = dryRun(rows(['" p1",GOLD,,1,allowance,,', "p1,GOLD,,1,allowance,,"].join("\n")), TOKENS);
    expect(result.summary.players).toBe(1);
    expect(result.repeated).toEqual([{ line: 3, sameAs: 2 }]);
  });

  it("warns about rows repeating an earlier row (same customer, token, contract, amount, mode, wallet)", () => {
    const result = dryRun(
      rows(
        [
          "p,GOLD,,1,allowance,,",
          "q,GOLD,,1,allowance,,",
          "p,GOLD,DB,1.0,allowance,,true",
          "p,GOLD,,2,allowance,,",
          "p,GOLD,,1,direct,w,",
        ].join("\n"),
      ),
      TOKENS,
    );
    expect(result.repeated).toEqual([{ line: 4, sameAs: 2 }]);
  });
});
