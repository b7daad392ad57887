import "server-only";
import { sql } from "drizzle-orm";
import type { AwardRecord } from "@/lib/awards/trail";
import { countedByStatus } from "@/lib/bulk/batch-store";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import type { AwardStatus } from "@/lib/model/award-status";
import type { BatchStatus } from "@/lib/model/batch-status";
import { AWARDED_STATUSES, type StatusCountRow, type TokenDayRow } from "./aggregate";
import type { BatchSummary } from "./overview-data";

/**
 * The overview's reads of the award trail, grouped in the database so that a page and its live
 * query stay cheap however many bulk rows the trail holds. Reads only: nothing here writes.
 * Days are UTC calendar days (`to_char` of the time at UTC), the same as lib/overview/aggregate.ts.
 */

/** An award of the overview's latest list: what the list shows of a trail row. */
export type LatestAward = Pick<
  AwardRecord,
  "requestId" | "customerId" | "status" | "createdAt" | "isAllowance" | "batchId" | "lines"
>;

/** What the overview shows from the trail. */
export interface TrailFigures {
  /** Awards since `since.counts`, counted per UTC day and trail status. */
  counts: StatusCountRow[];
  /**
   * The amounts awarded since `since.amounts` per UTC day, token and status, summed exactly by
   * the database (`numeric`, returned as text; the trail stores every amount as validated text).
   */
  amounts: TokenDayRow[];
  /** The project's newest bulk batches, newest first, with their rows counted by status. */
  batches: BatchSummary[];
  /** The project's newest awards, newest first (no count of all: the overview shows none). */
  latest: LatestAward[];
}

/** A time as the browser's ISO text (UTC, milliseconds), as `Date.toISOString()` writes it. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type Row = {
  counts: StatusCountRow[];
  amounts: TokenDayRow[];
  batches: {
    id: number;
    fileName: string;
    status: BatchStatus;
    error: string;
    createdAt: string;
    counts: { status: AwardStatus; n: number }[];
  }[];
  latest: (Omit<LatestAward, "createdAt"> & { createdAt: string })[];
};

/**
 * Every trail figure of the overview in one statement (docs/console.md, "The overview"): on the
 * embedded database each statement is a round trip on the thread that renders, so the page's
 * four reads (and one count per batch) are CTEs of one query that answers as json.
 */
export async function readTrailFigures(
  db: ConsoleDb,
  projectGuid: string,
  since: { counts: Date; amounts: Date },
  limits: { batches: number; latest: number },
): Promise<TrailFigures> {
  const project = canonicalGuid(projectGuid);
  const awarded = sql.join(
    AWARDED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with counts as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as count
      from console.awards
      where project_guid = ${project} and created_at >= ${since.counts.toISOString()}
      group by 1, 2
    ), amounts as (
      select to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
             lower(line->>'Guid') as token,
             a.status,
             sum((line->>'Amount')::numeric)::text as amount
      from console.awards a
      cross join lateral jsonb_array_elements(a.lines) as line
      where a.project_guid = ${project} and a.created_at >= ${since.amounts.toISOString()}
        and a.status in (${awarded})
      group by 1, 2, 3
    ), batches as (
      select id, file_name, status, error, created_at
      from console.award_batches
      where project_guid = ${project}
      order by id desc
      limit ${limits.batches}
    ), batch_rows as (
      select batch_id, status, count(*)::int as n
      from console.awards
      where batch_id in (select id from batches)
      group by 1, 2
    ), latest as (
      select id, request_id, customer_id, status, created_at, is_allowance, batch_id, lines
      from console.awards
      where project_guid = ${project}
      order by created_at desc, id desc
      limit ${limits.latest}
    )
    select
      (select coalesce(json_agg(c), '[]'::json) from counts c) as counts,
      (select coalesce(json_agg(m), '[]'::json) from amounts m) as amounts,
      (select coalesce(json_agg(json_build_object(
         'id', b.id, 'fileName', b.file_name, 'status', b.status, 'error', b.error,
         'createdAt', ${iso("b.created_at")},
         'counts', (select coalesce(json_agg(json_build_object('status', r.status, 'n', r.n)), '[]'::json)
                    from batch_rows r where r.batch_id = b.id)
       ) order by b.id desc), '[]'::json) from batches b) as batches,
      (select coalesce(json_agg(json_build_object(
         'requestId', l.request_id, 'customerId', l.customer_id, 'status', l.status,
         'createdAt', ${iso("l.created_at")}, 'isAllowance', l.is_allowance, 'batchId', l.batch_id,
         'lines', l.lines
       ) order by l.created_at desc, l.id desc), '[]'::json) from latest l) as latest
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0] as Row;
  return {
    counts: row.counts,
    amounts: row.amounts,
    batches: row.batches.map(({ counts, ...batch }) => ({ ...batch, counts: countedByStatus(counts) })),
    latest: row.latest.map((award) => ({ ...award, createdAt: new Date(award.createdAt) })),
  };
}
