import { describe, expect, it } from "vitest";
import { planSettlement } from "./settlement-plan";

const award = (...lines: [contract: number, amount: string][]) => ({
  lines: lines.map(([contract, amount]) => ({ contract, amount })),
});
const wallet = (...balances: [contract: number, amount: string][]) => new Map(balances);

describe("the settlement plan (docs/service.md, Awards: strict FIFO per contract)", () => {
  it("settles oldest first while funds last", () => {
    const queue = [award([1, "5"]), award([1, "5"]), award([1, "5"])];
    expect(planSettlement(queue, wallet([1, "10"]))).toEqual([0, 1]);
  });

  it("never lets a later award overtake a waiting one on the same contract", () => {
    // The first needs 20 and waits; the second needs only 1 but is behind it.
    expect(planSettlement([award([1, "20"]), award([1, "1"])], wallet([1, "10"]))).toEqual([]);
  });

  it("an award waiting on one contract does not block awards on other contracts", () => {
    expect(planSettlement([award([1, "20"]), award([2, "1"])], wallet([1, "10"], [2, "1"]))).toEqual([1]);
  });

  it("a waiting multi-contract award blocks every contract it touches, transitively", () => {
    // 0 waits on 1 (and so blocks 2); 1 wants 2 and waits (blocking 3); 2 wants 3 and waits.
    const queue = [award([1, "99"], [2, "1"]), award([2, "1"], [3, "1"]), award([3, "1"])];
    expect(planSettlement(queue, wallet([1, "0"], [2, "10"], [3, "10"]))).toEqual([]);
  });

  it("funding one contract releases an award that also needed another", () => {
    const queue = [award([1, "5"], [2, "5"]), award([2, "5"])];
    expect(planSettlement(queue, wallet([1, "5"], [2, "10"]))).toEqual([0, 1]);
    expect(planSettlement(queue, wallet([1, "4"], [2, "10"]))).toEqual([]);
  });

  it("pays an award whole or not at all, and adds up its lines per contract", () => {
    const queue = [award([1, "6"], [1, "6"])];
    expect(planSettlement(queue, wallet([1, "11.999999999999999999"]))).toEqual([]);
    expect(planSettlement(queue, wallet([1, "12"]))).toEqual([0]);
  });

  it("compares exact decimals: 18 decimal places, no floating point", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point, which 0.3 would not cover.
    expect(planSettlement([award([1, "0.1"], [1, "0.2"])], wallet([1, "0.3"]))).toEqual([0]);
    expect(
      planSettlement(
        [award([1, "1000000000000000000000.000000000000000001"])],
        wallet([1, "1000000000000000000000"]),
      ),
    ).toEqual([]);
  });

  it("an award arriving behind waiting awards waits while one of them shares a contract, even when covered", () => {
    const queued = [award([1, "50"])];
    expect(planSettlement([award([1, "1"])], wallet([1, "10"]), queued)).toEqual([]);
    expect(planSettlement([award([2, "1"])], wallet([1, "10"], [2, "1"]), queued)).toEqual([0]);
  });

  it("a contract the wallet does not hold covers nothing", () => {
    expect(planSettlement([award([7, "0.000000000000000001"])], wallet())).toEqual([]);
  });
});
