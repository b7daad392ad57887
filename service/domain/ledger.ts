import { sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";

/**
 * The double-entry ledger (docs/service.md, "The ledger"). Every movement is a transaction of
 * postings that sum to zero per contract; account balances change in the same database
 * transaction, and the `balance >= 0` CHECK on every account but the outside world makes an
 * overdraft impossible even under a bug.
 *
 * Every money movement is written by a database function — awards, fundings and settlement
 * (called from ./awards.ts) and an import's opening balances (below) — so the ledger's rules
 * have one home (migration 0004). Their model is ./ledger-model.ts.
 */

/** One opening balance of an import: a project wallet, a customer's wallet or allowance. */
export interface OpeningBalance {
  contractId: number;
  kind: "project" | "wallet" | "allowance";
  customerId: number | null;
  /** Destination wallet for `wallet` balances; "" otherwise. */
  wallet: string;
  /** Canonical decimal text, > 0. */
  amount: string;
}

/**
 * Posts an import's opening balances as one ledger transaction from the outside world
 * (`service.import_opening_balances`): holdings of one owner add up into one account, created in
 * the order the holdings are given.
 */
export async function postOpeningBalances(
  db: ServiceDb,
  projectId: number,
  balances: readonly OpeningBalance[],
): Promise<void> {
  if (balances.length === 0) return;
  const column = <T>(pick: (b: OpeningBalance) => T, type: string) =>
    sql`${sql.param(balances.map(pick))}::${sql.raw(type)}[]`;
  await db.execute(
    sql`select service.import_opening_balances(${projectId}, ${column((b) => b.contractId, "int")},
          ${column((b) => b.kind, "text")}, ${column((b) => b.customerId, "int")},
          ${column((b) => b.wallet, "text")}, ${column((b) => b.amount, "numeric")})`,
  );
}
