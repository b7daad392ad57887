import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError, reserveSpend } from "@/lib/approvals/spend";
import { recordAudit } from "@/lib/audit/audit-log";
import { can } from "@/lib/auth/permissions";
import { addBatchRows, type NewBatchRow, noteBatchRowsCreated } from "@/lib/awards/lifecycle/batch-rows";
import { type BatchRecord, insertBatch } from "@/lib/bulk/batch-store";
import type { ServiceConnection } from "@/lib/client/call-service";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { campaignOccurrences, campaigns, users } from "@/lib/db/schema";
import type { Role } from "@/lib/model/roles";
import { enqueueNotification } from "@/lib/notifications/outbox";
import type { CampaignRecord } from "./campaigns";
import { listMembers } from "./player-lists";
import { occurrenceRequestId } from "./request-ids";
import { dueOccurrence, type Occurrence, occurrenceAt } from "./schedule";

/**
 * The scheduler's step (docs/console.md, "Campaigns"): each active campaign whose next occurrence
 * is due runs it once. Running is one transaction that moves the campaign's `next_index` past the
 * occurrence — conditionally, so of two console instances (or a retried round) only one moves it —
 * and writes the occurrence as a bulk batch, every player a row with the RequestID UUIDv5(campaign,
 * occurrence, player), counted against the creator's daily limit. A limit that would be passed
 * rolls all of that back and the occurrence is held instead: written, with its reason, and nothing
 * sent. The batch is then sent by the bulk sender like any other (lib/bulk/running.ts).
 */

/** Where the job loop looks for a campaign's connection: null when it is gone or points elsewhere. */
export type ConnectionOf = (campaign: CampaignRecord) => Promise<ServiceConnection | null>;

/** What one round did: the batches to start sending, and how many occurrences were held or skipped. */
export interface RoundResult {
  sent: { campaignId: number; index: number; batchId: number }[];
  held: { campaignId: number; index: number; reason: string }[];
  skipped: number;
  /** Campaigns that failed this round (tried again next round). */
  failed: { campaignId: number; message: string }[];
}

/** The members read per statement while an occurrence's rows are written. */
const PAGE = 5000;

class Held extends Error {}

/** Runs every due occurrence of active campaigns; `now` is the scheduler's clock (a test's, too). */
export async function runDueOccurrences(
  db: ConsoleDb,
  connectionOf: ConnectionOf,
  now: Date,
): Promise<RoundResult> {
  const result: RoundResult = { sent: [], held: [], skipped: 0, failed: [] };
  const active = await db.select().from(campaigns).where(eq(campaigns.status, "active"));
  for (const campaign of active) {
    // One campaign that fails (its list gone, a statement refused) does not stop the others, nor
    // the job loop's other work: it is tried again next round, and said once in the log.
    try {
      const local = campaign.nextIndex - campaign.indexOffset;
      const due = dueOccurrence(campaign.schedule, local === 0 ? null : local - 1, now);
      if (!due) {
        if (!occurrenceAt(campaign.schedule, local)) await finish(db, campaign);
        continue;
      }
      const outcome = await runOccurrence(db, connectionOf, campaign, due.occurrence, now);
      if (outcome === null) continue;
      result.skipped += due.skipped;
      if ("batchId" in outcome) result.sent.push(outcome);
      else result.held.push(outcome);
    } catch (error) {
      result.failed.push({ campaignId: campaign.id, message: (error as Error).message });
    }
  }
  return result;
}

/**
 * The campaign as the round read it, still so now, locked until the transaction ends: an edit,
 * a pause or an approval that committed since the round's read makes this round leave it (the
 * next one reads it afresh), so an occurrence is never run with terms or a schedule replaced
 * meanwhile. An edit waits for the lock, so it cannot slip between this check and the write.
 */
async function stillAsRead(tx: ConsoleDb, campaign: CampaignRecord): Promise<boolean> {
  const [now] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)).for("update");
  if (!now) return false;
  const terms = (row: CampaignRecord) =>
    JSON.stringify([
      row.status,
      row.nextIndex,
      row.indexOffset,
      row.listId,
      row.mode,
      row.reason,
      row.lines,
      row.schedule,
      row.createdById,
      row.connection,
      row.baseUrl,
      row.projectGuid,
    ]);
  return terms(now) === terms(campaign);
}

/** A campaign whose schedule has no occurrence left is finished. */
async function finish(db: ConsoleDb, campaign: CampaignRecord): Promise<void> {
  await db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    if (!(await stillAsRead(tx, campaign))) return;
    await tx
      .update(campaigns)
      .set({ status: "finished", updatedAt: new Date() })
      .where(eq(campaigns.id, campaign.id));
  });
}

/**
 * Takes the occurrence (and the missed ones before it, as skipped) for this transaction: false
 * when another instance, or an earlier round, already did.
 */
async function takeOccurrence(
  tx: ConsoleDb,
  campaign: CampaignRecord,
  occurrence: Occurrence,
  late: { now: Date; ranIndex: number },
): Promise<boolean> {
  if (!(await stillAsRead(tx, campaign))) return false;
  const [moved] = await tx
    .update(campaigns)
    .set({ nextIndex: late.ranIndex + 1, updatedAt: late.now })
    .where(
      and(
        eq(campaigns.id, campaign.id),
        eq(campaigns.nextIndex, campaign.nextIndex),
        eq(campaigns.status, "active"),
      ),
    )
    .returning({ id: campaigns.id });
  if (!moved) return false;
  const skipped = late.ranIndex - campaign.nextIndex;
  if (skipped > 0)
    await tx.insert(campaignOccurrences).values(
      Array.from({ length: skipped }, (_, n) => ({
        campaignId: campaign.id,
        index: campaign.nextIndex + n,
        dueAt: (occurrenceAt(campaign.schedule, campaign.nextIndex - campaign.indexOffset + n) as Occurrence)
          .at,
        status: "skipped" as const,
        note: `Missed (the console was not running, or the campaign waited for approval): occurrence ${occurrence.index + campaign.indexOffset + 1} ran once in its place.`,
      })),
    );
  return true;
}

async function runOccurrence(
  db: ConsoleDb,
  connectionOf: ConnectionOf,
  campaign: CampaignRecord,
  occurrence: Occurrence,
  now: Date,
): Promise<RoundResult["sent"][number] | RoundResult["held"][number] | null> {
  const index = occurrence.index + campaign.indexOffset;
  const late = { now, ranIndex: index };
  const [creator] = await db
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, campaign.createdById ?? -1));
  const connection = await connectionOf(campaign);
  let reason: string | null = null;
  if (!connection)
    reason = "Its connection is gone or now points elsewhere: sending could pay another project.";
  else if (!creator?.active)
    reason = `${campaign.createdByEmail}, who created it, no longer has an active account: their daily limit cannot be counted.`;
  else if (!can(creator.role as Role, "awards:send"))
    reason = `${campaign.createdByEmail}, who created it, may no longer send awards (${creator.role}): it runs only as a manager's or owner's.`;
  if (reason === null && creator) {
    try {
      const batch = await db.transaction(async (txHandle) => {
        const tx = txHandle as unknown as ConsoleDb;
        if (!(await takeOccurrence(tx, campaign, occurrence, late))) return null;
        const written = await writeOccurrenceBatch(tx, campaign, index, {
          id: campaign.createdById,
          email: campaign.createdByEmail,
        });
        try {
          await reserveSpend(
            tx,
            { userId: creator.id, role: creator.role as Role, projectGuid: campaign.projectGuid },
            await readPolicies(tx, campaign.projectGuid),
            sql`a.batch_id = ${written.id}`,
          );
        } catch (error) {
          if (error instanceof LimitError)
            throw new Held(`${error.message} Nothing of this occurrence was sent.`);
          throw error;
        }
        await tx.insert(campaignOccurrences).values({
          campaignId: campaign.id,
          index,
          dueAt: occurrence.at,
          status: "sent",
          batchId: written.id,
          note: lateNote(occurrence, now),
        });
        await recordAudit(tx, scheduler, {
          kind: "campaign.occurrence-sent",
          summary: `Campaign "${campaign.name}", occurrence ${index + 1}: bulk batch ${written.id} of ${written.rowCount} players`,
          detail: {
            campaignId: campaign.id,
            occurrence: index + 1,
            batchId: written.id,
            players: written.rowCount,
            dueAt: occurrence.at.toISOString(),
          },
        });
        return written;
      });
      return batch ? { campaignId: campaign.id, index, batchId: batch.id } : null;
    } catch (error) {
      if (!(error instanceof Held)) throw error;
      reason = error.message;
    }
  }
  return hold(db, campaign, occurrence, index, late, reason ?? "");
}

/** "Ran 3 h 5 min late": what a late occurrence's page says. */
function lateNote(occurrence: Occurrence, now: Date): string {
  const minutes = Math.floor((now.getTime() - occurrence.at.getTime()) / 60_000);
  if (minutes < 5) return "";
  const hours = Math.floor(minutes / 60);
  return `Ran ${hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`} late: the console was not running when it was due.`;
}

/** The audit log's actor for what the scheduler does on its own. */
const scheduler = { id: null, email: "", client: "", userAgent: "console scheduler" };

/** Writes the occurrence as held (nothing sent), tells its creator, and audits it. */
async function hold(
  db: ConsoleDb,
  campaign: CampaignRecord,
  occurrence: Occurrence,
  index: number,
  late: { now: Date; ranIndex: number },
  reason: string,
): Promise<RoundResult["held"][number] | null> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    if (!(await takeOccurrence(tx, campaign, occurrence, late))) return null;
    await tx.insert(campaignOccurrences).values({
      campaignId: campaign.id,
      index,
      dueAt: occurrence.at,
      status: "held",
      note: reason,
    });
    await enqueueNotification(tx, {
      connection: campaign.connection,
      event: "campaign.held",
      dedup: `campaign:${campaign.guid}:${index}:held`,
      title: `Campaign "${campaign.name}": occurrence ${index + 1} held`,
      body: `Nothing was sent. ${reason}`,
      link: `/campaigns/${campaign.id}`,
      people: { ids: campaign.createdById === null ? [] : [campaign.createdById] },
    });
    await recordAudit(tx, scheduler, {
      kind: "campaign.occurrence-held",
      summary: `Campaign "${campaign.name}", occurrence ${index + 1} held: ${reason}`,
      detail: { campaignId: campaign.id, occurrence: index + 1, reason, dueAt: occurrence.at.toISOString() },
    });
    return { campaignId: campaign.id, index, reason };
  });
}

/**
 * The occurrence's bulk batch, its rows read from the list a page at a time: one award per player
 * with every token line, the amount fixed or the player's own. `by` sends it: the campaign's
 * creator when the scheduler runs it, the person who sends a held occurrence by hand
 * (./send-held.ts). Its RequestIDs are the occurrence's, whoever sends it.
 */
export async function writeOccurrenceBatch(
  tx: ConsoleDb,
  campaign: CampaignRecord,
  index: number,
  by: { id: number | null; email: string },
): Promise<BatchRecord> {
  const [list] = (
    (await tx.execute(
      sql`select player_count from console.player_lists where id = ${campaign.listId}`,
    )) as unknown as {
      rows: { player_count: number }[];
    }
  ).rows;
  const batch = await insertBatch(
    tx,
    {
      fileName: `Campaign "${campaign.name}", occurrence ${index + 1}`,
      // The occurrence's key in the place of a file's hash: the project has one batch per occurrence.
      fileSha256: `campaign:${campaign.guid}:${index}`,
      connection: campaign.connection,
      baseUrl: campaign.baseUrl,
      projectGuid: campaign.projectGuid,
      actorId: by.id,
      actorEmail: by.email,
      reason: campaign.reason,
    },
    Number(list?.player_count ?? 0),
    "sending",
  );
  if (!batch) throw new Error(`campaign ${campaign.id}: occurrence ${index + 1} has a batch already`);
  for (let after = 0; ; ) {
    const members = await listMembers(tx, campaign.listId, after, PAGE);
    if (members.length === 0) break;
    after = (members.at(-1) as { position: number }).position;
    const rows: NewBatchRow[] = members.map((member) => ({
      requestId: occurrenceRequestId(campaign.guid, index, member.customerId),
      customerId: member.customerId,
      isAllowance: campaign.mode === "allowance",
      isMintable: false,
      wallet: "",
      lines: campaign.lines.map((line) => ({
        Guid: canonicalGuid(line.tokenGuid),
        ContractGuid: canonicalGuid(line.contractGuid),
        Amount: line.amount ?? (member.amount as string),
      })),
      line: member.position,
    }));
    await addBatchRows(tx, batch, rows, "pending");
  }
  await noteBatchRowsCreated(tx, batch);
  return batch;
}
