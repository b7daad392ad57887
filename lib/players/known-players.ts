import "server-only";
import { sql } from "drizzle-orm";
import { likeLiteral } from "@/common/sql-like";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import type { FoundPlayer, PlayerMatch } from "@/lib/model/player-search";

/**
 * The Customer IDs the console knows for a project — every single award and bulk row of its
 * trail, and every player someone opened from a search or lookup — that contain `fragment`, case-insensitive, best matches first as the service ranks
 * them (the whole ID, its start, anywhere; docs/service.md, "Customer search"). For a service
 * without the search extension: the console searches what it knows itself, and says so.
 */
export async function knownPlayers(
  db: ConsoleDb,
  projectGuid: string,
  fragment: string,
  limit: number,
): Promise<FoundPlayer[]> {
  const guid = canonicalGuid(projectGuid);
  const found = (await db.execute(sql`
    select customer_id,
           case when lower(customer_id) = lower(${fragment}) then 'exact'
                when starts_with(lower(customer_id), lower(${fragment})) then 'prefix'
                else 'contains' end as match,
           to_char(max(awarded_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_activity
      from (select customer_id, created_at as awarded_at from console.awards where project_guid = ${guid}
            union all
            select customer_id, null from console.player_lookups where project_guid = ${guid}) known
     where lower(customer_id) like '%' || lower(${likeLiteral(fragment)}) || '%'
     group by customer_id
     order by case when lower(customer_id) = lower(${fragment}) then 0
                   when starts_with(lower(customer_id), lower(${fragment})) then 1 else 2 end,
              lower(customer_id) collate "C", customer_id collate "C"
     limit ${limit}`)) as unknown as {
    rows: { customer_id: string; match: PlayerMatch; last_activity: string | null }[];
  };
  return found.rows.map((row) => ({
    customerId: row.customer_id,
    match: row.match,
    wallets: [],
    tokenCount: null,
    lastActivity: row.last_activity ?? "",
  }));
}
