import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { batchCounts } from "@/lib/bulk/batch-store";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { awardBatches } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import { AWARDED_STATUSES, type StatusCountRow, type TokenDayRow } from "./aggregate";
import type { BatchSummary } from "./overview-data";

/**
 * The overview's reads of the award trail, grouped in the database so that a page and its live
 * query stay cheap however many bulk rows the trail holds. Reads only: nothing here writes.
 * Days are UTC calendar days (`to_char` of the time at UTC), the same as lib/overview/aggregate.ts.
 */

/** Awards of one project since `from`, counted per UTC day and trail status. */
export async function statusCounts(
  db: ConsoleDb,
  projectGuid: string,
  from: Date,
): Promise<StatusCountRow[]> {
  const result = (await db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as count
    from console.awards
    where project_guid = ${canonicalGuid(projectGuid)} and created_at >= ${from.toISOString()}
    group by 1, 2
  `)) as unknown as { rows: { day: string; status: AwardStatus; count: number | string }[] };
  return result.rows.map((row) => ({ day: row.day, status: row.status, count: Number(row.count) }));
}

/**
 * The amounts awarded per UTC day, token and status since `from`, summed exactly by the database
 * (`numeric`, returned as text; the trail stores every amount as validated decimal text).
 */
export async function tokenDayAmounts(
  db: ConsoleDb,
  projectGuid: string,
  from: Date,
): Promise<TokenDayRow[]> {
  const statuses = sql.join(
    AWARDED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           lower(line->>'Guid') as token,
           a.status,
           sum((line->>'Amount')::numeric)::text as amount
    from console.awards a
    cross join lateral jsonb_array_elements(a.lines) as line
    where a.project_guid = ${canonicalGuid(projectGuid)} and a.created_at >= ${from.toISOString()}
      and a.status in (${statuses})
    group by 1, 2, 3
  `)) as unknown as { rows: TokenDayRow[] };
  return result.rows;
}

/** The project's most recent bulk batches, newest first, with their rows counted by status. */
export async function recentBatches(
  db: ConsoleDb,
  projectGuid: string,
  limit: number,
): Promise<BatchSummary[]> {
  const batches = await db
    .select()
    .from(awardBatches)
    .where(eq(awardBatches.projectGuid, canonicalGuid(projectGuid)))
    .orderBy(desc(awardBatches.id))
    .limit(limit);
  return Promise.all(
    batches.map(async (batch) => ({
      id: batch.id,
      fileName: batch.fileName,
      status: batch.status,
      error: batch.error,
      createdAt: batch.createdAt.toISOString(),
      counts: await batchCounts(db, batch.id),
    })),
  );
}
