import { describe, expect, it } from "vitest";
import { planSettlement } from "./settlement";

const award = (id: number, ...lines: [contractId: number, amount: bigint][]) => ({
  id,
  lines: lines.map(([contractId, amount]) => ({ contractId, amount })),
});

describe("settlement order (DESIGN §3 rule 15)", () => {
  it("settles oldest first while funds last", () => {
    const queue = [award(1, [1, 5n]), award(2, [1, 5n]), award(3, [1, 5n])];
    expect(planSettlement(queue, new Map([[1, 10n]]))).toEqual([1, 2]);
  });

  it("never lets a later award overtake a waiting one on the same contract", () => {
    // Award 1 needs 20 and waits; award 2 needs only 1 but is behind it.
    const queue = [award(1, [1, 20n]), award(2, [1, 1n])];
    expect(planSettlement(queue, new Map([[1, 10n]]))).toEqual([]);
  });

  it("an award waiting on contract A does not block awards on other contracts", () => {
    const queue = [award(1, [1, 20n]), award(2, [2, 1n])];
    expect(
      planSettlement(
        queue,
        new Map([
          [1, 10n],
          [2, 1n],
        ]),
      ),
    ).toEqual([2]);
  });

  it("a waiting multi-contract award blocks every contract it touches, transitively", () => {
    // 1 waits on A (and so blocks B); 2 wants B and waits; 3 wants C and B's waiter shares C.
    const queue = [award(1, [1, 99n], [2, 1n]), award(2, [2, 1n], [3, 1n]), award(3, [3, 1n])];
    expect(
      planSettlement(
        queue,
        new Map([
          [1, 0n],
          [2, 10n],
          [3, 10n],
        ]),
      ),
    ).toEqual([]);
  });

  it("funding one contract releases an award that also needed another", () => {
    const queue = [award(1, [1, 5n], [2, 5n]), award(2, [2, 5n])];
    expect(
      planSettlement(
        queue,
        new Map([
          [1, 5n],
          [2, 10n],
        ]),
      ),
    ).toEqual([1, 2]);
    expect(
      planSettlement(
        queue,
        new Map([
          [1, 4n],
          [2, 10n],
        ]),
      ),
    ).toEqual([]);
  });

  it("pays an award whole or not at all, and sums its lines per contract", () => {
    const queue = [award(1, [1, 6n], [1, 6n])];
    expect(planSettlement(queue, new Map([[1, 11n]]))).toEqual([]);
    expect(planSettlement(queue, new Map([[1, 12n]]))).toEqual([1]);
  });

  it("does not modify the balances it is given", () => {
    const balances = new Map([[1, 10n]]);
    planSettlement([award(1, [1, 10n])], balances);
    expect(balances.get(1)).toBe(10n);
  });
});
