import { describe, expect, it } from "vitest";
import { accountKey, LedgerModel, type ModelAward, type ModelFunding } from "./ledger-model";

const direct = (requestId: string, lines: [contract: number, amount: bigint][], body = "b"): ModelAward => ({
  kind: "award",
  requestId,
  body,
  customer: "ann",
  isAllowance: false,
  wallet: "w",
  lines: lines.map(([contract, amount]) => ({ contract, amount })),
});
const funding = (requestId: string, lines: [contract: number, amount: bigint][]): ModelFunding => ({
  kind: "funding",
  requestId,
  body: "f",
  lines: lines.map(([contract, amount]) => ({ contract, amount })),
});

describe("the ledger model (docs/service.md, Awards and The ledger)", () => {
  it("pays a covered direct award and queues one the wallet does not cover, whole", () => {
    const model = new LedgerModel();
    model.open(0, "project", 5n);
    expect(model.award(direct("a", [[0, 3n]]))).toEqual({ status: "Completed" });
    expect(
      model.award(
        direct("b", [
          [0, 1n],
          [1, 1n],
        ]),
      ),
    ).toEqual({ status: "Queued" });
    expect(model.balances.get(accountKey(0, "project"))).toBe(2n);
    expect(model.balances.get(accountKey(0, "wallet", "ann", "w"))).toBe(3n);
    expect(model.queue.map((a) => a.requestId)).toEqual(["b"]);
  });

  it("queues a covered award behind a waiting one on its contract, and a funding settles both in order", () => {
    const model = new LedgerModel();
    model.open(0, "project", 5n);
    model.award(direct("big", [[0, 9n]]));
    expect(model.award(direct("small", [[0, 1n]]))).toEqual({ status: "Queued" });
    expect(model.fund(funding("f1", [[0, 5n]]))).toEqual({ settled: ["big", "small"] });
    expect(model.awardStatuses()).toEqual(
      new Map([
        ["big", "Completed"],
        ["small", "Completed"],
      ]),
    );
    expect(model.nonZeroBalances().get(accountKey(0, "project"))).toBeUndefined();
  });

  it("answers a replay with the stored outcome, and another body or kind with a conflict", () => {
    const model = new LedgerModel();
    model.award(direct("a", [[0, 1n]]));
    expect(model.award(direct("A", [[0, 1n]]))).toEqual({ status: "Queued" });
    expect(model.award(direct("a", [[0, 2n]], "other"))).toEqual({ conflict: "award" });
    expect(model.fund(funding("a", [[0, 1n]]))).toEqual({ conflict: "award" });
    expect(model.fund(funding("f", [[0, 1n]]))).toEqual({ settled: ["a"] });
    expect(model.fund(funding("F", [[0, 1n]]))).toEqual({ settled: ["a"] });
    expect(model.balances.get(accountKey(0, "project"))).toBe(0n);
  });

  it("keeps every contract's balances summing to zero", () => {
    const model = new LedgerModel();
    model.open(0, "allowance", 2n, "bo");
    model.award({ ...direct("x", [[1, 4n]]), isAllowance: true, wallet: "" });
    model.fund(funding("f", [[0, 3n]]));
    const perContract = new Map<string, bigint>();
    for (const [key, units] of model.balances) {
      const contract = key.split("|")[0] as string;
      perContract.set(contract, (perContract.get(contract) ?? 0n) + units);
    }
    expect([...perContract.values()]).toEqual([0n, 0n]);
  });
});
