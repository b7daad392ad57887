import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WalletResponse } from "@/lib/contract/awards";
import { sumDecimals } from "@/lib/contract/decimal";
import { planSettlement } from "@/lib/contract/settlement-plan";
import { directAwards, type FundsAward, forecastFunds } from "./funds";
import type { BulkRow } from "./validate";

const GOLD = "2c1f8b20-0001-4b22-9c32-0000000000b1";
const GEM = "2c1f8b20-0002-4b22-9c32-0000000000b2";
const SHARD = "2c1f8b20-0004-4b22-9c32-0000000000b4";

type Wallet = WalletResponse["Data"];

function wallet(balances: Record<string, string>, queue: [string, string][][] = []): Wallet {
  const symbols: Record<string, string> = { [GOLD]: "GOLD", [GEM]: "GEM", [SHARD]: "SHARD" };
  return {
    Balances: Object.entries(balances).map(([contract, amount]) => ({
      TokenGuid: `token-${symbols[contract]}`,
      Symbol: symbols[contract] ?? "?",
      ContractGuid: contract,
      ChainName: contract === SHARD ? "Polygon" : "DB",
      Amount: amount,
    })),
    Queue: queue.map((lines, index) => ({
      RequestID: `queued-${index}`,
      CustomerID: `player-${index}`,
      Wallet: "w",
      QueuedAt: "2026-01-31T00:00:00Z",
      Tokens: lines.map(([contract, amount]) => ({ Guid: "t", ContractGuid: contract, Amount: amount })),
    })),
  };
}

const award = (line: number, ...lines: [string, string][]): FundsAward => ({
  line,
  lines: lines.map(([contractGuid, amount]) => ({ contractGuid, amount })),
});

const byContract = (forecast: ReturnType<typeof forecastFunds>) =>
  Object.fromEntries(forecast.contracts.map((c) => [c.symbol, c]));

describe("the funds forecast of a bulk file", () => {
  it("pays rows in file order while the balance covers them; a row that cannot be covered waits, and so does every later row of its contract", () => {
    const forecast = forecastFunds(
      [award(2, [GOLD, "6"]), award(3, [GOLD, "5"]), award(4, [GOLD, "4"]), award(5, [GOLD, "0.5"])],
      wallet({ [GOLD]: "10" }),
    );
    // 6 is paid (4 left); 5 cannot be; 4 would fit but waits behind 5 (strict FIFO per contract).
    expect(forecast.waitingLines).toEqual([3, 4, 5]);
    expect(byContract(forecast).GOLD).toEqual({
      contractGuid: GOLD,
      symbol: "GOLD",
      chain: "DB",
      balance: "10",
      queued: "0",
      queuedAwards: 0,
      direct: "15.5",
      directRows: 4,
      waitingRows: 3,
      topUp: "5.5",
    });
  });

  it("is exact to the last of 18 decimals, never floating point", () => {
    const forecast = forecastFunds(
      [award(2, [GOLD, "0.1"]), award(3, [GOLD, "0.2"]), award(4, [GOLD, "0.000000000000000001"])],
      wallet({ [GOLD]: "0.3" }),
    );
    // 0.1 + 0.2 is 0.3 exactly, so both are paid; the last unit cannot be.
    expect(forecast.waitingLines).toEqual([4]);
    expect(byContract(forecast).GOLD?.topUp).toBe("0.000000000000000001");
  });

  it("covers a file within the balance: nothing waits, no top-up", () => {
    const forecast = forecastFunds([award(2, [GOLD, "10"])], wallet({ [GOLD]: "10" }));
    expect(forecast.waitingLines).toEqual([]);
    expect(byContract(forecast).GOLD).toMatchObject({ waitingRows: 0, topUp: "0", direct: "10" });
  });

  it("queues every row of a contract an earlier award already waits on, even when the balance would cover it", () => {
    const forecast = forecastFunds(
      [award(2, [GOLD, "1"]), award(3, [GEM, "1"])],
      wallet({ [GOLD]: "100", [GEM]: "100" }, [[[GOLD, "150"]]]),
    );
    expect(forecast.waitingLines).toEqual([2]);
    // Clearing the row means clearing the award it waits behind: 150 + 1 - 100.
    expect(byContract(forecast).GOLD).toMatchObject({ queued: "150", queuedAwards: 1, topUp: "51" });
    expect(byContract(forecast).GEM).toMatchObject({ waitingRows: 0, topUp: "0" });
  });

  it("a row with two contracts waits when either is short, and then blocks both for later rows", () => {
    const forecast = forecastFunds(
      [award(2, [GOLD, "1"], [GEM, "50"]), award(3, [GOLD, "1"]), award(4, [GEM, "1"])],
      wallet({ [GOLD]: "100", [GEM]: "10" }),
    );
    // GOLD alone would be covered, but the award is paid whole or not at all.
    expect(forecast.waitingLines).toEqual([2, 3, 4]);
    expect(byContract(forecast).GOLD).toMatchObject({ waitingRows: 2, topUp: "0" });
    expect(byContract(forecast).GEM).toMatchObject({ waitingRows: 2, topUp: "41" });
  });

  it("adds two lines of one contract in one row before comparing with the balance", () => {
    const forecast = forecastFunds([award(2, [GOLD, "6"], [GOLD, "6"])], wallet({ [GOLD]: "10" }));
    expect(forecast.waitingLines).toEqual([2]);
    expect(byContract(forecast).GOLD?.topUp).toBe("2");
  });

  it("names the contract of a queued award that a waiting row depends on, with its top-up", () => {
    // The queued award needs SHARD (short) and GOLD; the file's GOLD row waits behind it, so
    // clearing the row needs SHARD funded although the file has no SHARD row.
    const forecast = forecastFunds(
      [award(2, [GOLD, "1"])],
      wallet({ [GOLD]: "100", [SHARD]: "5", [GEM]: "0" }, [
        [
          [SHARD, "20"],
          [GOLD, "3"],
        ],
        [[GEM, "7"]],
      ]),
    );
    expect(forecast.waitingLines).toEqual([2]);
    expect(forecast.contracts.map((c) => c.symbol)).toEqual(["GOLD", "SHARD"]);
    expect(byContract(forecast).GOLD).toMatchObject({ topUp: "0", queued: "3" });
    expect(byContract(forecast).SHARD).toMatchObject({ topUp: "15", directRows: 0, waitingRows: 0 });
  });

  it("compares contract GUIDs in any case", () => {
    const forecast = forecastFunds([award(2, [GOLD.toUpperCase(), "11"])], wallet({ [GOLD]: "10" }));
    expect(forecast.contracts).toHaveLength(1);
    expect(byContract(forecast).GOLD?.topUp).toBe("1");
  });

  it("takes only the file's direct rows: an allowance needs no funds", () => {
    const row = (line: number, mode: BulkRow["mode"]): BulkRow => ({
      line,
      customerId: "p",
      tokenGuid: "t",
      symbol: "GOLD",
      contractGuid: GOLD,
      chain: "DB",
      amount: "1",
      mode,
      wallet: mode === "direct" ? "w" : "",
      mintable: false,
    });
    expect(directAwards([row(2, "allowance"), row(3, "direct")])).toEqual([
      { line: 3, lines: [{ contractGuid: GOLD, amount: "1", symbol: "GOLD", chain: "DB" }] },
    ]);
  });

  it("funding every top-up it names lets the whole file settle behind the queue, by the service's own rule", () => {
    const contract = fc.constantFrom(GOLD, GEM, SHARD);
    const amount = fc.constantFrom("0", "0.5", "1", "2", "3.25", "7", "0.000000000000000001");
    const lines = fc.uniqueArray(
      fc.tuple(
        contract,
        amount.filter((a) => a !== "0"),
      ),
      {
        minLength: 1,
        maxLength: 2,
        selector: ([c]) => c,
      },
    );
    fc.assert(
      fc.property(
        fc.tuple(amount, amount, amount),
        fc.array(lines, { maxLength: 3 }),
        fc.array(lines, { minLength: 1, maxLength: 6 }),
        ([gold, gem, shard], queue, rows) => {
          const before = wallet({ [GOLD]: gold, [GEM]: gem, [SHARD]: shard }, queue);
          const file = rows.map((row, index) => award(index + 2, ...row));
          const forecast = forecastFunds(file, before);
          const funded = new Map(
            before.Balances.map((b) => {
              const topUp = forecast.contracts.find((c) => c.contractGuid === b.ContractGuid)?.topUp ?? "0";
              return [b.ContractGuid, sumDecimals([b.Amount, topUp])];
            }),
          );
          const asPlan = (award: [string, string][]) => ({
            lines: award.map(([contract, amount]) => ({ contract, amount })),
          });
          // The queue first (oldest), then the file's rows in file order: every row settles.
          const settled = planSettlement([...queue, ...rows].map(asPlan), funded);
          const rowsSettled = settled.filter((index) => index >= queue.length).length;
          expect(rowsSettled).toBe(rows.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
