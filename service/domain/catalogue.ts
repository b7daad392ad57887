import { type SQL, sql } from "drizzle-orm";
import { PRODUCT_TYPES, type Price, type Product, type ProjectToken } from "@/lib/contract/catalogue";
import { canonicalDecimal } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import { rows, wireDate } from "./sql-rows";

/** Catalogue reads (spec §4.1, §4.2, §4.6; docs/service.md, rules 5, 6, 8, 9, 12). Lists keep fixture order. */

interface ProductRow {
  id: number;
  guid: string;
  is_unlimited: boolean;
  amount: string | null;
  image_url: string;
  type: number;
  texts: { l: string; t: "Title" | "Description"; v: string }[];
}

// Texts ride along as one JSON array per product: one round trip for the whole list.
const productColumns = sql`p.id, p.guid_text as guid, p.is_unlimited, p.amount::text as amount, p.image_url, p.type,
  coalesce((select json_agg(json_build_object('l', x.language, 't', x.type, 'v', x.value) order by x.position)
              from service.product_texts x where x.product_id = p.id), '[]'::json) as texts`;

function toProduct(row: ProductRow): Product {
  const languages: Record<string, { Value: string; Type: "Title" | "Description" }[]>[] = [];
  let current: { code: string; entries: { Value: string; Type: "Title" | "Description" }[] } | null = null;
  for (const text of row.texts) {
    if (!current || current.code !== text.l) {
      current = { code: text.l, entries: [] };
      languages.push({ [text.l]: current.entries });
    }
    current.entries.push({ Value: text.v, Type: text.t });
  }
  return {
    Guid: row.guid,
    IsUnlimited: row.is_unlimited,
    Amount: row.amount === null ? "" : canonicalDecimal(row.amount),
    ImageUrl: row.image_url,
    Type: String(row.type),
    Languages: languages,
  };
}

async function selectProducts(db: ServiceDb, where: SQL): Promise<ProductRow[]> {
  return rows<ProductRow>(
    db,
    sql`select ${productColumns} from service.products p where ${where} order by p.id`,
  );
}

/** `GET /Products`: the active products and the whole type table. */
export async function listProducts(db: ServiceDb, projectId: number) {
  const products = await selectProducts(db, sql`p.project_id = ${projectId} and p.active`);
  return { Types: PRODUCT_TYPES.map((t) => ({ ...t })), Products: products.map(toProduct) };
}

export type ChainFilter = "all" | string[];

/**
 * `GET /Prices`: active prices on the chosen chains (names compared case-insensitively; `FIAT`
 * is a chain name here), valid now unless `includeAll`. Inactive products are left out of
 * each price's list.
 */
export async function listPrices(
  db: ServiceDb,
  projectId: number,
  options: { chains: ChainFilter; includeAll: boolean; now?: Date },
): Promise<Price[]> {
  const now = options.now ?? new Date();
  const chainFilter =
    options.chains === "all"
      ? sql``
      : sql`and upper(pr.chain) = any(${sql.param(options.chains.map((c) => c.toUpperCase()))}::text[])`;
  const window = options.includeAll
    ? sql``
    : sql`and (pr.from_date is null or pr.from_date <= ${now.toISOString()}::timestamptz)
          and (pr.to_date is null or pr.to_date >= ${now.toISOString()}::timestamptz)`;
  const prices = await rows<{
    guid: string;
    currency: string;
    amount: string;
    discount_amount: string;
    discount_is_percentage: boolean;
    tax_included: boolean;
    chain: string;
    from_date: Date | string | null;
    to_date: Date | string | null;
    from_amount: string | null;
    to_amount: string | null;
    product_ids: number[] | null;
  }>(
    db,
    sql`select pr.guid_text as guid, pr.currency, pr.amount::text as amount, pr.discount_amount::text as discount_amount,
               pr.discount_is_percentage, pr.tax_included, pr.chain, pr.from_date, pr.to_date,
               pr.from_amount::text as from_amount, pr.to_amount::text as to_amount,
               (select array_agg(pp.product_id order by pp.position) from service.price_products pp
                 where pp.price_id = pr.id) as product_ids
          from service.prices pr
         where pr.project_id = ${projectId} and pr.active ${chainFilter} ${window}
         order by pr.id`,
  );
  const productIds = [...new Set(prices.flatMap((p) => p.product_ids ?? []))];
  const products =
    productIds.length === 0
      ? []
      : await selectProducts(db, sql`p.id = any(${sql.param(productIds)}::int[]) and p.active`);
  const productById = new Map(products.map((p) => [p.id, toProduct(p)]));
  return prices.map((p) => ({
    Currency: p.currency,
    FromDate: wireDate(p.from_date),
    ToDate: wireDate(p.to_date),
    FromAmount: p.from_amount ?? "",
    ToAmount: p.to_amount ?? "",
    Amount: p.amount,
    DiscountAmount: p.discount_amount,
    DiscountIsPercentage: p.discount_is_percentage,
    TaxIncludedInPrice: p.tax_included ? "true" : "false",
    Chain: p.chain,
    PriceGuid: p.guid,
    Products: (p.product_ids ?? []).flatMap((id) => productById.get(id) ?? []),
  }));
}

/** `GET /Tokens` (project): tokens with at least one contract, each with its contracts. */
export async function listProjectTokens(db: ServiceDb, projectId: number): Promise<ProjectToken[]> {
  const found = await rows<{
    guid: string;
    symbol: string;
    name: string;
    contracts: { ChainName: string; ContractGuid: string; AddressFormat: "evm" | null }[];
  }>(
    db,
    sql`select t.guid_text as guid, t.symbol, t.name,
               json_agg(json_build_object('ChainName', ch.name, 'ContractGuid', c.guid_text, 'AddressFormat', ch.address_format) order by c.id) as contracts
          from service.tokens t
          join service.contracts c on c.token_id = t.id
          join service.chains ch on ch.id = c.chain_id
         where t.project_id = ${projectId}
         group by t.id order by t.id`,
  );
  return found.map((t) => ({ Symbol: t.symbol, Guid: t.guid, Name: t.name, Contracts: t.contracts }));
}

/**
 * The first instant (ms since the epoch) after `now` at which the prices valid now change: an
 * active price of the project starts (`FromDate ≤ now` becomes true) or ends (`now ≤ ToDate`
 * becomes false), at the millisecond resolution `listPrices` compares with. Null when none will.
 */
export async function nextPriceChange(db: ServiceDb, projectId: number, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const [found] = await rows<{ next: string | null }>(
    db,
    sql`select min(b)::text as next from (
          select ceil(extract(epoch from pr.from_date) * 1000) as b from service.prices pr
           where pr.project_id = ${projectId} and pr.active and pr.from_date > ${at}::timestamptz
          union all
          select floor(extract(epoch from pr.to_date) * 1000) + 1 from service.prices pr
           where pr.project_id = ${projectId} and pr.active and pr.to_date >= ${at}::timestamptz) boundaries`,
  );
  return found?.next == null ? null : Number(found.next);
}
