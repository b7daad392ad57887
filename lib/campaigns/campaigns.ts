import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { readPolicies } from "@/lib/approvals/policies";
import { dailyLimitFor, describeBreach, overThreshold, type TokenAmount } from "@/lib/approvals/policy-model";
import { approvalExpiry, approvalTotals } from "@/lib/approvals/request-terms";
import { type AuditActor, recordAudit } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import { requestApproval } from "@/lib/awards/approval-decisions";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { compareDecimals } from "@/lib/contract/decimal";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { campaignOccurrences, campaigns } from "@/lib/db/schema";
import type { CampaignLine, CampaignStatus } from "@/lib/model/campaign-status";
import type { ConnectionSummary } from "@/lib/model/connection-summary";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { requireProject } from "@/lib/project/current-project";
import { type CampaignInput, lineAmount, scheduleOf } from "./campaign-input";
import { fundsOf } from "./funds-forecast";
import { occurrenceTotals } from "./occurrence-totals";
import { findPlayerList, type ListOwner, type PlayerListRecord } from "./player-lists";
import { type CampaignSchedule, occurrenceAt, occurrencesAfter } from "./schedule";
import { describeSchedule, wallText } from "./schedule-text";
import { instantOf } from "./zoned-time";

/**
 * Campaigns (docs/console.md, "Campaigns"): the only writer of `console.campaigns` besides the
 * scheduler's step (run-occurrence.ts). A campaign is written with what it pays — its token lines
 * resolved against the service's tokens, its list, its schedule — and, when one occurrence's
 * total of a token is above that token's approval threshold, an approval request for the whole
 * schedule in the same transaction; nothing runs until another person approves it.
 */

export type CampaignRecord = typeof campaigns.$inferSelect;

/** Where a person's campaign work happens: the console's database and their chosen project. */
export interface CampaignScope {
  db: ConsoleDb;
  chosen: Pick<ConnectionSummary, "ref" | "name">;
  connection: ServiceConnection;
}

/** The request's scope for campaign work (the actions'); refused without a chosen project. */
export async function campaignScope(user: ConsoleUser): Promise<CampaignScope> {
  const { chosen, connection } = await requireProject(user.id);
  return { db: await consoleDb(), chosen, connection };
}

/** Token lines resolved to the service's symbols and chains; a line naming an unknown token or contract is refused. */
async function resolveLines(connection: ServiceConnection, input: CampaignInput): Promise<CampaignLine[]> {
  let tokens: Awaited<ReturnType<typeof listProjectTokens>>["Data"]["Tokens"];
  try {
    tokens = (await listProjectTokens(connection)).Data.Tokens;
  } catch (error) {
    if (error instanceof ServiceCallError)
      throw new UserFacingError(
        `The campaign was not saved: the service's tokens could not be read (${error.message}).`,
      );
    throw error;
  }
  return input.lines.map((line, index) => {
    const token = tokens.find((t) => canonicalGuid(t.Guid) === canonicalGuid(line.token));
    if (!token)
      throw new UserFacingError(`lines.${index}.token: the project has no such token.`, {
        fieldErrors: { [`lines.${index}.token`]: "The project has no such token." },
      });
    const contract = token.Contracts.find(
      (c) => canonicalGuid(c.ContractGuid) === canonicalGuid(line.contract),
    );
    if (!contract)
      throw new UserFacingError(`lines.${index}.contract: ${token.Symbol} has no such contract.`, {
        fieldErrors: { [`lines.${index}.contract`]: `${token.Symbol} has no such contract.` },
      });
    return {
      tokenGuid: canonicalGuid(token.Guid),
      contractGuid: canonicalGuid(contract.ContractGuid),
      symbol: token.Symbol,
      chain: contract.ChainName,
      amount: lineAmount(line.amount),
    };
  });
}

/** What a campaign's terms come to, checked against the list, the schedule and the policy. */
export interface CampaignTerms {
  lines: CampaignLine[];
  list: PlayerListRecord;
  schedule: CampaignSchedule;
  totals: TokenAmount[];
  needsApproval: boolean;
}

async function checkTerms(
  db: ConsoleDb,
  user: ConsoleUser,
  connection: ServiceConnection,
  input: CampaignInput,
  now: Date,
): Promise<CampaignTerms> {
  const list = await findPlayerList(db, connection.projectGuid, input.listId);
  if (!list)
    throw new UserFacingError("listId: there is no such player list in this project.", {
      fieldErrors: { listId: "There is no such player list in this project." },
    });
  const lines = await resolveLines(connection, input);
  if (lines.some((line) => line.amount === null) && !list.hasAmounts)
    throw new UserFacingError(
      `amount: list "${list.name}" has no amount per player: give each token an amount.`,
      {
        fieldErrors: { "lines.0.amount": `List "${list.name}" has no amount per player: give an amount.` },
      },
    );
  const schedule = scheduleOf(input);
  if (
    schedule.until &&
    schedule.repeat !== "once" &&
    instantOf(schedule.until, schedule.timeZone) < instantOf(schedule.start, schedule.timeZone)
  )
    throw new UserFacingError("until: the end is before the first occurrence.", {
      fieldErrors: { until: "The end is before the first occurrence." },
    });
  // Every schedule, a new one or an edit's, is counted from its start: which must be ahead.
  const first = occurrenceAt(schedule, 0);
  if (!first || first.at <= now)
    throw new UserFacingError("start: the first occurrence must be in the future.", {
      fieldErrors: { start: "The first occurrence must be in the future." },
    });
  const totals = await occurrenceTotals(db, lines, list);
  const policies = await readPolicies(db, connection.projectGuid);
  // An occurrence is sent whole or held: one that could never fit the person's daily limit is refused now.
  for (const total of totals) {
    const limit = dailyLimitFor(policies.get(total.tokenGuid), user.role);
    if (limit !== null && compareDecimals(total.amount, limit) > 0) {
      const symbol = lines.find((line) => line.tokenGuid === total.tokenGuid)?.symbol ?? total.tokenGuid;
      throw new UserFacingError(
        `${describeBreach({ tokenGuid: total.tokenGuid, symbol, role: user.role, limit, used: "0", remaining: limit, amount: total.amount })} Each occurrence pays ${total.amount} ${symbol}: it would be held every time.`,
      );
    }
  }
  return { lines, list, schedule, totals, needsApproval: overThreshold(totals, policies).length > 0 };
}

/** Writes the approval request for a campaign's terms (its whole schedule), in the caller's transaction. */
async function askApproval(
  tx: ConsoleDb,
  user: ConsoleUser,
  chosen: CampaignScope["chosen"],
  connection: ServiceConnection,
  campaign: CampaignRecord,
  terms: CampaignTerms,
) {
  const policies = await readPolicies(tx, connection.projectGuid);
  const symbolOf = (guid: string) => terms.lines.find((line) => line.tokenGuid === guid)?.symbol ?? guid;
  return requestApproval(
    tx,
    { campaignId: campaign.id },
    {
      projectGuid: connection.projectGuid,
      connection: chosen.ref,
      requesterId: user.id,
      requesterEmail: user.email,
      expiresAt: await approvalExpiry(tx),
      summary: {
        totals: approvalTotals(terms.totals, policies, symbolOf),
        campaign: {
          name: campaign.name,
          listName: terms.list.name,
          players: terms.list.playerCount,
          schedule: describeSchedule(terms.schedule),
          next: occurrencesAfter(terms.schedule, new Date(), 5).map((o) => o.at.toISOString()),
        },
      },
    },
  );
}

/** Creates a campaign for the person's project: active, or waiting for another person's approval. */
export async function createCampaign(
  scope: CampaignScope,
  user: ConsoleUser,
  input: CampaignInput,
  actor: AuditActor,
  now = new Date(),
): Promise<{ campaignId: number; approvalId: number | null }> {
  const { db, chosen, connection } = scope;
  const terms = await checkTerms(db, user, connection, input, now);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const [created] = await tx
      .insert(campaigns)
      .values({
        guid: randomUUID(),
        connection: chosen.ref,
        baseUrl: connection.baseUrl,
        projectGuid: canonicalGuid(connection.projectGuid),
        name: input.name,
        reason: input.reason,
        mode: input.mode,
        lines: terms.lines,
        listId: terms.list.id,
        schedule: terms.schedule,
        status: terms.needsApproval ? "awaiting-approval" : "active",
        createdById: user.id,
        createdByEmail: user.email,
      })
      .returning();
    if (!created) throw new Error("the campaign could not be written");
    const approval = terms.needsApproval
      ? await askApproval(tx, user, chosen, connection, created, terms)
      : null;
    await recordAudit(tx, actor, {
      kind: approval ? "campaign.requested" : "campaign.created",
      project: chosen.name,
      summary: `Campaign "${created.name}" to list "${terms.list.name}" (${terms.list.playerCount} players)${approval ? `, waiting for approval (request ${approval.id})` : ""}`,
      detail: {
        campaignId: created.id,
        listId: terms.list.id,
        players: terms.list.playerCount,
        lines: terms.lines,
        schedule: terms.schedule,
        ...(approval ? { approval: approval.id } : {}),
      },
    });
    return { campaignId: created.id, approvalId: approval?.id ?? null };
  });
}

export async function findCampaign(
  db: ConsoleDb,
  projectGuid: string,
  id: number,
): Promise<CampaignRecord | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.projectGuid, canonicalGuid(projectGuid))));
  return row ?? null;
}

export async function listCampaigns(
  db: ConsoleDb,
  projectGuid: string,
  limit = 100,
): Promise<CampaignRecord[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.projectGuid, canonicalGuid(projectGuid)))
    .orderBy(desc(campaigns.id))
    .limit(limit);
}

/** A campaign's occurrences so far, newest first. */
export async function listOccurrences(db: ConsoleDb, campaignId: number, limit = 50) {
  return db
    .select()
    .from(campaignOccurrences)
    .where(eq(campaignOccurrences.campaignId, campaignId))
    .orderBy(desc(campaignOccurrences.index))
    .limit(limit);
}

const CHANGES = {
  pause: { from: ["active"], to: "paused", kind: "campaign.paused", done: "paused" },
  resume: { from: ["paused"], to: "active", kind: "campaign.resumed", done: "resumed" },
  cancel: { from: ["active", "paused"], to: "cancelled", kind: "campaign.cancelled", done: "cancelled" },
} as const satisfies Record<
  string,
  { from: CampaignStatus[]; to: CampaignStatus; kind: string; done: string }
>;
export type CampaignChange = keyof typeof CHANGES;

/**
 * Pause, resume or cancel (one conditional update: a campaign another person just changed is not
 * changed twice). Resuming skips the occurrences that fell due while it was paused — a pause means
 * they do not run — so the next one is the first in the future. A running occurrence (its batch)
 * is not stopped by any of these: it was sent.
 */
export async function changeCampaign(
  scope: CampaignScope,
  _user: ConsoleUser,
  campaignId: number,
  change: CampaignChange,
  actor: AuditActor,
  now = new Date(),
): Promise<CampaignRecord> {
  const { db, chosen, connection } = scope;
  const rule = CHANGES[change];
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const found = await findCampaign(tx, connection.projectGuid, campaignId);
    if (!found)
      throw new UserFacingError(`There is no campaign ${campaignId} in this project.`, { status: 404 });
    const [changed] = await tx
      .update(campaigns)
      .set({ status: rule.to, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, [...rule.from])))
      .returning();
    if (!changed)
      throw new UserFacingError(
        `Campaign "${found.name}" is ${found.status}: it cannot be ${rule.done} now.`,
        {
          status: 409,
        },
      );
    const skipped =
      change === "resume" ? await skipPassed(tx, changed, now, "Skipped: the campaign was paused.") : 0;
    await recordAudit(tx, actor, {
      kind: rule.kind,
      project: chosen.name,
      summary: `Campaign "${changed.name}" ${rule.done}${skipped > 0 ? ` (${skipped} occurrence${skipped === 1 ? "" : "s"} that fell due while paused skipped)` : ""}`,
      detail: { campaignId, from: found.status, to: changed.status, ...(skipped > 0 ? { skipped } : {}) },
    });
    return changed;
  });
}

/** Marks the occurrences due by `now` that have not run as skipped, and moves past them. */
async function skipPassed(tx: ConsoleDb, campaign: CampaignRecord, now: Date, note: string): Promise<number> {
  const [next] = occurrencesAfter(campaign.schedule, now, 1);
  const local = campaign.nextIndex - campaign.indexOffset;
  let end = next ? next.index : local;
  if (!next) {
    // The schedule ended: everything left of it is past.
    while (occurrenceAt(campaign.schedule, end)) end++;
  }
  if (end <= local) return 0;
  await tx.insert(campaignOccurrences).values(
    Array.from({ length: end - local }, (_, n) => ({
      campaignId: campaign.id,
      index: campaign.nextIndex + n,
      dueAt: (occurrenceAt(campaign.schedule, local + n) as { at: Date }).at,
      status: "skipped" as const,
      note,
    })),
  );
  await tx
    .update(campaigns)
    .set({ nextIndex: campaign.indexOffset + end })
    .where(eq(campaigns.id, campaign.id));
  return end - local;
}

/**
 * Changes a campaign's future: new terms and schedule for the occurrences not yet run, numbered on
 * from the next one (so no RequestID of one that ran is ever used again). Over a threshold, the
 * campaign waits for approval again. A running or finished occurrence is never touched.
 */
export async function editCampaign(
  scope: CampaignScope,
  user: ConsoleUser,
  campaignId: number,
  input: CampaignInput,
  actor: AuditActor,
  now = new Date(),
): Promise<{ campaignId: number; approvalId: number | null }> {
  const { db, chosen, connection } = scope;
  const found = await findCampaign(db, connection.projectGuid, campaignId);
  if (!found)
    throw new UserFacingError(`There is no campaign ${campaignId} in this project.`, { status: 404 });
  // Each occurrence counts against its creator's daily limit: another person's terms in their name
  // would pass that limit unseen.
  if (found.createdById !== user.id)
    throw new UserFacingError(
      `Only ${found.createdByEmail}, who created campaign "${found.name}", can change its terms: each occurrence counts against their daily limit. Pause or cancel it, and create your own.`,
      { status: 403 },
    );
  if (found.status !== "active" && found.status !== "paused")
    throw new UserFacingError(
      `Campaign "${found.name}" is ${found.status}: only an active or paused campaign can be changed.`,
      {
        status: 409,
      },
    );
  const terms = await checkTerms(db, user, connection, input, now);
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as ConsoleDb;
    const [changed] = await tx
      .update(campaigns)
      .set({
        name: input.name,
        reason: input.reason,
        mode: input.mode,
        lines: terms.lines,
        listId: terms.list.id,
        schedule: terms.schedule,
        indexOffset: found.nextIndex,
        status: terms.needsApproval ? "awaiting-approval" : found.status,
        updatedAt: now,
      })
      // Unchanged since it was read: an occurrence that ran meanwhile moved next_index.
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.nextIndex, found.nextIndex),
          eq(campaigns.status, found.status),
        ),
      )
      .returning();
    if (!changed)
      throw new UserFacingError(
        `Campaign "${found.name}" changed meanwhile (an occurrence ran): look again and retry.`,
        {
          status: 409,
        },
      );
    const approval = terms.needsApproval
      ? await askApproval(tx, user, chosen, connection, changed, terms)
      : null;
    await recordAudit(tx, actor, {
      kind: "campaign.edited",
      project: chosen.name,
      summary: `Campaign "${changed.name}": future occurrences changed from occurrence ${found.nextIndex + 1}${approval ? `, waiting for approval (request ${approval.id})` : ""}`,
      detail: {
        campaignId,
        from: { lines: found.lines, listId: found.listId, schedule: found.schedule, reason: found.reason },
        to: { lines: terms.lines, listId: terms.list.id, schedule: terms.schedule, reason: input.reason },
        ...(approval ? { approval: approval.id } : {}),
      },
    });
    return { campaignId, approvalId: approval?.id ?? null };
  });
}

/** The campaign's next occurrences (schedule-local indices turned to the campaign's), for the preview and calendar. */
export function nextOccurrences(
  campaign: Pick<CampaignRecord, "schedule" | "indexOffset" | "nextIndex">,
  now: Date,
  limit: number,
) {
  return occurrencesAfter(campaign.schedule, now, limit + 1)
    .filter((occurrence) => occurrence.index + campaign.indexOffset >= campaign.nextIndex)
    .slice(0, limit)
    .map((occurrence) => ({ ...occurrence, index: occurrence.index + campaign.indexOffset }));
}

/** Who saves a list in this scope (the upload route's and the actions'). */
export const listOwnerOf = (scope: CampaignScope, user: ConsoleUser): ListOwner => ({
  connection: scope.chosen.ref,
  projectGuid: scope.connection.projectGuid,
  project: scope.chosen.name,
  userId: user.id,
  email: user.email,
});

/** What a campaign would do, checked as creating it checks it; nothing is written. */
export async function previewCampaign(
  scope: CampaignScope,
  user: ConsoleUser,
  input: CampaignInput,
  now = new Date(),
): Promise<{
  schedule: string;
  players: number;
  perOccurrence: { symbol: string; amount: string }[];
  needsApproval: boolean;
  upcoming: { number: number; at: string; wall: string; funds: "covered" | "waits" | null }[];
  fundsNote: string;
}> {
  const terms = await checkTerms(scope.db, user, scope.connection, input, now);
  const upcoming = occurrencesAfter(terms.schedule, now, 5);
  const funds = await fundsOf(
    scope.connection,
    { mode: input.mode, lines: terms.lines },
    terms.totals,
    upcoming.length,
  );
  return {
    schedule: describeSchedule(terms.schedule),
    players: terms.list.playerCount,
    perOccurrence: terms.totals.map((total) => ({
      symbol: terms.lines.find((line) => line.tokenGuid === total.tokenGuid)?.symbol ?? total.tokenGuid,
      amount: total.amount,
    })),
    needsApproval: terms.needsApproval,
    upcoming: upcoming.map((occurrence, n) => ({
      number: occurrence.index + 1,
      at: occurrence.at.toISOString(),
      wall: wallText(occurrence.wall),
      funds: funds.covered ? (funds.covered[n] ? "covered" : "waits") : null,
    })),
    fundsNote: funds.note,
  };
}
