import "server-only";
import { cache } from "react";
import { type ApprovalRecord, approvalOf } from "@/lib/approvals/approvals";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import type { AwardStatus, AwardStatusFilter } from "@/lib/model/award-status";
import type { TrailReversal } from "@/lib/model/reversal-status";
import { projectContext } from "@/lib/project/current-project";
import { findReversal, type ReversalRecord } from "./lifecycle/reversals";
import { playerReversals, type ReversalView, readReversalView, trailReversals } from "./reversal-view";
import { tokenSymbols } from "./token-symbols";
import {
  type AwardEvent,
  type AwardFilters,
  type AwardRecord,
  type AwardSort,
  awardStatuses,
  awardTimeline,
  findAward,
  findAwardById,
  listAwards,
} from "./trail";

/**
 * What the Awards pages and their live route read from the award trail (docs/console.md, "The
 * trail"). Each read opens the running console's database itself: pages never handle it
 * (docs/architecture.md, `app-never-imports-database`). Reads only.
 */

/** A page of the trail of the project the person works on (the switcher changes it), with the symbols that name its tokens. */
export async function readAwardHistory(
  user: ConsoleUser,
  filters: Omit<AwardFilters, "projectGuid">,
  page: { offset: number; limit: number; sort?: AwardSort },
): Promise<{ rows: AwardRecord[]; total: number; symbols: Map<string, string> }> {
  const [db, { connection }] = await Promise.all([consoleDb(), projectContext(user.id)]);
  const { rows, total } = await listAwards(db, { ...filters, projectGuid: connection?.projectGuid }, page);
  return { rows, total, symbols: await tokenSymbols(connection) };
}

/**
 * A page of one bulk batch's rows (its awards in the trail), in file order unless sorted otherwise,
 * optionally of one status: the batch page's table, whichever project is chosen now.
 */
export async function readBatchAwards(
  user: ConsoleUser,
  batchId: number,
  status: AwardStatusFilter | undefined,
  page: { offset: number; limit: number; sort?: AwardSort },
): Promise<{ rows: AwardRecord[]; total: number; symbols: Map<string, string> }> {
  const [db, { connection }] = await Promise.all([consoleDb(), projectContext(user.id)]);
  const sort = page.sort ?? { column: "line", descending: false };
  const { rows, total } = await listAwards(db, { batchId, status }, { ...page, sort });
  return { rows, total, symbols: await tokenSymbols(connection) };
}

/** Rows read at a time for the history's export: one query per chunk, however long the trail. */
const EXPORT_CHUNK = 500;

/**
 * Every award of the history under its filters and sort, read a chunk at a time while the export
 * streams (lib/api/define-csv-export.ts), with the symbols that name their tokens.
 */
export async function readAwardHistoryFile(
  user: ConsoleUser,
  filters: Omit<AwardFilters, "projectGuid">,
  sort: AwardSort | undefined,
): Promise<{ rows: AsyncIterable<AwardRecord>; symbols: Map<string, string> }> {
  const [db, { connection }] = await Promise.all([consoleDb(), projectContext(user.id)]);
  const where = { ...filters, projectGuid: connection?.projectGuid };
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const page = await listAwards(db, where, { offset, limit: EXPORT_CHUNK, sort });
      yield* page.rows;
      if (page.rows.length < EXPORT_CHUNK) return;
    }
  }
  return { rows: rows(), symbols: await tokenSymbols(connection) };
}

/** A player's latest awards in the trail of one project: the player page's table. */
export async function readPlayerAwards(
  customerId: string,
  projectGuid: string,
  limit: number,
): Promise<{ rows: AwardRecord[]; total: number }> {
  return listAwards(await consoleDb(), { customerId, projectGuid }, { offset: 0, limit });
}

/** A reversal of one of a player's awards, as the player's page lists it (who, when, why, how much). */
export type PlayerReversal = TrailReversal & { requestId: string };

/** A player's latest reversals in the trail of one project: the player page's list. */
export async function readPlayerReversals(
  customerId: string,
  projectGuid: string,
  limit: number,
): Promise<PlayerReversal[]> {
  return playerReversals(await consoleDb(), customerId, projectGuid, limit);
}

export interface AwardPageData {
  award: AwardRecord;
  symbols: Map<string, string>;
  timeline: AwardEvent[];
  approval: ApprovalRecord | null;
}

/**
 * One award by its RequestID (any case), read once per request however many parts of the page ask:
 * the award's layout asks first, to answer HTTP 404 before the page streams (docs/console.md,
 * "Sign-in, titles and missing pages").
 */
const findAwardOnce = cache(async (requestId: string) => findAward(await consoleDb(), requestId));

/** Whether this console sent an award with this RequestID (any case). */
export async function awardExists(requestId: string): Promise<boolean> {
  return (await findAwardOnce(requestId)) !== null;
}

/** One award by its RequestID (any case) with its timeline and approval request; null when this console sent none. */
export async function readAwardPage(user: ConsoleUser, requestId: string): Promise<AwardPageData | null> {
  const award = await findAwardOnce(requestId);
  if (!award) return null;
  const db = await consoleDb();
  const { connection } = await projectContext(user.id);
  const [symbols, timeline, approval] = await Promise.all([
    tokenSymbols(connection),
    awardTimeline(db, award.id),
    approvalOf(db, { awardId: award.id }),
  ]);
  return { award, symbols, timeline, approval };
}

/**
 * The Reverse panel of an award's page (docs/console.md, "Reversals"): the reversals the trail
 * holds of it, and — for a person who may reverse — what the service says can be reversed now,
 * each line named by its symbol.
 */
export async function readAwardReversals(
  user: ConsoleUser,
  award: AwardRecord,
  symbols: Map<string, string>,
): Promise<{ view: ReversalView | null; trail: TrailReversal[] }> {
  const db = await consoleDb();
  const [view, trail] = await Promise.all([
    can(user.role, "awards:reverse") ? readReversalView(db, award) : null,
    trailReversals(db, award.id),
  ]);
  if (view?.kind === "ready")
    for (const line of view.lines) line.symbol = symbols.get(line.token) ?? line.token;
  return { view, trail };
}

/** A reversal of the trail by its row ID with the award it takes back from (a reversal's approval request). */
export async function readReversalById(
  id: number,
): Promise<{ record: ReversalRecord; award: AwardRecord } | null> {
  const db = await consoleDb();
  const record = await findReversal(db, id);
  const award = record ? await findAwardById(db, record.awardId) : null;
  return record && award ? { record, award } : null;
}

/** An award of the trail by its row ID (an approval request's award); null when there is none. */
export async function readAwardById(id: number): Promise<AwardRecord | null> {
  return findAwardById(await consoleDb(), id);
}

/** The trail's current status of the awards a page watches (GET /api/awards/statuses). */
export async function readAwardStatuses(requestIds: readonly string[]): Promise<Record<string, AwardStatus>> {
  return awardStatuses(await consoleDb(), requestIds);
}
