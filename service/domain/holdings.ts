import { sql } from "drizzle-orm";
import type { CustomerToken, Item } from "@/lib/contract/holdings";
import type { ServiceDb } from "../db/connection";
import { rows } from "./sql-rows";

/**
 * Player reads (spec §4.3–4.5; docs/service.md, "Resources", rules 9–11), from ledger balances. An unknown
 * customer simply holds nothing (rule 10).
 */

/** A player read with the customer's row id, which the service's caches know it by; null: none held. */
export interface CustomerRead<T> {
  customerRowId: number | null;
  list: T[];
}

/** `GET /Tokens/{key}/{project}/{CustomerID}`: the customer's tokens (see readCustomerTokens). */
export async function listCustomerTokens(
  db: ServiceDb,
  projectId: number,
  customerId: string,
): Promise<CustomerToken[]> {
  return (await readCustomerTokens(db, projectId, customerId)).list;
}

/**
 * One entry per token held, details per account, in one statement that also adds up each token's
 * total (exact NUMERIC) and writes every amount in canonical form (`trim_scale`: no trailing
 * zeros, as lib/contract/decimal's canonicalDecimal).
 */
export async function readCustomerTokens(
  db: ServiceDb,
  projectId: number,
  customerId: string,
): Promise<CustomerRead<CustomerToken>> {
  const found = await rows<{
    customer: number;
    guid: string;
    symbol: string;
    name: string;
    image: string;
    total: string;
    details: CustomerToken["Details"];
  }>(
    db,
    sql`select cu.id as customer, t.guid_text as guid, t.symbol, t.name, t.image, trim_scale(sum(a.balance))::text as total,
               json_agg(json_build_object(
                 'Wallet', case when a.kind = 'allowance' then '' else a.wallet end,
                 'Amount', trim_scale(a.balance)::text,
                 'ChainName', ch.name,
                 'ContractGuid', c.guid_text,
                 'IsAllowance', a.kind = 'allowance') order by a.id) as details
          from service.customers cu
          join service.accounts a on a.customer_id = cu.id
          join service.contracts c on c.id = a.contract_id
          join service.tokens t on t.id = c.token_id
          join service.chains ch on ch.id = c.chain_id
         where cu.project_id = ${projectId} and cu.customer_id = ${customerId} and a.balance <> 0
         group by cu.id, t.id order by t.id`,
  );
  return {
    customerRowId: found[0]?.customer ?? null,
    list: found.map((t) => ({
      Total: t.total,
      TokenSymbol: t.symbol,
      Guid: t.guid,
      Name: t.name,
      Image: t.image,
      Details: t.details,
    })),
  };
}

interface ItemRow {
  guid: string;
  name: string;
  token_id: string;
  chain: string;
  chain_symbol: string;
  attributes: { Name: string; Value: string; IsDynamic: boolean }[];
}

const itemColumns = sql`i.guid_text as guid, i.name, i.token_id::text as token_id, ch.name as chain,
  ch.symbol as chain_symbol,
  coalesce((select json_agg(json_build_object('Name', x.name, 'Value', x.value, 'IsDynamic', x.is_dynamic)
                            order by x.position)
              from service.item_attributes x where x.item_id = i.id), '[]'::json) as attributes`;

function toItem(row: ItemRow): Item {
  return {
    Chain: row.chain,
    ChainSymbol: row.chain_symbol,
    Guid: row.guid,
    Name: row.name,
    TokenID: row.token_id,
    Attributes: row.attributes,
  };
}

/** `GET /Items/{key}/{project}/{CustomerID}`: every item of the customer, on every chain. */
export async function listCustomerItems(
  db: ServiceDb,
  projectId: number,
  customerId: string,
): Promise<Item[]> {
  return (await readCustomerItems(db, projectId, customerId)).list;
}

export async function readCustomerItems(
  db: ServiceDb,
  projectId: number,
  customerId: string,
): Promise<CustomerRead<Item>> {
  const found = await rows<ItemRow & { customer: number }>(
    db,
    sql`select cu.id as customer, ${itemColumns}
          from service.customers cu
          join service.items i on i.customer_id = cu.id
          join service.chains ch on ch.id = i.chain_id
         where cu.project_id = ${projectId} and cu.customer_id = ${customerId}
         order by i.id`,
  );
  return { customerRowId: found[0]?.customer ?? null, list: found.map(toItem) };
}

/** `GET /Item/{key}/{project}/{TokenID}`: every item with that TokenID, on any chain. */
export async function listItemsByTokenId(db: ServiceDb, projectId: number, tokenId: string): Promise<Item[]> {
  const found = await rows<ItemRow>(
    db,
    sql`select ${itemColumns}
          from service.items i join service.chains ch on ch.id = i.chain_id
         where i.project_id = ${projectId} and i.token_id = ${tokenId}::numeric
         order by i.id`,
  );
  return found.map(toItem);
}
