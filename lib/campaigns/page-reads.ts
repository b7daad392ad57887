import "server-only";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { totalText } from "@/lib/approvals/approval-view";
import { approvalOf } from "@/lib/approvals/approvals";
import type { TokenAmount } from "@/lib/approvals/policy-model";
import type { ConsoleUser } from "@/lib/auth/users";
import { ServiceCallError } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { canonicalGuid } from "@/lib/contract/guid";
import { consoleDb } from "@/lib/db/console-db";
import { campaignOccurrences, campaigns, playerLists } from "@/lib/db/schema";
import type { CampaignLine } from "@/lib/model/campaign-status";
import { requireProject } from "@/lib/project/current-project";
import type {
  CalendarEntry,
  CampaignDetail,
  CampaignRow,
  PlayerListRow,
  UpcomingOccurrence,
} from "./campaign-view";
import {
  type CampaignRecord,
  findCampaign,
  listCampaigns,
  listOccurrences,
  nextOccurrences,
} from "./campaigns";
import { fundsOf } from "./funds-forecast";
import { occurrenceTotals } from "./occurrence-totals";
import { listPlayerLists } from "./player-lists";
import { weeklyRule } from "./rrule";
import { describeSchedule, wallText } from "./schedule-text";
import { whyNotSendable } from "./send-held";

/**
 * What the campaign pages read (docs/console.md, "Campaigns"): the person's project's campaigns,
 * lists and calendar, one campaign with its next five occurrences and their funds forecast. Reads
 * only: pages never write.
 */

const symbolsOf = (lines: readonly CampaignLine[]) => (guid: string) =>
  lines.find((line) => line.tokenGuid === guid)?.symbol ?? guid;

const totalsText = (totals: readonly TokenAmount[], lines: readonly CampaignLine[]) =>
  totals.map((total) => totalText({ amount: total.amount, symbol: symbolsOf(lines)(total.tokenGuid) }));

/** Whether a campaign's future occurrences run (a paused one's are shown, marked, on the calendar). */
const plans = (campaign: CampaignRecord) =>
  campaign.status === "active" || campaign.status === "paused" || campaign.status === "awaiting-approval";

/** The Campaigns page: campaigns, lists, and the calendar of the next `days` days. */
export async function readCampaignsPage(
  user: ConsoleUser,
  now = new Date(),
  days = 42,
): Promise<{
  campaigns: CampaignRow[];
  lists: PlayerListRow[];
  calendar: CalendarEntry[];
  /** The project's tokens, for the list-from-history form; empty when the service cannot say. */
  tokens: { guid: string; symbol: string }[];
}> {
  const { connection } = await requireProject(user.id);
  const db = await consoleDb();
  const [found, lists, tokens] = await Promise.all([
    listCampaigns(db, connection.projectGuid),
    listPlayerLists(db, connection.projectGuid),
    listProjectTokens(connection).then(
      (answer) => answer.Data.Tokens.map((token) => ({ guid: token.Guid, symbol: token.Symbol })),
      (error: unknown) => {
        if (error instanceof ServiceCallError) return [];
        throw error;
      },
    ),
  ]);
  const listById = new Map(lists.map((list) => [list.id, list]));
  const used = lists.length
    ? ((await db
        .select({ listId: campaigns.listId, n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(
          inArray(
            campaigns.listId,
            lists.map((list) => list.id),
          ),
        )
        .groupBy(campaigns.listId)) as { listId: number; n: number }[])
    : [];
  const end = now.getTime() + days * 86_400_000;
  const calendar: CalendarEntry[] = [];
  const rows: CampaignRow[] = [];
  for (const campaign of found) {
    const list = listById.get(campaign.listId) ?? (await listOf(campaign.listId));
    const upcoming = plans(campaign) ? nextOccurrences(campaign, now, 60) : [];
    for (const occurrence of upcoming)
      if (occurrence.at.getTime() <= end)
        calendar.push({
          campaignId: campaign.id,
          name: campaign.name,
          at: occurrence.at.toISOString(),
          status: campaign.status,
        });
    rows.push({
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      schedule: describeSchedule(campaign.schedule),
      listName: list?.name ?? "",
      players: list?.playerCount ?? 0,
      perOccurrence: list ? totalsText(await occurrenceTotals(db, campaign.lines, list), campaign.lines) : [],
      next: upcoming[0]?.at.toISOString() ?? null,
      createdBy: campaign.createdByEmail,
    });
  }
  return {
    campaigns: rows,
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      players: list.playerCount,
      hasAmounts: list.hasAmounts,
      source: list.source === "file" ? `file ${list.sourceDetail}` : list.sourceDetail,
      createdBy: list.createdByEmail,
      createdAt: list.createdAt.toISOString(),
      usedBy: used.find((row) => row.listId === list.id)?.n ?? 0,
    })),
    calendar: calendar.sort((a, b) => a.at.localeCompare(b.at)),
    tokens,
  };
}

async function listOf(listId: number) {
  const db = await consoleDb();
  const [list] = await db.select().from(playerLists).where(eq(playerLists.id, listId));
  return list ?? null;
}

/** One campaign's page; null when the project has no such campaign. */
export async function readCampaignPage(
  user: ConsoleUser,
  campaignId: number,
  now = new Date(),
): Promise<CampaignDetail | null> {
  const { connection } = await requireProject(user.id);
  const db = await consoleDb();
  const campaign = await findCampaign(db, connection.projectGuid, campaignId);
  if (!campaign) return null;
  const list = await listOf(campaign.listId);
  if (!list) return null;
  const totals = await occurrenceTotals(db, campaign.lines, list);
  const upcoming = plans(campaign) ? nextOccurrences(campaign, now, 5) : [];
  const [funds, occurrences, approval] = await Promise.all([
    fundsOf(connection, campaign, totals, upcoming.length),
    listOccurrences(db, campaign.id),
    approvalOf(db, { campaignId: campaign.id }),
  ]);
  const perOccurrence = totalsText(totals, campaign.lines);
  return {
    id: campaign.id,
    name: campaign.name,
    reason: campaign.reason,
    status: campaign.status,
    mode: campaign.mode,
    lines: campaign.lines,
    schedule: describeSchedule(campaign.schedule),
    timeZone: campaign.schedule.timeZone,
    list: { id: list.id, name: list.name, players: list.playerCount, hasAmounts: list.hasAmounts },
    createdBy: campaign.createdByEmail,
    createdAt: campaign.createdAt.toISOString(),
    upcoming: upcoming.map(
      (occurrence, n): UpcomingOccurrence => ({
        number: occurrence.index + 1,
        at: occurrence.at.toISOString(),
        wall: wallText(occurrence.wall),
        totals: perOccurrence,
        funds: funds.covered ? (funds.covered[n] ? "covered" : "waits") : null,
      }),
    ),
    occurrences: occurrences.map((occurrence) => ({
      number: occurrence.index + 1,
      status: occurrence.status,
      dueAt: occurrence.dueAt.toISOString(),
      ranAt: occurrence.ranAt.toISOString(),
      batchId: occurrence.batchId,
      note: occurrence.note,
      sendable: whyNotSendable(campaign, occurrence, occurrence.index + 1) === null,
    })),
    approvalId: approval?.id ?? null,
    mine: campaign.createdById === user.id,
    fundsNote: funds.note,
  };
}

/** The new-campaign form's choices: the project's lists and tokens with their contracts. */
export async function readCampaignForm(user: ConsoleUser) {
  const { connection } = await requireProject(user.id);
  const db = await consoleDb();
  const [lists, tokens] = await Promise.all([
    db
      .select()
      .from(playerLists)
      .where(eq(playerLists.projectGuid, connection.projectGuid.toLowerCase()))
      .orderBy(desc(playerLists.id))
      .limit(200),
    listProjectTokens(connection),
  ]);
  return {
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      players: list.playerCount,
      hasAmounts: list.hasAmounts,
    })),
    // In their one form, as a campaign stores them: an edit's choices match its lines.
    tokens: tokens.Data.Tokens.map((token) => ({
      guid: canonicalGuid(token.Guid),
      symbol: token.Symbol,
      contracts: token.Contracts.map((contract) => ({
        guid: canonicalGuid(contract.ContractGuid),
        chain: contract.ChainName,
      })),
    })),
  };
}

/** The campaign occurrence a bulk batch is, for the batch's page; null for a batch from a file. */
export async function readBatchCampaign(
  batchId: number,
): Promise<{ campaignId: number; name: string; number: number } | null> {
  const db = await consoleDb();
  const [found] = await db
    .select({ campaignId: campaigns.id, name: campaigns.name, index: campaignOccurrences.index })
    .from(campaignOccurrences)
    .innerJoin(campaigns, eq(campaigns.id, campaignOccurrences.campaignId))
    .where(eq(campaignOccurrences.batchId, batchId));
  return found ? { campaignId: found.campaignId, name: found.name, number: found.index + 1 } : null;
}

/** The form's fields for editing a campaign's future: its terms, the schedule starting at its next occurrence. */
export async function readCampaignDraft(user: ConsoleUser, campaignId: number) {
  const { connection } = await requireProject(user.id);
  const db = await consoleDb();
  const campaign = await findCampaign(db, connection.projectGuid, campaignId);
  if (!campaign || (campaign.status !== "active" && campaign.status !== "paused")) return null;
  // Only its creator changes its terms (lib/campaigns/campaigns.ts, editCampaign).
  if (campaign.createdById !== user.id) return null;
  const [next] = nextOccurrences(campaign, new Date(), 1);
  const { schedule } = campaign;
  const local = (wall: { year: number; month: number; day: number; hour: number; minute: number }) =>
    wallText(wall).replace(" ", "T");
  const count =
    schedule.count == null || !next
      ? ""
      : String(Math.max(1, schedule.count - (next.index - campaign.indexOffset)));
  return {
    campaignId: campaign.id,
    name: campaign.name,
    status: campaign.status,
    draft: {
      name: campaign.name,
      reason: campaign.reason,
      listId: String(campaign.listId),
      mode: campaign.mode,
      lines: campaign.lines.map((line) => ({
        token: line.tokenGuid,
        contract: line.contractGuid,
        amount: line.amount ?? "",
      })),
      start: next ? local(next.wall) : "",
      timeZone: schedule.timeZone,
      // Several days of the week have no fields of their own: such a schedule is edited as its rule.
      ...(schedule.repeat === "weekly" && schedule.weekdays?.length
        ? {
            repeat: "rrule" as const,
            every: "",
            until: "",
            count: "",
            rrule: weeklyRule({ ...schedule, count: count === "" ? null : Number(count) }),
          }
        : {
            repeat: schedule.repeat,
            every: schedule.every && schedule.every !== 1 ? String(schedule.every) : "",
            until: schedule.until ? local(schedule.until) : "",
            count,
            rrule: "",
          }),
    },
  };
}
