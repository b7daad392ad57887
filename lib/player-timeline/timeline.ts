import "server-only";
import { sql } from "drizzle-orm";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { listRequests } from "@/lib/client/request-log";
import { canonicalGuid } from "@/lib/contract/guid";
import { REQUEST_LOG_PAGE_MAX } from "@/lib/contract/request-log";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardEventKind, EVENT_LABELS } from "@/lib/model/award-events";
import { NOTE_TAG_LABELS, type NoteTag } from "@/lib/model/player-notes";
import {
  TIMELINE_KINDS,
  type TimelineCalls,
  type TimelineEntry,
  type TimelineKind,
  type TimelinePage,
} from "@/lib/model/player-timeline";
import { UserFacingError } from "@/lib/model/user-facing-error";

/**
 * A player's timeline (docs/console.md, "A player's timeline"): the console's own record — each
 * line of each award's timeline (single awards, bulk rows, approval steps, reversals) and the
 * staff notes — merged, newest first, with the service's request log entries that name the
 * player (our extension, a key with the `keys` scope). Lookups are not listed. Pages go by one
 * cursor that holds where each of the two sources stopped.
 */

export const TIMELINE_PAGE = 50;
export const TIMELINE_PAGE_MAX = 200;

/** Where a page stopped in each source: the console's (time, source, id), the service's entry Id. */
interface Cursor {
  console: [string, number, number] | null;
  /** The last call shown: the service's next page starts below it; "" when none shown yet. */
  service: string;
  /** A source with nothing more to give. */
  consoleDone: boolean;
  serviceDone: boolean;
}

const START: Cursor = { console: null, service: "", consoleDone: false, serviceDone: false };

const badCursor = () =>
  new UserFacingError("This timeline page's link is out of date: open the player again.");

function decodeCursor(text: string): Cursor {
  if (text === "") return START;
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Cursor;
    const first = value.console;
    if (
      (first !== null &&
        (!Array.isArray(first) ||
          typeof first[0] !== "string" ||
          !Number.isSafeInteger(first[1]) ||
          !Number.isSafeInteger(first[2]))) ||
      typeof value.service !== "string" ||
      typeof value.consoleDone !== "boolean" ||
      typeof value.serviceDone !== "boolean"
    )
      throw badCursor();
    return value;
  } catch {
    throw badCursor();
  }
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** The kinds asked for: a comma-separated list of TIMELINE_KINDS, or all when empty. */
export function timelineKinds(raw: string): TimelineKind[] {
  if (raw.trim() === "") return [...TIMELINE_KINDS];
  const asked = raw.split(",").map((kind) => kind.trim());
  const unknown = asked.find((kind) => !(TIMELINE_KINDS as readonly string[]).includes(kind));
  if (unknown !== undefined)
    throw new UserFacingError(`Kind "${unknown}" is not one of ${TIMELINE_KINDS.join(", ")}.`);
  return asked as TimelineKind[];
}

interface ConsoleRow {
  at: string;
  src: number;
  n: number;
  kind: TimelineKind;
  event: AwardEventKind | "note" | "reversal-request";
  status: string | null;
  detail: string;
  who: string;
  request_id: string | null;
  batch_id: number | null;
  batch_line: number | null;
  tag: NoteTag | null;
  pinned: boolean | null;
}

/** A page of the console's own lines, newest first, after `after`. */
async function consoleLines(
  db: ConsoleDb,
  projectGuid: string,
  customerId: string,
  kinds: readonly TimelineKind[],
  after: Cursor["console"],
  limit: number,
): Promise<ConsoleRow[]> {
  const wanted = kinds.filter((kind) => kind !== "call");
  if (wanted.length === 0) return [];
  const guid = canonicalGuid(projectGuid);
  const found = (await db.execute(sql`
    select * from (
      select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, 0 as src, e.id as n,
             case when e.kind in ('requested', 'approved', 'rejected', 'withdrawn', 'expired') then 'approval'
                  when e.kind = 'reversal' then 'reversal'
                  when a.batch_id is not null then 'bulk' else 'award' end as kind,
             e.kind as event, e.status, e.detail, e.actor_email as who, a.request_id, a.batch_id, a.batch_line,
             null::text as tag, null::boolean as pinned
        from console.award_events e join console.awards a on a.id = e.award_id
       where a.project_guid = ${guid} and a.customer_id = ${customerId}
      union all
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 1, id, 'note', 'note',
             null, text, author_email, null, null, null, tag, pinned
        from console.player_notes
       where project_guid = ${guid} and customer_id = ${customerId} and hidden_by is null
      union all
      -- Who asked for each reversal, and why: the award's own timeline holds only what came of it.
      select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 2, r.id, 'reversal',
             'reversal-request', r.status, 'Reason: ' || r.reason, r.actor_email, a.request_id, a.batch_id,
             a.batch_line, null, null
        from console.reversals r join console.awards a on a.id = r.award_id
       where a.project_guid = ${guid} and a.customer_id = ${customerId}
    ) lines
    where kind in (${sql.join(
      wanted.map((kind) => sql`${kind}`),
      sql`, `,
    )})
      ${after ? sql`and (at, src, n) < (${after[0]}, ${after[1]}, ${after[2]})` : sql``}
    order by at desc, src desc, n desc
    limit ${limit}`)) as unknown as { rows: ConsoleRow[] };
  return found.rows.map((row) => ({ ...row, src: Number(row.src), n: Number(row.n) }));
}

/** A console line's id: its table's letter and its row id. */
const LINE_PREFIX = ["e", "n", "r"] as const;

function consoleTitle(row: ConsoleRow): string {
  if (row.event === "note")
    return `${row.pinned ? "Pinned note" : "Note"}${row.tag ? ` · ${NOTE_TAG_LABELS[row.tag]}` : ""}`;
  if (row.event === "reversal-request") return `Reversal asked for · ${row.status}`;
  return `${EVENT_LABELS[row.event]}${row.status && row.event !== "created" ? ` · ${row.status}` : ""}`;
}

function consoleEntry(row: ConsoleRow): TimelineEntry {
  return {
    id: `${LINE_PREFIX[row.src]}${row.n}`,
    // Microseconds kept for the order; shown to the millisecond.
    at: `${row.at.slice(0, 23)}Z`,
    kind: row.kind,
    title: consoleTitle(row),
    detail: row.detail,
    who: row.who,
    requestId: row.request_id,
    batch: row.batch_id !== null ? { id: Number(row.batch_id), line: Number(row.batch_line) } : null,
  };
}

/**
 * The service's calls that named the player, one page after `below`. A service without the
 * request log, or a key without the `keys` scope, gives none, and the page says which.
 */
async function serviceCalls(
  connection: ServiceConnection,
  customerId: string,
  below: string,
  limit: number,
): Promise<{ calls: TimelineCalls; entries: TimelineEntry[]; more: boolean }> {
  try {
    const page = (
      await listRequests(connection, {
        CustomerID: customerId,
        Cursor: below || undefined,
        Limit: String(Math.min(limit, REQUEST_LOG_PAGE_MAX)),
      })
    ).Data;
    return {
      calls: "shown",
      more: page.NextCursor !== "",
      entries: page.Requests.map((call) => ({
        id: `c${call.Id}`,
        at: call.At,
        kind: "call" as const,
        title: `${call.Method} ${call.Route.replace("/:YourAPIKEY/:ProjectGuid", "")} · ${call.Status}`,
        detail: call.Error,
        who: call.KeyPrefix,
        requestId: call.RequestID || null,
        batch: null,
      })),
    };
  } catch (error) {
    if (isExtensionMissing(error)) return { calls: "not-offered", entries: [], more: false };
    if (error instanceof ServiceCallError && error.status === 403)
      return { calls: "not-allowed", entries: [], more: false };
    throw error;
  }
}

/** One page of a player's timeline, newest first. */
export async function readTimeline(
  db: ConsoleDb,
  connection: ServiceConnection,
  customerId: string,
  options: { kinds: readonly TimelineKind[]; cursor: string; limit: number },
): Promise<TimelinePage> {
  const cursor = decodeCursor(options.cursor);
  const limit = options.limit;
  const askCalls = options.kinds.includes("call") && !cursor.serviceDone;
  const [lines, service] = await Promise.all([
    cursor.consoleDone
      ? Promise.resolve([])
      : consoleLines(db, connection.projectGuid, customerId, options.kinds, cursor.console, limit + 1),
    askCalls
      ? serviceCalls(connection, customerId, cursor.service, limit + 1)
      : Promise.resolve({ calls: "not-asked" as TimelineCalls, entries: [], more: false }),
  ]);
  const fromConsole = lines.map((row) => ({ row, entry: consoleEntry(row) }));
  // Both sources newest first: the page is the newest `limit` of the two.
  const merged = [
    ...fromConsole.map(({ row, entry }) => ({ entry, row })),
    ...service.entries.map((entry) => ({ entry, row: null })),
  ].sort((a, b) => (a.entry.at < b.entry.at ? 1 : a.entry.at > b.entry.at ? -1 : 0));
  const page = merged.slice(0, limit);
  const lastConsole = [...page].reverse().find((item) => item.row !== null)?.row ?? null;
  const lastCall = [...page].reverse().find((item) => item.row === null)?.entry ?? null;
  const consoleLeft = fromConsole.length > page.filter((item) => item.row !== null).length;
  const serviceLeft =
    service.entries.length > page.filter((item) => item.row === null).length || service.more;
  const next: Cursor = {
    console: lastConsole ? [lastConsole.at, lastConsole.src, lastConsole.n] : cursor.console,
    service: lastCall ? lastCall.id.slice(1) : cursor.service,
    consoleDone: cursor.consoleDone || !consoleLeft,
    serviceDone: cursor.serviceDone || !askCalls || !serviceLeft,
  };
  return {
    entries: page.map((item) => item.entry),
    nextCursor: next.consoleDone && next.serviceDone ? "" : encodeCursor(next),
    calls: service.calls,
  };
}
