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

export interface Move {
  from: number;
  to: number;
  /** Canonical decimal text, > 0. */
  amount: string;
}

const ownerKey = (o: AccountOwner) => `${o.contractId}|${o.kind}|${o.customerId ?? ""}|${o.wallet}`;

/** Account ids for the given owners, created on first use. */
export async function ensureAccounts(
  db: ServiceDb,
  projectId: number,
  owners: readonly AccountOwner[],
): Promise<Map<string, number>> {
  const unique = [...new Map(owners.map((o) => [ownerKey(o), o])).values()];
  if (unique.length === 0) return new Map();
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
  const found = await rows<{
    id: string | number;
    contract_id: number;
    kind: AccountKind;
    customer_id: number | null;
    wallet: string;
  }>(
    db,
    sql`select a.id, a.contract_id, a.kind, a.customer_id, a.wallet
          from service.accounts a
          join unnest(${sql.param(contractIds)}::int[], ${sql.param(kinds)}::text[],
                      ${sql.param(customerIds)}::int[], ${sql.param(wallets)}::text[]) as t(c, k, cu, w)
            on a.contract_id = t.c and a.kind = t.k and a.customer_id is not distinct from t.cu and a.wallet = t.w`,
  );
  return new Map(
    found.map((a) => [
      ownerKey({ contractId: a.contract_id, kind: a.kind, customerId: a.customer_id, wallet: a.wallet }),
      Number(a.id),
    ]),
  );
}

export function accountId(accounts: Map<string, number>, owner: AccountOwner): number {
  const id = accounts.get(ownerKey(owner));
  if (id === undefined) throw new Error(`No ledger account for ${ownerKey(owner)}`);
  return id;
}

/**
 * Locks accounts in id order. Callers lock the project wallet accounts they decide on first
 * (always in id order too), then any others — so two transactions never wait on each other in
 * a cycle.
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

/** Writes one ledger transaction: its postings and the balances they change, together. */
export async function post(
  db: ServiceDb,
  entry: { projectId: number; kind: TransactionKind; awardId: number | null; moves: readonly Move[] },
): Promise<void> {
  if (entry.moves.length === 0) return;
  const [transaction] = await rows<{ id: string | number }>(
    db,
    sql`insert into service.ledger_transactions (project_id, kind, award_id)
        values (${entry.projectId}, ${entry.kind}, ${entry.awardId}) returning id`,
  );
  if (!transaction) throw new Error("The ledger transaction was not stored.");
  const deltas = new Map<number, bigint>();
  const accountIds: number[] = [];
  const amounts: string[] = [];
  for (const move of entry.moves) {
    const units = toUnits(move.amount);
    accountIds.push(move.from, move.to);
    amounts.push(fromUnits(-units), fromUnits(units));
    deltas.set(move.from, (deltas.get(move.from) ?? 0n) - units);
    deltas.set(move.to, (deltas.get(move.to) ?? 0n) + units);
  }
  await lockAccounts(db, [...deltas.keys()]);
  await db.execute(sql`
    insert into service.postings (transaction_id, account_id, amount)
    select ${transaction.id}, a, m from unnest(${sql.param(accountIds)}::bigint[], ${sql.param(amounts)}::numeric[]) as t(a, m)`);
  await db.execute(sql`
    update service.accounts a set balance = a.balance + d.delta
      from unnest(${sql.param([...deltas.keys()])}::bigint[],
                  ${sql.param([...deltas.values()].map(fromUnits))}::numeric[]) as d(id, delta)
     where a.id = d.id`);
}
