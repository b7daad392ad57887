import { type SQL, sql } from "drizzle-orm";
import { likeLiteral } from "@/common/sql-like";
import {
  type CustomerSearchQuery,
  type FoundCustomer,
  SEARCH_MATCHES,
  SEARCH_PAGE_DEFAULT,
  type SearchMatch,
} from "@/lib/contract/customer-search";
import type { ServiceDb } from "../db/connection";
import { ServiceError } from "./service-error";
import { rows } from "./sql-rows";

/**
 * Customer search (docs/service.md, "Customer search"): the customers of a project whose
 * CustomerID contains a fragment, or one of whose wallets starts with it, case-insensitive. A
 * customer is listed once, under its best match — the whole ID, its start, a wallet's start,
 * anywhere in the ID — and within a match in the order of the lower-cased ID (byte order).
 *
 * Each kind of match is one query that walks an index in the page's order and stops at the page's
 * end (migration 0020): the ID's start and the wallets' start are ranges of a byte-ordered b-tree
 * (`collate "C"`), "anywhere" is a trigram index (pg_trgm) or that same b-tree, as the planner
 * judges cheaper. A page takes the kinds in turn until it is full; a cursor names where it stopped.
 */

/**
 * Of the IDs that contain a fragment, how many a search ranks (in key order) at most; when more
 * contain it, the answer says `Capped` and the console asks for more characters.
 */
export const CONTAINS_RANKED = 200;

/** The lower-cased ID as the b-tree orders it. */
const ID_KEY = sql.raw(`lower(c.customer_id) collate "C"`);
const WALLET_KEY = sql.raw(`lower(a.wallet) collate "C"`);

/**
 * Where a page stopped: the match, the key of its last customer (the lower-cased ID, or for a
 * wallet match its least matching wallet), and that customer's row id to break ties.
 */
interface Cursor {
  match: SearchMatch;
  key: string;
  id: number;
}

const badCursor = () =>
  new ServiceError(
    "INVALID_REQUEST",
    400,
    "Query parameter cursor must be the NextCursor of an earlier page.",
  );

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.match, cursor.key, cursor.id])).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 3) throw badCursor();
  const [match, key, id] = value as [unknown, unknown, unknown];
  if (
    !SEARCH_MATCHES.includes(match as SearchMatch) ||
    typeof key !== "string" ||
    !Number.isSafeInteger(id) ||
    (id as number) < 1
  )
    throw badCursor();
  return { match: match as SearchMatch, key, id: id as number };
}

interface Found {
  id: number;
  customer_id: string;
  key: string;
  /** The contains kind: how many IDs containing the fragment it ranked (at most CONTAINS_RANKED). */
  hits?: number;
}

/**
 * One kind of match, in page order, after `after` (the page's last row of this kind), at most
 * `limit` rows. `fold` is the fragment lower-cased by the database, as the keys are; the prefix
 * range is [fold, fold || U+10FFFF): in byte order exactly the keys that start with fold, but for
 * one whose next character is U+10FFFF itself, which is then found as a "contains" match.
 */
export function branchQuery(
  match: SearchMatch,
  projectId: number,
  fragment: string,
  after: Cursor | null,
  limit: number,
): SQL {
  const fold = sql`lower(${fragment}) collate "C"`;
  const inRange = (key: SQL) => sql`(${key} >= ${fold} and ${key} < ${fold} || chr(1114111))`;
  const past = (key: SQL, id: SQL) =>
    after ? sql`and (${key}, ${id}) > (${after.key} collate "C", ${after.id})` : sql``;
  const walletInRange = (customer: SQL) =>
    sql`exists (select 1 from service.accounts a
                 where a.project_id = ${projectId} and a.kind = 'wallet' and ${inRange(WALLET_KEY)}
                   and a.customer_id = ${customer})`;
  switch (match) {
    case "exact":
      return sql`select c.id, c.customer_id, ${ID_KEY} as key from service.customers c
                  where c.project_id = ${projectId} and ${ID_KEY} = ${fold} ${past(ID_KEY, sql`c.id`)}
                  order by key, c.id limit ${limit}`;
    case "prefix":
      return sql`select c.id, c.customer_id, ${ID_KEY} as key from service.customers c
                  where c.project_id = ${projectId} and ${inRange(ID_KEY)} and ${ID_KEY} <> ${fold}
                        ${past(ID_KEY, sql`c.id`)}
                  order by key, c.id limit ${limit}`;
    case "wallet":
      // The wallets in key order, straight from the index: each customer at its least matching
      // wallet (one with a lesser one is passed over), so the walk stops at the page's end
      // however many wallets start with the fragment ("0xb": one in sixteen).
      return sql`select c.id, c.customer_id, ${WALLET_KEY} as key from service.accounts a
                   join service.customers c on c.id = a.customer_id
                  where a.project_id = ${projectId} and a.kind = 'wallet' and ${inRange(WALLET_KEY)}
                    and not exists (select 1 from service.accounts b
                                     where b.customer_id = a.customer_id and b.kind = 'wallet'
                                       and b.project_id = ${projectId} and ${inRange(sql.raw(`lower(b.wallet) collate "C"`))}
                                       and (lower(b.wallet) collate "C", b.id) < (${WALLET_KEY}, a.id))
                    and not ${inRange(ID_KEY)} ${past(WALLET_KEY, sql`a.customer_id`)}
                  order by ${WALLET_KEY}, a.customer_id limit ${limit}`;
    case "contains":
      // The first CONTAINS_RANKED IDs that contain the fragment, in no order (the trigram index,
      // or a scan that stops early when many IDs match), then the page of those in key order: a
      // fragment in a quarter of a million IDs ("tea" of every "steam:…") costs about what a
      // rarer one costs, where ordering them all would read and sort every one.
      return sql`with hits as materialized (
                   select c.id, c.customer_id, ${ID_KEY} as key from service.customers c
                    where c.project_id = ${projectId}
                      and lower(c.customer_id) like '%' || lower(${likeLiteral(fragment)}) || '%'
                    limit ${CONTAINS_RANKED})
                 select h.id, h.customer_id, h.key, (select count(*)::int from hits) as hits from hits h
                  where not ${inRange(sql`h.key`)} and not ${walletInRange(sql`h.id`)} ${past(sql`h.key`, sql`h.id`)}
                  order by h.key, h.id limit ${limit}`;
  }
}

interface Extras {
  id: number;
  wallets: string[] | null;
  token_count: number;
  last_activity: string | null;
}

/** What a page shows of each customer: the wallets that matched, how many tokens it holds, its latest award or reversal. */
function extras(ids: readonly number[], fragment: string): SQL {
  const fold = sql`lower(${fragment}) collate "C"`;
  return sql`select c.id,
      (select array_agg(a.wallet order by ${WALLET_KEY}) from service.accounts a
        where a.customer_id = c.id and a.kind = 'wallet'
          and ${WALLET_KEY} >= ${fold} and ${WALLET_KEY} < ${fold} || chr(1114111)) as wallets,
      (select count(distinct k.token_id)::int from service.accounts a
         join service.contracts k on k.id = a.contract_id
        where a.customer_id = c.id and a.balance > 0) as token_count,
      to_char(greatest(
        (select max(coalesce(w.completed_at, w.created_at)) from service.awards w where w.customer_id = c.id),
        (select max(r.created_at) from service.reversals r join service.awards w on w.id = r.award_id
          where w.customer_id = c.id)
      ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_activity
    from service.customers c where c.id = any(${`{${ids.join(",")}}`}::int[])`;
}

/** One page of a search (the contract's query already checked: q has 3 characters or more). */
export async function searchCustomers(
  db: ServiceDb,
  projectId: number,
  query: CustomerSearchQuery,
): Promise<{ Customers: FoundCustomer[]; NextCursor: string; Capped: boolean }> {
  const limit = query.limit ? Number(query.limit) : SEARCH_PAGE_DEFAULT;
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const start = cursor ? SEARCH_MATCHES.indexOf(cursor.match) : 0;
  const found: (Found & { match: SearchMatch })[] = [];
  let capped = false;
  const kinds = SEARCH_MATCHES.slice(start);
  const after = (match: SearchMatch) => (cursor?.match === match ? cursor : null);
  // One more than the page: whether a next page exists, without counting. The index walks (exact,
  // prefix, wallet) go in one statement, each stopping at the page's end; "contains" only when
  // they leave the page short — a round trip each cost more than their work.
  const walks = kinds.filter((match) => match !== "contains");
  if (walks.length > 0) {
    const each = walks.map(
      (match) =>
        sql`(select ${SEARCH_MATCHES.indexOf(match)}::int as rank, w.* from (${branchQuery(match, projectId, query.q, after(match), limit + 1)}) w)`,
    );
    const page = await rows<Found & { rank: number }>(
      db,
      sql`select * from (${sql.join(each, sql` union all `)}) walks
           order by rank, key collate "C", id limit ${limit + 1}`,
    );
    found.push(
      ...page.map((row) => ({
        ...row,
        id: Number(row.id),
        match: SEARCH_MATCHES[Number(row.rank)] as SearchMatch,
      })),
    );
  }
  if (found.length <= limit && kinds.includes("contains")) {
    const page = await rows<Found>(
      db,
      branchQuery("contains", projectId, query.q, after("contains"), limit + 1 - found.length),
    );
    found.push(...page.map((row) => ({ ...row, id: Number(row.id), match: "contains" as const })));
    capped = page.some((row) => Number(row.hits) >= CONTAINS_RANKED);
  }
  const shown = found.slice(0, limit);
  const more = await rows<Extras>(
    db,
    extras(
      shown.map((row) => row.id),
      query.q,
    ),
  );
  const byId = new Map(more.map((row) => [Number(row.id), row]));
  const last = shown[shown.length - 1];
  return {
    Customers: shown.map((row) => {
      const extra = byId.get(row.id);
      return {
        CustomerID: row.customer_id,
        Match: row.match,
        Wallets: extra?.wallets ?? [],
        TokenCount: Number(extra?.token_count ?? 0),
        LastActivity: extra?.last_activity ?? "",
      };
    }),
    NextCursor:
      found.length > limit && last ? encodeCursor({ match: last.match, key: last.key, id: last.id }) : "",
    Capped: capped,
  };
}
