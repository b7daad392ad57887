/**
 * The queue rule (DESIGN §3 rule 15), as a pure function: scan queued awards oldest first; an
 * award settles when the balances cover all its lines and no earlier award that shares a
 * contract with it still waits. A waiting award blocks its contracts for everything after it,
 * so the order per contract is strict FIFO — and funding one contract can release an award that
 * waited on another.
 */
export interface PlannedAward {
  id: number;
  lines: readonly { contractId: number; amount: bigint }[];
}

/** Ids of the awards that settle, in order. `balances` (units per contract) is not modified. */
export function planSettlement(
  queue: readonly PlannedAward[],
  balances: ReadonlyMap<number, bigint>,
): number[] {
  const left = new Map(balances);
  const blocked = new Set<number>();
  const settled: number[] = [];
  for (const award of queue) {
    const needs = new Map<number, bigint>();
    for (const line of award.lines)
      needs.set(line.contractId, (needs.get(line.contractId) ?? 0n) + line.amount);
    const free = [...needs.keys()].every((contractId) => !blocked.has(contractId));
    const covered = [...needs].every(([contractId, amount]) => (left.get(contractId) ?? 0n) >= amount);
    if (free && covered) {
      for (const [contractId, amount] of needs) left.set(contractId, (left.get(contractId) ?? 0n) - amount);
      settled.push(award.id);
    } else {
      for (const contractId of needs.keys()) blocked.add(contractId);
    }
  }
  return settled;
}
