import { sql } from "drizzle-orm";
import { fromUnits, toUnits } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import type { AccountKind, TransactionKind } from "../db/schema";
import { rows } from "./sql-rows";

/**
 * The double-entry ledger (DESIGN §5). Every movement is a transaction of postings that sum to
 * zero per contract; account balances change in the same database transaction, and the
 * `balance >= 0` CHECK on every account but the outside world makes an overdraft impossible
 * even under a bug.
 */

export interface AccountOwner {
  contractId: number;
  kind: AccountKind;
  customerId: number | null;
  wallet: string;
}

/**
 * One side of a move. A customer's account (wallet or allowance) always belongs to the customer
 * of the award being posted, so a leg names only the contract, the kind and the wallet.
 */
export interface LegAccount {
  contractId: number;
  kind: AccountKind;
  /** Destination wallet for `wallet` accounts; "" otherwise. */
  wallet: string;
}

export interface Move {
  from: LegAccount;
  to: LegAccount;
  /** Canonical decimal text, > 0. */
  amount: string;
}

const ownerKey = (o: AccountOwner) => `${o.contractId}|${o.kind}|${o.customerId ?? ""}|${o.wallet}`;

/**
 * Creates the accounts of the given owners that do not exist yet, so that a caller can lock a
 * complete set of them. (Posting creates what it needs by itself.)
 */
export async function ensureAccounts(
  db: ServiceDb,
  projectId: number,
  owners: readonly AccountOwner[],
): Promise<void> {
  const unique = [...new Map(owners.map((o) => [ownerKey(o), o])).values()];
  if (unique.length === 0) return;
  const contractIds = unique.map((o) => o.contractId);
  const kinds = unique.map((o) => o.kind);
  const customerIds = unique.map((o) => o.customerId);
  const wallets = unique.map((o) => o.wallet);
  await db.execute(sql`
    insert into service.accounts (project_id, contract_id, kind, customer_id, wallet)
    select ${projectId}, c, k, cu, w
      from unnest(${sql.param(contractIds)}::int[], ${sql.param(kinds)}::text[],
                  ${sql.param(customerIds)}::int[], ${sql.param(wallets)}::text[]) as t(c, k, cu, w)
    on conflict on constraint accounts_owner_key do nothing`);
}

/**
 * Locks accounts in id order. Callers lock the project wallet accounts they decide on first
 * (always in id order), and posting then takes the others in its own single order (see
 * `service.post_ledger`) — so two transactions never wait on each other in a cycle.
 */
export async function lockAccounts(db: ServiceDb, ids: readonly number[]): Promise<Map<number, bigint>> {
  if (ids.length === 0) return new Map();
  const locked = await rows<{ id: string | number; balance: string }>(
    db,
    sql`select id, balance::text as balance from service.accounts
         where id = any(${sql.param([...new Set(ids)])}::bigint[]) order by id for update`,
  );
  return new Map(locked.map((a) => [Number(a.id), toUnits(a.balance)]));
}

/**
 * Writes one ledger transaction: its postings and the balances they change, together (the
 * `service.post_ledger` function of migration 0002, which also creates the accounts it needs and
 * documents the lock order). Wallet and allowance accounts are those of `customerId`.
 */
export async function post(
  db: ServiceDb,
  entry: {
    projectId: number;
    kind: TransactionKind;
    awardId: number | null;
    customerId: number | null;
    moves: readonly Move[];
  },
): Promise<void> {
  if (entry.moves.length === 0) return;
  const legs: { account: LegAccount; amount: string }[] = [];
  for (const move of entry.moves) {
    const units = toUnits(move.amount);
    legs.push(
      { account: move.from, amount: fromUnits(-units) },
      { account: move.to, amount: fromUnits(units) },
    );
  }
  const column = <T>(pick: (leg: (typeof legs)[number]) => T, type: string) =>
    sql`${sql.param(legs.map(pick))}::${sql.raw(type)}[]`;
  await db.execute(
    sql`select service.post_ledger(${entry.projectId}, ${entry.kind}, ${entry.awardId}::bigint, ${entry.customerId}::int,
          ${column((l) => l.account.contractId, "int")}, ${column((l) => l.account.kind, "text")},
          ${column((l) => l.account.wallet, "text")}, ${column((l) => l.amount, "numeric")})`,
  );
}
