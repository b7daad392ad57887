import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { campaigns, playerListMembers, playerLists } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { type ListProblem, type ListRow, readListFile } from "./list-file";

/**
 * Player lists (docs/console.md, "Player lists"): the only writer of `console.player_lists` and its
 * members. A list is written whole in one transaction — from a streamed file, a bulk batch's rows
 * or the award history — and never changed after: a campaign that uses it pays, at every
 * occurrence, the players that were approved. A file with any problem writes nothing.
 */

export type PlayerListRecord = typeof playerLists.$inferSelect;

/** Who saves a list, for which project (the request context's chosen project). */
export interface ListOwner {
  connection: string;
  projectGuid: string;
  /** The connection's name, for the audit log. */
  project: string;
  userId: number;
  email: string;
}

/** A file that was not saved, with its problems row by row (at most 100 shown). */
export class ListFileError extends UserFacingError {
  constructor(
    message: string,
    readonly problems: ListProblem[],
  ) {
    super(message, { status: 422 });
  }
}

const NAME_MAX = 100;

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "")
    throw new UserFacingError("name: give the list a name.", {
      fieldErrors: { name: "Give the list a name." },
    });
  if (trimmed.length > NAME_MAX)
    throw new UserFacingError(`name: at most ${NAME_MAX} characters.`, {
      fieldErrors: { name: `At most ${NAME_MAX} characters.` },
    });
  return trimmed;
}

type Tx = ConsoleDb;

async function insertList(
  tx: Tx,
  owner: ListOwner,
  list: { name: string; source: PlayerListRecord["source"]; sourceDetail: string; hasAmounts: boolean },
): Promise<PlayerListRecord> {
  const [created] = await tx
    .insert(playerLists)
    .values({
      connection: owner.connection,
      projectGuid: canonicalGuid(owner.projectGuid),
      name: list.name,
      source: list.source,
      sourceDetail: list.sourceDetail.slice(0, 300),
      playerCount: 0,
      hasAmounts: list.hasAmounts,
      createdById: owner.userId,
      createdByEmail: owner.email,
    })
    .returning();
  if (!created) throw new Error("the list could not be written");
  return created;
}

/** Counts what was written, refuses an empty list, and writes the audit row: the transaction's last steps. */
async function finishList(
  tx: Tx,
  actor: AuditActor,
  owner: ListOwner,
  list: PlayerListRecord,
): Promise<PlayerListRecord> {
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(playerListMembers)
    .where(eq(playerListMembers.listId, list.id));
  const playerCount = counted?.n ?? 0;
  if (playerCount === 0) throw new UserFacingError("No player matches: nothing was saved.");
  const [saved] = await tx
    .update(playerLists)
    .set({ playerCount })
    .where(eq(playerLists.id, list.id))
    .returning();
  if (!saved) throw new Error("the list could not be counted");
  await recordAudit(tx, actor, {
    kind: "player-list.created",
    project: owner.project,
    summary: `Saved player list "${saved.name}" (${playerCount} player${playerCount === 1 ? "" : "s"}) from ${saved.source === "file" ? `file ${saved.sourceDetail}` : saved.sourceDetail}`,
    detail: { listId: saved.id, players: playerCount, source: saved.source, from: saved.sourceDetail },
  });
  return saved;
}

const MAX_SHOWN_PROBLEMS = 100;

/**
 * Saves a list from a file read as it arrives (lib/campaigns/list-file.ts): rows are written a
 * few thousand at a time, so memory stays flat for a million players. A Customer ID twice is a
 * problem of the later line (a list pays each player once). Any problem rolls everything back.
 */
export async function saveListFromFile(
  db: ConsoleDb,
  owner: ListOwner,
  actor: AuditActor,
  input: { name: string; fileName: string; body: AsyncIterable<Uint8Array> },
): Promise<PlayerListRecord> {
  const name = checkedName(input.name);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Tx;
    // Whether the file has amounts is known after its header; the first rows say it.
    let list: PlayerListRecord | null = null;
    let position = 0;
    const repeats: ListProblem[] = [];
    let repeatCount = 0;
    const write = async (rows: ListRow[]) => {
      list ??= await insertList(tx, owner, {
        name,
        source: "file",
        sourceDetail: input.fileName,
        hasAmounts: rows[0]?.amount !== null,
      });
      const listId = list.id;
      const values = rows.map((row, index) => ({
        listId,
        position: position + index + 1,
        customerId: row.customerId,
        amount: row.amount,
      }));
      position += rows.length;
      const written = await tx
        .insert(playerListMembers)
        .values(values)
        .onConflictDoNothing({ target: [playerListMembers.listId, playerListMembers.customerId] })
        .returning({ position: playerListMembers.position });
      if (written.length === rows.length) return;
      const kept = new Set(written.map((row) => row.position));
      values.forEach((value, index) => {
        if (kept.has(value.position)) return;
        repeatCount += 1;
        if (repeats.length < MAX_SHOWN_PROBLEMS)
          repeats.push({
            line: (rows[index] as ListRow).line,
            message: `customer_id: ${value.customerId} is on an earlier line: a list has each player once`,
          });
      });
    };
    const result = await readListFile(input.body, write);
    if (!result.ok || repeatCount > 0) {
      const problems = result.ok ? repeats : [...result.problems, ...repeats].slice(0, MAX_SHOWN_PROBLEMS);
      const count = (result.ok ? 0 : result.problems.length) + repeatCount;
      throw new ListFileError(
        result.ok || result.error === null
          ? `The file has ${count} row${count === 1 ? "" : "s"} with problems: nothing was saved. Fix them and upload it again.`
          : `${result.error} Nothing was saved.`,
        problems,
      );
    }
    if (!list) throw new UserFacingError("The file has a header but no rows: nothing was saved.");
    return finishList(tx, actor, owner, list);
  });
}

/** Which rows of a bulk batch make the list. */
export const BATCH_FILTERS = ["all", "paid", "failed"] as const;
export type BatchFilter = (typeof BATCH_FILTERS)[number];

const BATCH_STATUSES: Record<BatchFilter, string[] | null> = {
  all: null,
  paid: ["completed", "queued", "accepted"],
  failed: ["failed", "unknown"],
};

/**
 * Saves the players of a bulk batch's rows of this project — all, the paid ones, or those whose
 * award failed — in the order of the file, each once (one statement: no row passes through here).
 */
export async function saveListFromBatch(
  db: ConsoleDb,
  owner: ListOwner,
  actor: AuditActor,
  input: { name: string; batchId: number; filter: BatchFilter },
): Promise<PlayerListRecord> {
  const name = checkedName(input.name);
  const statuses = BATCH_STATUSES[input.filter];
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Tx;
    const [batch] = (
      (await tx.execute(sql`
        select id, file_name from console.award_batches
        where id = ${input.batchId} and project_guid = ${canonicalGuid(owner.projectGuid)}`)) as unknown as {
        rows: { id: number; file_name: string }[];
      }
    ).rows;
    if (!batch) throw new UserFacingError(`There is no bulk batch ${input.batchId} in this project.`);
    const list = await insertList(tx, owner, {
      name,
      source: "batch",
      sourceDetail: `${input.filter === "all" ? "every player" : input.filter === "paid" ? "the paid players" : "the players whose award failed"} of batch ${batch.id} (${batch.file_name})`,
      hasAmounts: false,
    });
    await tx.execute(sql`
      insert into console.player_list_members (list_id, position, customer_id)
      select ${list.id}, row_number() over (order by first_line), customer_id
      from (
        select customer_id, min(batch_line) as first_line from console.awards
        where batch_id = ${batch.id}
          ${
            statuses
              ? sql`and status in (${sql.join(
                  statuses.map((s) => sql`${s}`),
                  sql`, `,
                )})`
              : sql``
          }
        group by customer_id
      ) players`);
    return finishList(tx, actor, owner, list);
  });
}

/** A filter on the award history: awards of one status (or any), of one token (or any), in a time window. */
export interface HistoryFilter {
  status: "any" | "paid" | "failed";
  /** A token's GUID; null: any token. */
  tokenGuid: string | null;
  since: Date;
  until: Date;
  /** The filter in words, as the list will say where it came from. */
  description: string;
}

/** Saves the players of the project's awards that match a filter, most recently awarded first. */
export async function saveListFromHistory(
  db: ConsoleDb,
  owner: ListOwner,
  actor: AuditActor,
  input: { name: string; filter: HistoryFilter },
): Promise<PlayerListRecord> {
  const name = checkedName(input.name);
  const { filter } = input;
  const statuses = filter.status === "any" ? null : BATCH_STATUSES[filter.status];
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Tx;
    const list = await insertList(tx, owner, {
      name,
      source: "history",
      sourceDetail: filter.description,
      hasAmounts: false,
    });
    await tx.execute(sql`
      insert into console.player_list_members (list_id, position, customer_id)
      select ${list.id}, row_number() over (order by last_at desc, customer_id), customer_id
      from (
        select customer_id, max(created_at) as last_at from console.awards a
        where project_guid = ${canonicalGuid(owner.projectGuid)}
          and created_at >= ${filter.since.toISOString()} and created_at < ${filter.until.toISOString()}
          ${
            statuses
              ? sql`and status in (${sql.join(
                  statuses.map((s) => sql`${s}`),
                  sql`, `,
                )})`
              : sql``
          }
          ${
            filter.tokenGuid
              ? sql`and exists (select 1 from jsonb_array_elements(a.lines) l where lower(l->>'Guid') = ${canonicalGuid(filter.tokenGuid)})`
              : sql``
          }
        group by customer_id
      ) players`);
    return finishList(tx, actor, owner, list);
  });
}

/** The most players a list from a search keeps: a search is for finding, a file for the rest. */
export const MAX_SEARCH_LIST = 10_000;

/**
 * Saves the players a search found (the caller pages through it: lib/players/search-players.ts),
 * in the order it answered, each once; `capped` when the search had more than it could list.
 */
export async function saveListFromSearch(
  db: ConsoleDb,
  owner: ListOwner,
  actor: AuditActor,
  input: { name: string; fragment: string; customerIds: readonly string[]; capped: boolean },
): Promise<PlayerListRecord> {
  const name = checkedName(input.name);
  const unique = [...new Set(input.customerIds)].slice(0, MAX_SEARCH_LIST);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Tx;
    const list = await insertList(tx, owner, {
      name,
      source: "search",
      sourceDetail: `the players a search for "${input.fragment}" found${input.capped ? " (the first of more)" : ""}`,
      hasAmounts: false,
    });
    for (let start = 0; start < unique.length; start += 5000)
      await tx.insert(playerListMembers).values(
        unique.slice(start, start + 5000).map((customerId, index) => ({
          listId: list.id,
          position: start + index + 1,
          customerId,
        })),
      );
    return finishList(tx, actor, owner, list);
  });
}

/** A project's lists, newest first. */
export async function listPlayerLists(
  db: ConsoleDb,
  projectGuid: string,
  limit = 100,
): Promise<PlayerListRecord[]> {
  return db
    .select()
    .from(playerLists)
    .where(eq(playerLists.projectGuid, canonicalGuid(projectGuid)))
    .orderBy(desc(playerLists.id))
    .limit(limit);
}

export async function findPlayerList(
  db: ConsoleDb,
  projectGuid: string,
  listId: number,
): Promise<PlayerListRecord | null> {
  const [row] = await db
    .select()
    .from(playerLists)
    .where(and(eq(playerLists.id, listId), eq(playerLists.projectGuid, canonicalGuid(projectGuid))));
  return row ?? null;
}

/** One list member, its amount exact text (null when the list has none). */
export interface ListMember {
  position: number;
  customerId: string;
  amount: string | null;
}

/** A page of a list's players in order, after `position` (keyset paging: flat however long the list). */
export async function listMembers(
  db: ConsoleDb,
  listId: number,
  after: number,
  limit: number,
): Promise<ListMember[]> {
  return db
    .select({
      position: playerListMembers.position,
      customerId: playerListMembers.customerId,
      amount: sql<string | null>`trim_scale(${playerListMembers.amount})::text`,
    })
    .from(playerListMembers)
    .where(and(eq(playerListMembers.listId, listId), gt(playerListMembers.position, after)))
    .orderBy(playerListMembers.position)
    .limit(limit);
}

/** The sum of a list's own amounts (exact), for an occurrence's totals; "0" for a list without. */
export async function listAmountTotal(db: ConsoleDb, listId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(trim_scale(sum(${playerListMembers.amount})), 0)::text` })
    .from(playerListMembers)
    .where(eq(playerListMembers.listId, listId));
  return row?.total ?? "0";
}

/** Deletes a list no campaign uses (a used one is the snapshot a campaign pays: kept). */
export async function deletePlayerList(
  db: ConsoleDb,
  owner: ListOwner,
  actor: AuditActor,
  listId: number,
): Promise<void> {
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Tx;
    const list = await findPlayerList(tx, owner.projectGuid, listId);
    if (!list) throw new UserFacingError(`There is no player list ${listId} in this project.`);
    const [used] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.listId, listId))
      .limit(1);
    if (used)
      throw new UserFacingError(
        `Player list "${list.name}" is used by campaign ${used.id}: a campaign's list is kept as long as the campaign.`,
      );
    await tx.delete(playerLists).where(eq(playerLists.id, listId));
    await recordAudit(tx, actor, {
      kind: "player-list.deleted",
      project: owner.project,
      summary: `Deleted player list "${list.name}" (${list.playerCount} players)`,
      detail: { listId, players: list.playerCount },
    });
  });
}
