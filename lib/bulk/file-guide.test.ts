import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/model/csv-out";
import { COLUMNS, parseAwardCsv } from "./csv";
import { columnGuide, templateRows } from "./file-guide";
import { dryRun, type ProjectToken } from "./validate";

const TOKENS: ProjectToken[] = [
  {
    Guid: "1b0e7a10-0003-4a11-8b21-0000000000a3",
    Symbol: "SHARD",
    Contracts: [
      { ChainName: "Polygon", ContractGuid: "2c1f8b20-0004-4b22-9c32-0000000000b4", AddressFormat: "evm" },
    ],
  },
  {
    Guid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
    Symbol: "GOLD",
    Contracts: [
      { ChainName: "DB", ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1", AddressFormat: null },
    ],
  },
];

/** The template as the route writes it: the header, then its rows. */
const bulkTemplate = (tokens: readonly ProjectToken[]) =>
  csvLine([...COLUMNS]) + templateRows(tokens).map(csvLine).join("");

const parsed = (text: string) => {
  const result = parseAwardCsv(new TextEncoder().encode(text));
  if (!result.ok) throw new Error(result.error);
  return result.rows;
};

describe("the bulk file's template and column guide", () => {
  it("is a file the dry run accepts as it is: an allowance and a direct award with a wallet of the chain's shape", () => {
    const rows = parsed(bulkTemplate(TOKENS));
    const run = dryRun(rows, TOKENS);
    expect(run.errors).toEqual([]);
    expect(run.rows.map((row) => [row.symbol, row.chain, row.mode, row.amount])).toEqual([
      ["SHARD", "Polygon", "allowance", "25"],
      ["SHARD", "Polygon", "direct", "0.5"],
    ]);
    // The EVM chain's example wallet has the EVM shape.
    expect(run.rows[1]?.wallet).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it("a chain without an address format gets a plain wallet, still accepted", () => {
    const gold = TOKENS.filter((token) => token.Symbol === "GOLD");
    expect(dryRun(parsed(bulkTemplate(gold)), gold).errors).toEqual([]);
  });

  it("is the header alone for a project without tokens", () => {
    expect(bulkTemplate([])).toBe(`${COLUMNS.join(",")}\r\n`);
  });

  it("names every column with the project's own symbols and chains", () => {
    const guide = columnGuide(TOKENS);
    expect(guide.map((entry) => entry.column)).toEqual([...COLUMNS]);
    expect(guide.find((entry) => entry.column === "token")?.allowed).toContain("SHARD, GOLD");
    expect(guide.find((entry) => entry.column === "contract")?.allowed).toContain("Polygon, DB");
  });
});
