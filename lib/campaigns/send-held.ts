import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError, reserveSpend } from "@/lib/approvals/spend";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ConsoleDb } from "@/lib/db/connection";
import { campaignOccurrences } from "@/lib/db/schema";
import type { OccurrenceStatus } from "@/lib/model/campaign-status";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { type CampaignRecord, type CampaignScope, findCampaign } from "./campaigns";
import { type ConnectionOf, writeOccurrenceBatch } from "./run-occurrence";

/** A campaign whose held occurrences may still be sent: not cancelled, not waiting for approval. */
const SENDABLE = new Set(["active", "paused", "finished"]);

/**
 * Why a campaign's occurrence cannot be sent by hand, or null when it can: it must be held, its
 * campaign neither cancelled nor waiting for approval, and its terms those the campaign has now.
 */
export function whyNotSendable(
  campaign: Pick<CampaignRecord, "name" | "status" | "indexOffset">,
  occurrence: { index: number; status: OccurrenceStatus } | undefined,
  number: number,
): string | null {
  if (occurrence?.status !== "held")
    return `Occurrence ${number} of campaign "${campaign.name}" is ${occurrence ? occurrence.status : "not one that ran"}: only a held occurrence is sent by hand.`;
  if (!SENDABLE.has(campaign.status))
    return `Campaign "${campaign.name}" is ${campaign.status}: its held occurrences are not sent.`;
  if (occurrence.index < campaign.indexOffset)
    return `The terms of campaign "${campaign.name}" were changed after occurrence ${number} was held: it would be paid on terms it never had. Award its players as a bulk batch instead.`;
  return null;
}

/**
 * Sends a held occurrence by hand (docs/console.md, "Campaigns"): its bulk batch is written now,
 * with the occurrence's own RequestIDs, and counted against the daily limit of the person who
 * sends it — they decide to pay it late. One transaction: the occurrence (locked, still held)
 * becomes sent with its batch, or nothing is written; a second send finds it sent and is refused.
 * An occurrence held before the campaign's terms were edited is refused: its terms are gone, and
 * so is one whose campaign's connection is gone or now points elsewhere.
 * The caller starts the batch's sending once this has committed.
 */
export async function sendHeldOccurrence(
  scope: CampaignScope,
  user: ConsoleUser,
  campaignId: number,
  number: number,
  actor: AuditActor,
  options: { connectionOf: ConnectionOf; now?: Date },
): Promise<{ batchId: number; players: number }> {
  const index = number - 1;
  const now = options.now ?? new Date();
  // As the scheduler holds it (run-occurrence.ts): a batch on a connection that is gone or now
  // points at another project would wait, or pay the wrong project. Read before the transaction:
  // the connection's own read goes through the database handle, not the transaction's.
  const saved = await findCampaign(scope.db, scope.connection.projectGuid, campaignId);
  if (saved && !(await options.connectionOf(saved)))
    throw new UserFacingError(
      `The connection campaign "${saved.name}" was made with is gone or now points elsewhere: sending could pay another project. Nothing of occurrence ${number} was sent.`,
      { status: 409 },
    );
  return scope.db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const campaign = await findCampaign(tx, scope.connection.projectGuid, campaignId);
    if (!campaign)
      throw new UserFacingError(`There is no campaign ${campaignId} in this project.`, { status: 404 });
    const [held] = await tx
      .select()
      .from(campaignOccurrences)
      .where(and(eq(campaignOccurrences.campaignId, campaignId), eq(campaignOccurrences.index, index)))
      .for("update");
    const refused = whyNotSendable(campaign, held, number);
    if (refused || !held) throw new UserFacingError(refused ?? "", { status: 409 });
    const written = await writeOccurrenceBatch(tx, campaign, index, { id: user.id, email: user.email });
    try {
      await reserveSpend(
        tx,
        { userId: user.id, role: user.role, projectGuid: campaign.projectGuid },
        await readPolicies(tx, campaign.projectGuid),
        sql`a.batch_id = ${written.id}`,
      );
    } catch (error) {
      if (error instanceof LimitError)
        throw new UserFacingError(`${error.message} Nothing of occurrence ${number} was sent.`, {
          status: 409,
        });
      throw error;
    }
    await tx
      .update(campaignOccurrences)
      .set({
        status: "sent",
        batchId: written.id,
        note: `Held: ${held.note} Sent by hand by ${user.email} at ${now.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      })
      .where(eq(campaignOccurrences.id, held.id));
    await recordAudit(tx, actor, {
      kind: "campaign.occurrence-sent-by-hand",
      project: scope.chosen.name,
      summary: `Campaign "${campaign.name}", held occurrence ${number} sent: bulk batch ${written.id} of ${written.rowCount} players`,
      detail: { campaignId, occurrence: number, batchId: written.id, players: written.rowCount },
    });
    return { batchId: written.id, players: written.rowCount };
  });
}
