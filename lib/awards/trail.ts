import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql } from "drizzle-orm";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardTrailLine, awardEvents, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";

/**
 * The award trail (DESIGN §7): an award is written before it is sent and updated with every
 * outcome, so nothing sent is ever unknown to the console and any award can be retried with its
 * RequestID. Functions here only read and write the console's database.
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

export type AwardRecord = typeof awards.$inferSelect;
export type AwardEvent = typeof awardEvents.$inferSelect;

/** Statuses after which a retry makes sense: the service may not have it, or refused it. */
export const RETRYABLE: readonly AwardStatus[] = ["failed", "unknown", "sending"];

export class TrailError extends Error {}

/** Whether "Retry" applies: not to a bulk row the batch's sender holds right now. */
export function canRetry(award: Pick<AwardRecord, "status" | "batchId">): boolean {
  return RETRYABLE.includes(award.status) && !(award.batchId !== null && award.status === "sending");
}

/**
 * Writes the award with its "created" event, before anything is sent. A RequestID the trail
 * already holds is the same award (a retry): the stored row is returned when the body matches,
 * and a different body under the same RequestID is refused, as the service would.
 */
export async function recordAward(db: ConsoleDb, award: NewAward): Promise<AwardRecord> {
  return db.transaction(
    async (tx) => (await writeAward(tx as unknown as ConsoleDb, award, "sending")).record,
  );
}

/**
 * `recordAward` in the caller's transaction, with the status a new award starts in ("sending",
 * or "awaiting-approval" over a threshold); `created` says whether it is new.
 */
export async function writeAward(
  tx: ConsoleDb,
  given: NewAward,
  status: "sending" | "awaiting-approval",
): Promise<{ record: AwardRecord; created: boolean }> {
  const award = canonicalAward(given);
  const [created] = await tx
    .insert(awards)
    .values({ ...award, status })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await tx.insert(awardEvents).values({
      awardId: created.id,
      kind: "created",
      status,
      actorEmail: award.actorEmail,
      detail: award.reason,
    });
    return { record: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(awards)
    .where(
      and(
        eq(awards.projectGuid, award.projectGuid),
        sql`lower(${awards.requestId}) = lower(${award.requestId})`,
      ),
    );
  if (!existing) throw new TrailError("the award could not be written to the trail.");
  if (sameBody(existing, award)) return { record: existing, created: false };
  throw new TrailError(
    `RequestID ${award.requestId} was already used for a different award (${existing.customerId}, ${existing.createdAt.toISOString()}): change anything and a new RequestID is made.`,
  );
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

function canonicalLines(lines: AwardTrailLine[]): string {
  return lines
    .map((line) => `${line.Guid.toLowerCase()} ${line.ContractGuid.toLowerCase()} ${line.Amount}`)
    .sort()
    .join("|");
}

function sameBody(existing: AwardRecord, award: NewAward): boolean {
  return (
    existing.customerId === award.customerId &&
    existing.isAllowance === award.isAllowance &&
    (award.isAllowance ? existing.isMintable === award.isMintable : existing.wallet === award.wallet) &&
    canonicalLines(existing.lines) === canonicalLines(award.lines)
  );
}

/** One more attempt is about to go out. */
export async function markSent(db: ConsoleDb, awardId: number, actorEmail: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(awards)
      .set({ attempts: sql`${awards.attempts} + 1`, updatedAt: new Date() })
      .where(eq(awards.id, awardId))
      .returning({ attempts: awards.attempts });
    const attempt = row?.attempts ?? 0;
    await tx.insert(awardEvents).values({
      awardId,
      kind: "sent",
      actorEmail,
      detail: attempt > 1 ? `Retry: attempt ${attempt}, same RequestID and body.` : "Sent to the service.",
    });
    return attempt;
  });
}

/** What the service answered (or that the answer was lost), as the award's new status. */
export async function recordOutcome(
  db: ConsoleDb,
  awardId: number,
  outcome: { status: AwardStatus; error?: string; detail: string; kind?: "outcome" | "status" },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(awards)
      .set({ status: outcome.status, error: outcome.error ?? "", updatedAt: new Date() })
      .where(eq(awards.id, awardId));
    await tx.insert(awardEvents).values({
      awardId,
      kind: outcome.kind ?? "outcome",
      status: outcome.status,
      detail: outcome.detail,
    });
  });
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
  status?: AwardStatus;
  /** Inclusive start and exclusive end, UTC. */
  from?: Date;
  to?: Date;
  projectGuid?: string;
}

export const AWARD_SORTS = {
  sent: awards.createdAt,
  player: awards.customerId,
  by: awards.actorEmail,
  status: awards.status,
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
    filters.status ? eq(awards.status, filters.status) : undefined,
    filters.from ? gte(awards.createdAt, filters.from) : undefined,
    filters.to ? lt(awards.createdAt, filters.to) : undefined,
    filters.projectGuid ? eq(awards.projectGuid, canonicalGuid(filters.projectGuid)) : undefined,
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
