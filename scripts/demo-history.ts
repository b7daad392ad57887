import { count, eq } from "drizzle-orm";
import { setPolicy } from "@/lib/approvals/policies";
import type { AuditActor } from "@/lib/audit/audit-log";
import { type AskedAward, placeAndSendAward } from "@/lib/awards/place-and-send";
import { auditBatchWritten } from "@/lib/bulk/batch-audit";
import { writeBatch } from "@/lib/bulk/batch-store";
import { parseAwardCsv } from "@/lib/bulk/csv";
import { fileSha256, uuidV5 } from "@/lib/bulk/request-ids";
import { sendBatchRows } from "@/lib/bulk/sender";
import { dryRun } from "@/lib/bulk/validate";
import { CampaignInput } from "@/lib/campaigns/campaign-input";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { saveListFromBatch } from "@/lib/campaigns/player-lists";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import type { ConsoleDb } from "@/lib/db/connection";
import { awards, users } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import type { Role } from "@/lib/model/roles";
import { DEMO_CONTRACTS } from "@/service/db/fixtures/demo-extra";

/**
 * The demo's first-start history (README, "The demo"): a few awards and one small bulk batch,
 * sent to the demo project through the service by the console's own code — each award through
 * `placeAndSendAward`, the award form's own use case, and the batch through the bulk sender with
 * the upload's audit row — as the demo manager, so the overview, the history and the audit log
 * show real awards from the first sign-in, named as a person's are (docs/console.md, "Audit log").
 *
 * RequestIDs are fixed (UUID v5 of a name; the batch's come from its file as for any upload), so
 * if the console's data is wiped while the service's is kept, sending the history again pays
 * nothing twice: the service answers each RequestID with its first outcome.
 */

/** The name of the demo's connection ("env"), as the console shows it. */
const DEMO_PROJECT = "Starfall Arena (demo)";

/** Who sends the history: the demo manager (lib/auth/demo-users.ts). */
export const HISTORY_ACTOR = "manager@demo.test";
const NAMESPACE = "0f3d9a6c-2b1e-4c7d-8e5f-a1b2c3d4e5f6";

/** A token line as the award form sends it, for one of the demo's contracts. */
const lineOf = ({ token, contract }: { token: string; contract: string }) => ({
  Guid: token,
  ContractGuid: contract,
});
const GOLD = lineOf(DEMO_CONTRACTS.GOLD);
const GEM_DB = lineOf(DEMO_CONTRACTS.GEM_DB);
const GEM_POLYGON = lineOf(DEMO_CONTRACTS.GEM_POLYGON);
const SHARD = lineOf(DEMO_CONTRACTS.SHARD);

interface HistoryAward {
  customerId: string;
  /** "" for an allowance; the wallet of a direct distribution. */
  wallet: string;
  mintable?: boolean;
  line: { Guid: string; ContractGuid: string };
  amount: string;
  reason: string;
}

/**
 * Players of the generated demo (service/db/fixtures/demo-extra.ts), never demo.json's four whose
 * exact balances the tests check. The Polygon GEM award is more than the project wallet's 100:
 * it waits in the queue until an owner funds the wallet.
 */
export const HISTORY_AWARDS: HistoryAward[] = [
  {
    customerId: "player-2003",
    wallet: "",
    line: GOLD,
    amount: "150",
    reason: "Weekly login streak (7 days)",
  },
  {
    customerId: "player-2010",
    wallet: "",
    mintable: true,
    line: GEM_POLYGON,
    amount: "25",
    reason: "Tournament: top 10 finish",
  },
  {
    customerId: "player-2007",
    wallet: "db-wallet-2007",
    line: GOLD,
    amount: "320",
    reason: "Refund: double charge on the Gold Bundle",
  },
  {
    customerId: "hana.tanaka",
    wallet: "db-wallet-hana",
    line: GEM_DB,
    amount: "12.5",
    reason: "Community art contest: winner",
  },
  {
    customerId: "player-2015",
    wallet: "0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c",
    line: SHARD,
    amount: "0.75",
    reason: "Bug bounty: matchmaking exploit report",
  },
  {
    customerId: "player-2021",
    wallet: "0x2f318c334780961fb129d2a6c30d0763d9a5c970",
    line: GEM_POLYGON,
    amount: "150",
    reason: "Season finale prize (waits for the treasury top-up)",
  },
  { customerId: "lucía_g", wallet: "", line: GOLD, amount: "40", reason: "Creator program stipend" },
];

/** The bulk batch: a file as a manager would upload it. */
export const HISTORY_BATCH = {
  fileName: "weekend-tournament.csv",
  reason: "Weekend tournament: top five",
  text: [
    "customer_id,token,contract,amount,mode,wallet",
    "player-2030,GOLD,DB,50,allowance,",
    "player-2031,GOLD,DB,40,allowance,",
    "player-2032,GOLD,DB,30,allowance,",
    "player-2033,GOLD,DB,20,allowance,",
    "player-2034,GEM,DB,1.5,direct,db-wallet-2034",
    "",
  ].join("\n"),
};

/** Who set the sample policy: the demo owner. */
export const POLICY_ACTOR = "owner@demo.test";

/**
 * The demo's sample award policy (docs/console.md, "Award policies"): GEM is the premium token, so
 * an award above 500 GEM needs a second person, and a manager may award at most 5000 GEM a day.
 */
export const SAMPLE_POLICY = {
  token: DEMO_CONTRACTS.GEM_DB.token,
  symbol: "GEM",
  approvalThreshold: "500",
  managerDailyLimit: "5000",
  ownerDailyLimit: "",
} as const;

/** The demo's campaign: the weekend batch's paid players get GOLD every Monday evening in Berlin. */
export const DEMO_CAMPAIGN = {
  name: "Weekly regulars' reward",
  listName: "Weekend regulars",
  reason: "Weekly reward for the weekend tournament's regulars",
  amount: "10",
} as const;

/** "2026-12-14": the next Monday after `now` (UTC days), at least a day ahead. */
function nextMonday(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The award the sample policy holds: the manager asks, an owner or another manager decides. */
export const WAITING_AWARD: HistoryAward = {
  customerId: "player-2042",
  wallet: "",
  line: GEM_DB,
  amount: "800",
  reason: "Season finale: grand prize (over 500 GEM, so it waits for approval)",
};

/**
 * Whether the console's database is new: no user and no award yet. Asked before the demo users
 * are created, so the history is sent on a new demo's first start and never again.
 */
export async function isNewConsole(db: ConsoleDb): Promise<boolean> {
  const [people] = await db.select({ n: count() }).from(users);
  const [sent] = await db.select({ n: count() }).from(awards);
  return (people?.n ?? 0) === 0 && (sent?.n ?? 0) === 0;
}

export interface HistorySummary {
  awards: number;
  statuses: Record<string, number>;
  batchRows: number;
}

/** Sends the history through `connection` (the console's connection "env") and records it in the trail. */
export async function sendDemoHistory(db: ConsoleDb, connection: ServiceConnection): Promise<HistorySummary> {
  const [actor] = await db.select().from(users).where(eq(users.email, HISTORY_ACTOR));
  if (!actor) throw new Error(`the demo user ${HISTORY_ACTOR} is missing`);
  const statuses: Record<string, number> = {};
  const counted = (status: AwardStatus) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const where = { connection: "env", baseUrl: connection.baseUrl, projectGuid: connection.projectGuid };
  // The demo launcher is the "browser" of these rows: no address, its own name.
  const auditActor = (user: { id: number; email: string }): AuditActor => ({
    id: user.id,
    email: user.email,
    client: "",
    userAgent: "demo",
  });
  const tokens = (await listProjectTokens(connection)).Data.Tokens;
  const symbolOf = (guid: string) => tokens.find((t) => t.Guid.toLowerCase() === guid)?.Symbol ?? guid;
  const sendAsManager = (award: HistoryAward, requestId: string) => {
    const asked: AskedAward = {
      requestId,
      customerId: award.customerId,
      isAllowance: award.wallet === "",
      isMintable: award.wallet === "" && award.mintable === true,
      wallet: award.wallet,
      lines: [{ ...award.line, Amount: award.amount }],
      reason: award.reason,
    };
    return placeAndSendAward(
      db,
      { connection, ref: "env", project: DEMO_PROJECT },
      { id: actor.id, email: actor.email, role: actor.role as Role },
      asked,
      symbolOf,
      auditActor(actor),
    );
  };

  for (const [index, award] of HISTORY_AWARDS.entries())
    counted((await sendAsManager(award, uuidV5(`demo-history/${index + 1}`, NAMESPACE))).status);

  const bytes = new TextEncoder().encode(HISTORY_BATCH.text);
  const parsed = parseAwardCsv(bytes);
  if (!parsed.ok) throw new Error(`the history's batch file: ${parsed.error}`);
  const checked = dryRun(parsed.rows, tokens);
  if (checked.errors.length > 0)
    throw new Error(`the history's batch file: ${JSON.stringify(checked.errors[0]?.problems)}`);
  const { batch } = await writeBatch(
    db,
    {
      ...where,
      fileName: HISTORY_BATCH.fileName,
      fileSha256: fileSha256(bytes),
      actorId: actor.id,
      actorEmail: actor.email,
      reason: HISTORY_BATCH.reason,
    },
    checked.rows,
  );
  await sendBatchRows(db, connection, batch.id, { actorEmail: actor.email });
  await auditBatchWritten(
    db,
    auditActor(actor),
    DEMO_PROJECT,
    { ...batch, reason: HISTORY_BATCH.reason },
    null,
  );

  const [owner] = await db.select().from(users).where(eq(users.email, POLICY_ACTOR));
  if (!owner) throw new Error(`the demo user ${POLICY_ACTOR} is missing`);
  const { token, symbol, ...rules } = SAMPLE_POLICY;
  await setPolicy(
    db,
    { projectGuid: connection.projectGuid, project: DEMO_PROJECT, symbol },
    { token, ...rules, ownerDailyLimit: rules.ownerDailyLimit || null },
    auditActor(owner),
  );
  counted((await sendAsManager(WAITING_AWARD, uuidV5("demo-history/waiting", NAMESPACE))).status);

  // A weekly campaign to the batch's players, its first occurrence next Monday (docs/console.md, "Campaigns").
  const manager = {
    id: actor.id,
    email: actor.email,
    name: actor.name,
    role: actor.role as Role,
    active: true,
  };
  const regulars = await saveListFromBatch(
    db,
    {
      connection: "env",
      projectGuid: connection.projectGuid,
      project: DEMO_PROJECT,
      userId: actor.id,
      email: actor.email,
    },
    auditActor(actor),
    { name: DEMO_CAMPAIGN.listName, batchId: batch.id, filter: "paid" },
  );
  await createCampaign(
    { db, chosen: { ref: "env", name: DEMO_PROJECT }, connection },
    manager,
    CampaignInput.parse({
      name: DEMO_CAMPAIGN.name,
      reason: DEMO_CAMPAIGN.reason,
      listId: regulars.id,
      mode: "allowance",
      lines: [{ token: GOLD.Guid, contract: GOLD.ContractGuid, amount: DEMO_CAMPAIGN.amount }],
      repeat: "weekly",
      start: `${nextMonday(new Date())}T18:00`,
      timeZone: "Europe/Berlin",
      every: "",
      until: "",
      count: "",
      rrule: "",
    }),
    auditActor(actor),
  );
  return { awards: HISTORY_AWARDS.length + 1, statuses, batchRows: checked.rows.length };
}
