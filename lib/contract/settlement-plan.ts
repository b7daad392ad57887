import { toUnits, type Units } from "./decimal";

/**
 * The queue rule (docs/service.md, "Awards (rules 13–17)": strict FIFO per contract), as one pure
 * function that both programs apply: the service's ledger model (service/domain/ledger-model.ts,
 * which its SQL functions are tested against) and the console's funds forecast of a bulk file
 * (lib/bulk/funds.ts). The executing rule is the service's SQL; this is its statement in code.
 *
 * Direct awards are scanned oldest first. An award settles — is *covered* — when the balances left
 * cover every one of its contracts (its lines on one contract added up) and no earlier award that
 * shares a contract with it still waits. An award is paid whole or waits whole; a waiting award
 * blocks all of its contracts for every award behind it, so funding one contract can release an
 * award that waited on another. Amounts are exact decimal text (lib/contract/decimal.ts), never
 * a JavaScript number. Plain code, no imports but the decimals: the browser may load it too.
 */

export interface PlanLine<Contract> {
  contract: Contract;
  /** Exact decimal text, > 0. */
  amount: string;
}

export interface PlanAward<Contract> {
  lines: readonly PlanLine<Contract>[];
}

/**
 * Which of `awards` (oldest first) settle, as their indexes in order. `balances` holds what the
 * wallet has per contract (a contract it lacks has nothing); `waiting` are awards already waiting
 * ahead of all of them, which settle no more in this scan but block their contracts (the queue
 * a new award arrives behind). Contracts are compared with `===`: hand them in one spelling.
 */
export function planSettlement<Contract>(
  awards: readonly PlanAward<Contract>[],
  balances: ReadonlyMap<Contract, string>,
  waiting: readonly PlanAward<Contract>[] = [],
): number[] {
  const left = new Map<Contract, Units>();
  for (const [contract, amount] of balances) left.set(contract, toUnits(amount));
  const blocked = new Set<Contract>();
  for (const award of waiting) for (const line of award.lines) blocked.add(line.contract);
  const settled: number[] = [];
  awards.forEach((award, index) => {
    const needs = awardNeeds(award);
    const free = [...needs.keys()].every((contract) => !blocked.has(contract));
    const covered = [...needs].every(([contract, amount]) => (left.get(contract) ?? 0n) >= amount);
    if (free && covered) {
      for (const [contract, amount] of needs) left.set(contract, (left.get(contract) ?? 0n) - amount);
      settled.push(index);
    } else {
      for (const contract of needs.keys()) blocked.add(contract);
    }
  });
  return settled;
}

/** What an award needs of each of its contracts: its lines on one contract added up. */
function awardNeeds<Contract>(award: PlanAward<Contract>): Map<Contract, Units> {
  const needs = new Map<Contract, Units>();
  for (const line of award.lines)
    needs.set(line.contract, (needs.get(line.contract) ?? 0n) + toUnits(line.amount));
  return needs;
}
