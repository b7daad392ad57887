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
import { RequestLogBatch, type RequestLogRow, storable } from "./request-log-batch";
import { rows } from "./sql-rows";
import { inTransaction } from "./transaction";

/**
 * The request log's storage (docs/service.md, "Request log"): batches written by
 * service/log/request-log.ts, the sweep that keeps the table bounded, and the two reads of the
 * extension. An entry holds what the caller may see again — never a key, a raw path or a body.
 */

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

/** An entry's id is its segment's id × ENTRY_SLOTS + its place (migration 0013; SEGMENT_MAX fits). */
const ENTRY_SLOTS = 100_000;

/**
 * An array parameter of a write, as bytes read as text and then cast: as a string, PGlite's driver
 * would count its UTF-8 length character by character, twice, on the service's thread — a
 * segment's CustomerIDs alone are thousands of characters (docs/benchmarks.md).
 */
const array = (values: readonly (string | number | null)[], type: string) =>
  sql`${Buffer.from(arrayLiteral(values))}::text::${sql.raw(type)}[]`;

/**
 * Writes a batch: a segment per project (one row, its calls packed — a row per call cost the
 * service's cheapest reads about 30 % of their throughput, docs/benchmarks.md), each by one call of
 * `service.write_request_segment` (migration 0016: its plans are kept, where a statement of its own
 * was planned anew for every write), which also moves each of the segment's keys' `last_used_at`
 * forward to its latest call. Segments in project order, several in one transaction, so that two
 * instances' writes take the keys' rows in one order.
 */
export async function writeRequestBatch(db: ServiceDb, batch: RequestLogBatch): Promise<void> {
  if (batch.size === 0) return;
  // The entries go as bytes too (a binary parameter, which text takes as UTF-8; see `array`).
  const statements = batch
    .segments()
    .sort((a, b) => a.projectId - b.projectId)
    .map(
      (s) =>
        sql`select service.write_request_segment(${s.projectId}, ${s.firstAt}::int8, ${s.lastAt}::int8,
              ${s.count}, ${s.errors}, ${array(s.keyIds, "int4")}, ${array(s.statuses, "int4")},
              ${array(s.methods, "text")}, ${array(s.routes, "text")}, ${array(s.customerIds, "text")},
              ${array(s.requestIds, "text")}, ${s.idPrefix}, ${Buffer.from(s.entries)},
              ${array(s.kindLastAt, "int8")})`,
    );
  const [only] = statements;
  if (statements.length === 1 && only) await db.execute(only);
  else
    await inTransaction(db, async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
}

/** Writes calls as one batch (tests, and anything that has the calls at hand). */
export function writeRequestLog(db: ServiceDb, calls: readonly RequestLogRow[]): Promise<void> {
  return writeRequestBatch(db, RequestLogBatch.of(calls));
}

export interface SweepLimits {
  /** Entries older than this many days go. */
  keptDays: number;
  /** At most this many entries stay: the newest. */
  maxRows: number;
  /** Segments per delete statement (default 1,000), so that no sweep holds the database for long. */
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

const SWEEP_CHUNK = 1_000;

/** Deletes the segments `pick` selects, `chunk` at a time, until none is left; the calls they held. */
async function deleteInChunks(db: ServiceDb, pick: SQL, chunk: number): Promise<number> {
  let total = 0;
  for (;;) {
    // SKIP LOCKED: sweeps of several instances at once take different segments instead of
    // waiting for (or deadlocking with) each other; each goes once.
    const [gone] = await rows<{ segments: number; calls: string }>(
      db,
      sql`with gone as (
            delete from service.request_log_segments
             where id in (select id from service.request_log_segments where ${pick}
                           limit ${chunk} for update skip locked)
            returning entry_count)
          select count(*)::int as segments, coalesce(sum(entry_count), 0)::text as calls from gone`,
    );
    total += Number(gone?.calls ?? 0);
    if (Number(gone?.segments ?? 0) < chunk) return total;
  }
}

/**
 * Keeps the log bounded, a segment at a time: deletes, in chunks, the segments whose calls are all
 * older than `keptDays`, then the oldest segments beyond the newest `maxRows` calls (a segment
 * that would pass the bound goes whole). Answers the calls deleted. Safe to run from several
 * instances at once.
 */
export async function sweepRequestLog(db: ServiceDb, limits: SweepLimits): Promise<SweepResult> {
  const chunk = limits.chunk ?? SWEEP_CHUNK;
  const cutoff = new Date((limits.now ?? Date.now()) - limits.keptDays * 86_400_000).toISOString();
  const expired = await deleteInChunks(db, sql`last_at < ${cutoff}::timestamptz`, chunk);
  // The newest segment that no longer fits: it and every older one go.
  const [edge] = await rows<{ id: string }>(
    db,
    sql`select id::text as id
          from (select id, sum(entry_count) over (order by id desc) as kept
                  from service.request_log_segments) s
         where kept > ${limits.maxRows}
         order by id desc limit 1`,
  );
  const overflow = edge ? await deleteInChunks(db, sql`id <= ${edge.id}::int8`, chunk) : 0;
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

/** A route as given, or as people read it: without the key and project parameters (`/Tokens/:CustomerID`). */
const routeIs = (column: SQL, route: string) =>
  sql`(${column} = ${route} or replace(${column}, '/:YourAPIKEY/:ProjectGuid', '') = ${route})`;

/**
 * The segments that may hold a call passing the filters, from their summary columns alone: the
 * project always, then each filter given. A segment passing them may still hold no such call
 * (its statuses and routes are each in it, not always together): `entryConditions` decides.
 */
function segmentConditions(projectId: number, query: Partial<RequestLogQuery>): SQL[] {
  const where: SQL[] = [sql`s.project_id = ${projectId}`];
  if (query.Status) {
    const [from, to] = statusRange(query.Status);
    where.push(sql`exists (select 1 from unnest(s.statuses) st where st >= ${from} and st < ${to})`);
  }
  if (query.Route !== undefined)
    where.push(sql`exists (select 1 from unnest(s.routes) r where ${routeIs(sql`r`, query.Route)})`);
  if (query.CustomerID !== undefined) where.push(sql`${storable(query.CustomerID)} = any(s.customer_ids)`);
  if (query.RequestID !== undefined)
    where.push(sql`s.request_ids @> array[${storable(logRequestId(query.RequestID))}]::text[]`);
  if (query.KeyId !== undefined) where.push(sql`${Number(query.KeyId)} = any(s.key_ids)`);
  if (query.From !== undefined) where.push(sql`s.last_at >= ${query.From}::timestamptz`);
  if (query.To !== undefined) where.push(sql`s.first_at < ${query.To}::timestamptz`);
  return where;
}

/** The filters on each call of the segments picked (`l`, the view service.request_log). */
function entryConditions(query: Partial<RequestLogQuery>): SQL[] {
  const where: SQL[] = [];
  if (query.Status) {
    const [from, to] = statusRange(query.Status);
    where.push(sql`l.status >= ${from} and l.status < ${to}`);
  }
  if (query.Route !== undefined) where.push(routeIs(sql`l.route`, query.Route));
  if (query.CustomerID !== undefined) where.push(sql`l.customer_id = ${storable(query.CustomerID)}`);
  if (query.RequestID !== undefined)
    where.push(sql`l.request_id = ${storable(logRequestId(query.RequestID))}`);
  if (query.KeyId !== undefined) where.push(sql`l.key_id = ${Number(query.KeyId)}`);
  if (query.From !== undefined) where.push(sql`l.at >= ${query.From}::timestamptz`);
  if (query.To !== undefined) where.push(sql`l.at < ${query.To}::timestamptz`);
  return where;
}

const allOf = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

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
  ip: string | null;
}

/** Segments looked at per step of a page's search, at most. */
const SEGMENTS_PER_STEP = 256;

/**
 * One page of the project's log, newest first: the entries older than `Cursor` (the last `Id`
 * of the page before) that pass every filter. `NextCursor` is "" when nothing older is left.
 * The segments that may match are taken newest first, a few at a time — about as many calls as
 * the page needs, twice as many at each further step — and only those are decoded, so a page
 * costs about its own size however long the log is.
 */
export async function listRequestLog(
  db: ServiceDb,
  projectId: number,
  query: RequestLogQuery,
): Promise<{ Requests: RequestLogEntry[]; NextCursor: string }> {
  const limit = query.Limit ? Number(query.Limit) : REQUEST_LOG_PAGE_DEFAULT;
  const picked = segmentConditions(projectId, query);
  const entries = entryConditions(query);
  if (query.Cursor !== undefined) {
    picked.push(sql`s.id <= ${query.Cursor}::int8 / ${ENTRY_SLOTS}`);
    entries.push(sql`l.id < ${query.Cursor}::int8`);
  }
  const found: EntryRow[] = [];
  let below: string | null = null;
  let wanted = limit + 1;
  // One more than the page: whether an older page exists, without counting.
  while (found.length < limit + 1) {
    const candidates = await rows<{ id: string; entry_count: number }>(
      db,
      sql`select s.id::text as id, s.entry_count from service.request_log_segments s
           where ${allOf(picked)} ${below === null ? sql`` : sql`and s.id < ${below}::int8`}
           order by s.id desc limit ${SEGMENTS_PER_STEP}`,
    );
    if (candidates.length === 0) break;
    const step: string[] = [];
    let calls = 0;
    for (const candidate of candidates) {
      step.push(candidate.id);
      calls += Number(candidate.entry_count);
      if (calls >= wanted) break;
    }
    below = step[step.length - 1] as string;
    found.push(
      ...(await rows<EntryRow>(
        db,
        sql`select l.id::text as id, ${wireTime(sql`l.at`)} as at, l.key_id, coalesce(k.prefix, '') as key_prefix,
                   l.method, l.route, l.status, trim_scale(l.duration_us::numeric / 1000)::text as duration_ms,
                   l.error_code, l.error, l.request_id, l.customer_id, l.caller_request_id, l.ip
              from service.request_log l left join service.api_keys k on k.id = l.key_id
             where l.segment_id = any(${arrayLiteral(step)}::int8[]) and ${allOf(entries)}
             order by l.id desc
             limit ${limit + 1 - found.length}`,
      )),
    );
    if (step.length === candidates.length && candidates.length < SEGMENTS_PER_STEP) break;
    wanted *= 2;
  }
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
      IP: row.ip ?? "",
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
  const window = { ...query, From: query.From ?? new Date(now - ERROR_WINDOW_MS).toISOString() };
  const picked = [...segmentConditions(projectId, window), sql`s.error_count > 0`];
  const entries = [...entryConditions(window), sql`l.status >= 400`];
  // The segments first, then only theirs decoded: a join to them could decode every segment.
  const segments = await rows<{ id: string }>(
    db,
    sql`select s.id::text as id from service.request_log_segments s where ${allOf(picked)}`,
  );
  if (segments.length === 0) return [];
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
         where l.segment_id = any(${arrayLiteral(segments.map((segment) => segment.id))}::int8[])
           and ${allOf(entries)}
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
