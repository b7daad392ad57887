import { type SQL, sql } from "drizzle-orm";
import { UUID_PATTERN } from "@/lib/contract/fields";
import type {
  RequestErrorGroup,
  RequestErrorsQuery,
  RequestLogEntry,
  RequestLogQuery,
} from "@/lib/contract/request-log";
import { REQUEST_LOG_PAGE_DEFAULT } from "@/lib/contract/request-log";
import type { ServiceDb } from "../db/connection";
import { rows } from "./sql-rows";
import { inTransaction } from "./transaction";

/**
 * The request log's storage (docs/service.md, "Request log"): batches written by
 * service/log/request-log.ts, the sweep that keeps the table bounded, and the two reads of the
 * extension. An entry holds what the caller may see again — never a key, a raw path or a body.
 */

/** One call that passed the key check, as the writer hands it over. */
export interface RequestLogRow {
  /** When the call arrived, ms since the epoch. */
  at: number;
  projectId: number;
  /** `api_keys.id` of the key it was made with. */
  keyId: number;
  method: string;
  /** The route pattern without `/api/public` (`/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID`). */
  route: string;
  status: number;
  durationUs: number;
  errorCode: string | null;
  error: string | null;
  requestId: string | null;
  customerId: string | null;
  callerRequestId: string;
}

/**
 * A RequestID as the log keeps it: a UUID lower-cased (GUIDs compare without case, rule 3, and
 * one form lets the filter use its index), anything else — a call refused for its RequestID — as sent.
 */
export function logRequestId(requestId: string): string {
  return UUID_PATTERN.test(requestId) ? requestId.toLowerCase() : requestId;
}

const QUOTE_OR_BACKSLASH = /["\\]/;
const NUL = String.fromCharCode(0);

/**
 * The text of a PostgreSQL array literal (`{1,2}`, `{"a","b",NULL}`), built in one pass: the
 * driver's own array serialization took about 2.5 times as long, on the service's thread. Every
 * text is quoted, so commas, braces, spaces, "" and the word NULL stay text; a NUL character,
 * which PostgreSQL's text cannot hold and which would fail the whole batch, becomes U+FFFD.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as string | number | null;
    if (i > 0) out += ",";
    if (value === null) out += "NULL";
    else if (typeof value === "number") out += String(value);
    else {
      const text = value.includes(NUL) ? value.split(NUL).join("\uFFFD") : value;
      out += QUOTE_OR_BACKSLASH.test(text) ? `"${text.replace(/["\\]/g, "\\$&")}"` : `"${text}"`;
    }
  }
  return `${out}}`;
}

const column = (values: readonly (string | number | null)[], type: string) =>
  sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;

/**
 * Writes a batch as one statement: every row from unnest'ed arrays, and each key's
 * `last_used_at` moved forward to its latest call in the batch (never back: another instance
 * may have written a later one). Only `last_used_at` is set, so the keys' change trigger
 * (migration 0011: it fires on the columns the key check reads) stays quiet and no instance drops
 * its caches for it. Key rows are updated in id order; a deadlock with another instance's batch
 * is retried (the whole statement, so no row is written twice).
 */
export async function writeRequestLog(db: ServiceDb, batch: readonly RequestLogRow[]): Promise<void> {
  if (batch.length === 0) return;
  const latest = new Map<number, number>();
  for (const row of batch) latest.set(row.keyId, Math.max(latest.get(row.keyId) ?? 0, row.at));
  const keys = [...latest.keys()].sort((a, b) => a - b);
  const pick = <T>(f: (row: RequestLogRow) => T) => batch.map(f);
  // The log is not money: a crash loses what waits in memory anyway, so a commit need not wait
  // for the disk (on PGlite, the only connection would wait for it; on PostgreSQL, the awards'
  // commits would share the flushes).
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      with logged as (
        insert into service.request_log (at, project_id, key_id, method, route, status, duration_us,
                                         error_code, error, request_id, customer_id, caller_request_id)
        select timestamptz 'epoch' + x.ms * interval '1 millisecond', x.project_id, x.key_id, x.method,
               x.route, x.status, x.duration_us, x.error_code, x.error, x.request_id, x.customer_id,
               x.caller_request_id
          from unnest(${column(
            pick((r) => r.at),
            "int8",
          )}, ${column(
            pick((r) => r.projectId),
            "int4",
          )},
                      ${column(
                        pick((r) => r.keyId),
                        "int4",
                      )}, ${column(
                        pick((r) => r.method),
                        "text",
                      )},
                      ${column(
                        pick((r) => r.route),
                        "text",
                      )}, ${column(
                        pick((r) => r.status),
                        "int4",
                      )},
                      ${column(
                        pick((r) => r.durationUs),
                        "int4",
                      )}, ${column(
                        pick((r) => r.errorCode),
                        "text",
                      )},
                      ${column(
                        pick((r) => r.error),
                        "text",
                      )}, ${column(
                        pick((r) => r.requestId),
                        "text",
                      )},
                      ${column(
                        pick((r) => r.customerId),
                        "text",
                      )},
                      ${column(
                        pick((r) => r.callerRequestId),
                        "text",
                      )})
            as x(ms, project_id, key_id, method, route, status, duration_us, error_code, error,
                 request_id, customer_id, caller_request_id)
      )
      update service.api_keys k
         set last_used_at = u.at
        from (select y.id, timestamptz 'epoch' + y.ms * interval '1 millisecond' as at
                from unnest(${column(keys, "int4")}, ${column(
                  keys.map((id) => latest.get(id) as number),
                  "int8",
                )}) as y(id, ms)
               order by y.id) u
       where k.id = u.id and (k.last_used_at is null or k.last_used_at < u.at)`);
  });
}

export interface SweepLimits {
  /** Entries older than this many days go. */
  keptDays: number;
  /** At most this many entries stay: the newest. */
  maxRows: number;
  /** Rows per delete statement (default 10,000), so that no sweep holds the database for long. */
  chunk?: number;
  /** The clock (ms since the epoch); tests move it. */
  now?: number;
}

export interface SweepResult {
  /** Entries deleted for their age. */
  expired: number;
  /** Entries deleted beyond the row bound. */
  overflow: number;
}

const SWEEP_CHUNK = 10_000;

/** Deletes the rows `pick` selects, `chunk` at a time, until none is left; the count deleted. */
async function deleteInChunks(db: ServiceDb, pick: SQL, chunk: number): Promise<number> {
  let total = 0;
  for (;;) {
    // SKIP LOCKED: sweeps of several instances at once take different rows instead of waiting
    // for (or deadlocking with) each other; each row goes once.
    const [gone] = await rows<{ n: number }>(
      db,
      sql`with gone as (
            delete from service.request_log
             where id in (select id from service.request_log where ${pick} limit ${chunk} for update skip locked)
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(gone?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}

/**
 * Keeps the log bounded: deletes, in chunks, entries older than `keptDays`, then those beyond the
 * newest `maxRows` ids. Ids grow with every write, so the newest `maxRows` ids are at most
 * `maxRows` rows — found from the highest id alone, without counting the table. Safe to run from
 * several instances at once.
 */
export async function sweepRequestLog(db: ServiceDb, limits: SweepLimits): Promise<SweepResult> {
  const chunk = limits.chunk ?? SWEEP_CHUNK;
  const cutoff = new Date((limits.now ?? Date.now()) - limits.keptDays * 86_400_000).toISOString();
  const expired = await deleteInChunks(db, sql`at < ${cutoff}::timestamptz`, chunk);
  const [top] = await rows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from service.request_log`,
  );
  let overflow = 0;
  if (top?.id) {
    const below = BigInt(top.id) - BigInt(limits.maxRows);
    if (below > 0n) overflow = await deleteInChunks(db, sql`id <= ${below.toString()}::int8`, chunk);
  }
  return { expired, overflow };
}

/** `2xx` → [200, 300); `404` → [404, 405). */
function statusRange(status: string): [number, number] {
  if (status.endsWith("xx")) {
    const base = Number(status[0]) * 100;
    return [base, base + 100];
  }
  return [Number(status), Number(status) + 1];
}

const wireTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Filters common to both reads: the project always, then each one given. */
function conditions(projectId: number, query: Partial<RequestLogQuery>): SQL[] {
  const where: SQL[] = [sql`l.project_id = ${projectId}`];
  if (query.Status) {
    const [from, to] = statusRange(query.Status);
    where.push(sql`l.status >= ${from} and l.status < ${to}`);
  }
  // The full pattern, or as people read it: without the key and project parameters
  // (`/Tokens/:CustomerID`), as the console shows it.
  if (query.Route !== undefined)
    where.push(
      sql`(l.route = ${query.Route} or replace(l.route, '/:YourAPIKEY/:ProjectGuid', '') = ${query.Route})`,
    );
  if (query.CustomerID !== undefined) where.push(sql`l.customer_id = ${query.CustomerID}`);
  if (query.RequestID !== undefined) where.push(sql`l.request_id = ${logRequestId(query.RequestID)}`);
  if (query.KeyId !== undefined) where.push(sql`l.key_id = ${Number(query.KeyId)}`);
  if (query.From !== undefined) where.push(sql`l.at >= ${query.From}::timestamptz`);
  if (query.To !== undefined) where.push(sql`l.at < ${query.To}::timestamptz`);
  return where;
}

interface EntryRow {
  id: string;
  at: string;
  key_id: number;
  key_prefix: string;
  method: string;
  route: string;
  status: number;
  duration_ms: string;
  error_code: string | null;
  error: string | null;
  request_id: string | null;
  customer_id: string | null;
  caller_request_id: string;
}

/**
 * One page of the project's log, newest first: the entries older than `Cursor` (the last `Id`
 * of the page before) that pass every filter. `NextCursor` is "" when nothing older is left.
 */
export async function listRequestLog(
  db: ServiceDb,
  projectId: number,
  query: RequestLogQuery,
): Promise<{ Requests: RequestLogEntry[]; NextCursor: string }> {
  const limit = query.Limit ? Number(query.Limit) : REQUEST_LOG_PAGE_DEFAULT;
  const where = conditions(projectId, query);
  if (query.Cursor !== undefined) where.push(sql`l.id < ${query.Cursor}::int8`);
  // One more than the page: whether an older page exists, without counting.
  const found = await rows<EntryRow>(
    db,
    sql`select l.id::text as id, ${wireTime(sql`l.at`)} as at, l.key_id, coalesce(k.prefix, '') as key_prefix,
               l.method, l.route, l.status, trim_scale(l.duration_us::numeric / 1000)::text as duration_ms,
               l.error_code, l.error, l.request_id, l.customer_id, l.caller_request_id
          from service.request_log l left join service.api_keys k on k.id = l.key_id
         where ${sql.join(where, sql` and `)}
         order by l.id desc
         limit ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  return {
    Requests: page.map((row) => ({
      Id: row.id,
      At: row.at,
      KeyId: Number(row.key_id),
      KeyPrefix: row.key_prefix,
      Method: row.method,
      Route: row.route,
      Status: Number(row.status),
      DurationMs: row.duration_ms,
      isError: Number(row.status) >= 400 ? "1" : "0",
      ErrorCode: row.error_code ?? "",
      Error: row.error ?? "",
      RequestID: row.request_id ?? "",
      CustomerID: row.customer_id ?? "",
      CallerRequestId: row.caller_request_id,
    })),
    NextCursor: found.length > limit ? (page[page.length - 1]?.id ?? "") : "",
  };
}

/** Failure groups at most per answer. */
export const ERROR_GROUPS_MAX = 100;
/** The errors' default window: the last 24 hours. */
export const ERROR_WINDOW_MS = 24 * 3600_000;

/**
 * The project's failures (status 400 and up) grouped by route, status, ErrorCode and Error, with
 * their count and first and last time, most frequent first. An internal error's message ends
 * with its own correlation id, which would make each its own group: it is grouped without it.
 */
export async function requestErrorGroups(
  db: ServiceDb,
  projectId: number,
  query: RequestErrorsQuery,
  now = Date.now(),
): Promise<RequestErrorGroup[]> {
  const where = conditions(projectId, {
    ...query,
    From: query.From ?? new Date(now - ERROR_WINDOW_MS).toISOString(),
  });
  where.push(sql`l.status >= 400`);
  const found = await rows<{
    route: string;
    status: number;
    error_code: string;
    error: string;
    count: number;
    first_at: string;
    last_at: string;
  }>(
    db,
    sql`select l.route, l.status, coalesce(l.error_code, '') as error_code, g.error, count(*)::int as count,
               ${wireTime(sql`min(l.at)`)} as first_at, ${wireTime(sql`max(l.at)`)} as last_at
          from service.request_log l
         cross join lateral (
               select case when l.error_code = 'INTERNAL_ERROR'
                           then regexp_replace(coalesce(l.error, ''), ' Correlation id: .*$', '')
                           else coalesce(l.error, '') end as error) g
         where ${sql.join(where, sql` and `)}
         group by l.route, l.status, coalesce(l.error_code, ''), g.error
         order by count(*) desc, max(l.at) desc, l.route, l.status
         limit ${ERROR_GROUPS_MAX}`,
  );
  return found.map((row) => ({
    Route: row.route,
    Status: Number(row.status),
    ErrorCode: row.error_code,
    Error: row.error,
    Count: Number(row.count),
    FirstAt: row.first_at,
    LastAt: row.last_at,
  }));
}
