import "server-only";
import { and, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { auditLog } from "@/lib/db/schema";
import type { AuditKind } from "./audit-kinds";

/**
 * The audit log (docs/console.md, "Audit log"): one row per thing staff do, append-only and
 * hash-chained by the database (migration 0006_staff_accounts). This module only writes rows and
 * reads them back; the chain's rule lives in SQL (`console.audit_row_hash`), so the trigger that
 * writes a hash and the check that verifies it can never disagree.
 */

/** Who did it, from where: filled from the request (lib/audit/request-context.ts). */
export interface AuditActor {
  id: number | null;
  email: string;
  client: string;
  userAgent: string;
}

export interface AuditEvent {
  kind: AuditKind;
  /** One line a person reads, never a secret (no keys, passwords, codes or session ids). */
  summary: string;
  /** The connection's name, when the event concerns one project. */
  project?: string;
  detail?: Record<string, unknown>;
}

/** Writes one row; inside a transaction it commits or rolls back with the change it records. */
export async function recordAudit(db: ConsoleDb, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    client: actor.client.slice(0, 100),
    userAgent: actor.userAgent.slice(0, 300),
    kind: event.kind,
    project: event.project ?? "",
    summary: event.summary,
    detail: event.detail ?? {},
  });
}

export interface AuditFilter {
  actor?: string;
  kind?: string;
  project?: string;
  /** Inclusive bounds, as instants. */
  from?: Date;
  to?: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? eq(auditLog.actorEmail, filter.actor.toLowerCase()) : undefined,
    filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
    filter.project ? eq(auditLog.project, filter.project) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lte(auditLog.at, filter.to) : undefined,
  );
}

/**
 * A page of rows, newest first, by keyset: `before` is the last id of the previous page, so a row
 * written meanwhile never shifts a page.
 */
export async function readAuditPage(
  db: ConsoleDb,
  filter: AuditFilter,
  { before, limit }: { before?: number; limit: number },
): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(where(filter), before ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextBefore: more ? (page.at(-1)?.id ?? null) : null };
}

/** Rows oldest first in chunks, for the exports: memory stays flat however long the log is. */
export async function* auditRowsInOrder(
  db: ConsoleDb,
  filter: AuditFilter,
  chunk = 500,
): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where(filter), sql`${auditLog.id} > ${after}`))
      .orderBy(auditLog.id)
      .limit(chunk);
    yield* rows;
    if (rows.length < chunk) return;
    after = rows.at(-1)?.id ?? after;
  }
}

export type AuditVerdict =
  | { ok: true; rows: number; headId: number | null; headHash: string | null }
  | { ok: false; rows: number; brokenId: number; problem: string };

const GENESIS = "0".repeat(64);

/**
 * Walks the chain in the database: each row's hash must be what its content gives, each row must
 * name the previous row's hash, and ids must follow one another. The first row may start from a
 * hash a retention run recorded (rows before it were removed on purpose, and said so).
 */
export async function verifyAuditLog(db: ConsoleDb): Promise<AuditVerdict> {
  const result = (await db.execute(sql`
    with walked as (
      select id, hash, prev_hash, console.audit_row_hash(a) as computed,
             lag(id) over (order by id) as previous_id, lag(hash) over (order by id) as previous_hash
      from console.audit_log a
    )
    select (select count(*)::int from walked) as rows,
           (select id from walked order by id desc limit 1) as head_id,
           (select hash from walked order by id desc limit 1) as head_hash,
           b.id, b.problem
    from (select 1) one
    left join lateral (
      select id, case
        when computed <> hash then 'its content does not match its hash (the row was changed)'
        when previous_id is not null and id <> previous_id + 1 then 'rows before it are missing (ids ' || (previous_id + 1) || ' to ' || (id - 1) || ')'
        when previous_id is not null and prev_hash <> previous_hash then 'it does not chain from the row before it'
        when previous_id is null and prev_hash <> ${GENESIS} and not exists (
          select 1 from console.audit_log p where p.kind = 'audit.pruned' and p.detail->>'throughHash' = walked.prev_hash
        ) then 'rows before it are missing (no retention run removed them)'
      end as problem
      from walked
      where computed <> hash
         or (previous_id is not null and (id <> previous_id + 1 or prev_hash <> previous_hash))
         or (previous_id is null and prev_hash <> ${GENESIS})
      order by id limit 1
    ) b on true`)) as unknown as {
    rows: {
      rows: number;
      head_id: string | number | null;
      head_hash: string | null;
      id: string | number | null;
      problem: string | null;
    }[];
  };
  const row = result.rows[0];
  const rows = Number(row?.rows ?? 0);
  if (row?.id != null && row.problem)
    return { ok: false, rows, brokenId: Number(row.id), problem: row.problem };
  return {
    ok: true,
    rows,
    headId: row?.head_id == null ? null : Number(row.head_id),
    headHash: row?.head_hash ?? null,
  };
}

/**
 * Retention: removes rows older than `days` days (never the newest) and records that it did, so
 * verification accepts the chain's new start. Runs with the console's other background jobs.
 */
export async function pruneAuditLog(db: ConsoleDb, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const pruned = (await tx.execute(
      sql`select deleted, through_id, through_hash from console.prune_audit_log(${cutoff.toISOString()}::timestamptz)`,
    )) as unknown as {
      rows: { deleted: string | number; through_id: string | number | null; through_hash: string | null }[];
    };
    const result = pruned.rows[0];
    const deleted = Number(result?.deleted ?? 0);
    if (deleted > 0)
      await recordAudit(
        tx,
        { id: null, email: "", client: "", userAgent: "console" },
        {
          kind: "audit.pruned",
          summary: `Removed ${deleted} audit rows older than ${days} days (retention setting)`,
          detail: { deleted, throughId: Number(result?.through_id), throughHash: result?.through_hash, days },
        },
      );
    return deleted;
  });
}

/**
 * A change and its audit row in one transaction: both are written or neither. `event` sees the
 * change's result (a new row's name, what it was before).
 */
export async function audited<T>(
  db: ConsoleDb,
  actor: AuditActor,
  change: (tx: ConsoleDb) => Promise<T>,
  event: (result: T) => AuditEvent,
): Promise<T> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const result = await change(tx);
    await recordAudit(tx, actor, event(result));
    return result;
  });
}
