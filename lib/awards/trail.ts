import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql } from "drizzle-orm";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardTrailLine, awardEvents, awards } from "@/lib/db/schema";
import { type AwardStatus, type AwardStatusFilter, REVERSED_STATUSES } from "@/lib/model/award-status";

/**
 * The award trail (docs/console.md, "The trail"): an award is written before it is sent and updated with every
 * outcome, so nothing sent is ever unknown to the console and any award can be retried with its
 * RequestID. Functions here only read the trail: every write is lib/awards/lifecycle/'s, the one
 * writer of console.awards and award_events (checked by lint:architecture).
 */

export interface NewAward {
  requestId: string;
  connection: string;
  baseUrl: string;
  projectGuid: string;
  actorId: number;
  actorEmail: string;
  customerId: string;
  isAllowance: boolean;
  isMintable: boolean;
  wallet: string;
  lines: AwardTrailLine[];
  reason: string;
}

// Written by the lifecycle; named here too for the tests that write an award to set up another feature.
export { recordAward } from "./lifecycle/single-award";

export type AwardRecord = typeof awards.$inferSelect;
export type AwardEvent = typeof awardEvents.$inferSelect;

/** Statuses after which a retry makes sense: the service may not have it, or refused it. */
export const RETRYABLE: readonly AwardStatus[] = ["failed", "unknown", "sending"];

export class TrailError extends Error {}

/** Whether "Retry" applies: not to a bulk row the batch's sender holds right now. */
export function canRetry(award: Pick<AwardRecord, "status" | "batchId">): boolean {
  return RETRYABLE.includes(award.status) && !(award.batchId !== null && award.status === "sending");
}

/** The award with its GUIDs in the one form the trail stores (lib/contract/guid.ts). */
export function canonicalAward<T extends Pick<NewAward, "projectGuid" | "requestId" | "lines">>(award: T): T {
  return {
    ...award,
    projectGuid: canonicalGuid(award.projectGuid),
    requestId: canonicalGuid(award.requestId),
    lines: award.lines.map((line) => ({
      ...line,
      Guid: canonicalGuid(line.Guid),
      ContractGuid: canonicalGuid(line.ContractGuid),
    })),
  };
}

export async function findAward(db: ConsoleDb, requestId: string): Promise<AwardRecord | null> {
  const [row] = await db
    .select()
    .from(awards)
    .where(sql`lower(${awards.requestId}) = lower(${requestId})`)
    .orderBy(desc(awards.id))
    .limit(1);
  return row ?? null;
}

export async function findAwardById(db: ConsoleDb, id: number): Promise<AwardRecord | null> {
  const [row] = await db.select().from(awards).where(eq(awards.id, id));
  return row ?? null;
}

export async function awardTimeline(db: ConsoleDb, awardId: number): Promise<AwardEvent[]> {
  return db.select().from(awardEvents).where(eq(awardEvents.awardId, awardId)).orderBy(awardEvents.id);
}

export interface AwardFilters {
  /** One player exactly (the player page). */
  customerId?: string;
  /** Part of a Customer ID, any case: "1002" finds "player-1002" (the history's filter). */
  customerContains?: string;
  actorEmail?: string;
  status?: AwardStatusFilter;
  /** Inclusive start and exclusive end, UTC. */
  from?: Date;
  to?: Date;
  projectGuid?: string;
  /** The rows of one bulk batch (its page). */
  batchId?: number;
}

export const AWARD_SORTS = {
  sent: awards.createdAt,
  player: awards.customerId,
  by: awards.actorEmail,
  status: awards.status,
  line: awards.batchLine,
} as const;
export type AwardSort = { column: keyof typeof AWARD_SORTS; descending: boolean };

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the trail (newest first unless sorted otherwise), and how many awards match in all. */
export async function listAwards(
  db: ConsoleDb,
  filters: AwardFilters,
  page: { offset: number; limit: number; sort?: AwardSort },
): Promise<{ rows: AwardRecord[]; total: number }> {
  const where = and(
    filters.customerId ? eq(awards.customerId, filters.customerId) : undefined,
    filters.customerContains
      ? ilike(awards.customerId, `%${likeText(filters.customerContains)}%`)
      : undefined,
    filters.actorEmail ? eq(awards.actorEmail, filters.actorEmail.toLowerCase()) : undefined,
    filters.status === "any-reversal"
      ? inArray(awards.status, [...REVERSED_STATUSES])
      : filters.status
        ? eq(awards.status, filters.status)
        : undefined,
    filters.from ? gte(awards.createdAt, filters.from) : undefined,
    filters.to ? lt(awards.createdAt, filters.to) : undefined,
    filters.projectGuid ? eq(awards.projectGuid, canonicalGuid(filters.projectGuid)) : undefined,
    filters.batchId !== undefined ? eq(awards.batchId, filters.batchId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(awards)
      .where(where)
      .orderBy(
        ...(page.sort
          ? [page.sort.descending ? desc(AWARD_SORTS[page.sort.column]) : asc(AWARD_SORTS[page.sort.column])]
          : []),
        desc(awards.createdAt),
        desc(awards.id),
      )
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(awards).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The awards of one project this console sent, among the given RequestIDs (case-insensitive). */
export async function awardsByRequestId(
  db: ConsoleDb,
  projectGuid: string,
  requestIds: string[],
): Promise<AwardRecord[]> {
  if (requestIds.length === 0) return [];
  const wanted = requestIds.map((id) => id.toLowerCase());
  return db
    .select()
    .from(awards)
    .where(
      and(
        eq(awards.projectGuid, canonicalGuid(projectGuid)),
        inArray(sql`lower(${awards.requestId})`, wanted),
      ),
    );
}

/** The current status of each given award of the trail, by lower-cased RequestID (a read, for live pages). */
export async function awardStatuses(
  db: ConsoleDb,
  requestIds: readonly string[],
): Promise<Record<string, AwardStatus>> {
  if (requestIds.length === 0) return {};
  const rows = await db
    .select({ requestId: awards.requestId, status: awards.status })
    .from(awards)
    .where(
      inArray(
        sql`lower(${awards.requestId})`,
        requestIds.map((id) => id.toLowerCase()),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.requestId.toLowerCase(), row.status]));
}
