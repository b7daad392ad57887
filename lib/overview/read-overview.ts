import "server-only";

import { countWaitingFor } from "@/lib/approvals/approvals";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { listAwards } from "@/lib/awards/trail";
import { readWalletView } from "@/lib/awards/wallet-view";
import type { ServiceConnection } from "@/lib/client/call-service";
import { ServiceCallError } from "@/lib/client/call-service";
import { consoleDb } from "@/lib/db/console-db";
import { offersExtensions } from "@/lib/project/extensions";
import { outcomeFigures, tokenSeries, utcDayStart } from "./aggregate";
import { awardSummary } from "./latest-awards";
import type { FundingView, OverviewData } from "./overview-data";
import { recentBatches, statusCounts, tokenDayAmounts } from "./trail-figures";

export const CHART_DAYS = 30;
const LATEST_AWARDS = 8;
const RECENT_BATCHES = 5;

async function readFunding(user: ConsoleUser, connection: ServiceConnection): Promise<FundingView> {
  if (!can(user.role, "wallet:read")) return { kind: "not-allowed" };
  try {
    const wallet = await readWalletView(connection);
    if (!wallet) return { kind: "spec-only" };
    return {
      kind: "shown",
      contracts: wallet.contracts,
      waiting: wallet.queue.length,
      canFund: can(user.role, "wallet:fund"),
    };
  } catch (error) {
    if (error instanceof ServiceCallError) return { kind: "failed", message: error.message };
    throw error;
  }
}

/**
 * The overview of the user's chosen project: figures from the console's award trail (grouped in
 * the database, summed exactly) and, for roles that may see it, the project wallet from the
 * service's extension. The trail's figures need no service, so they show while it is away. Reads
 * only: nothing here writes to a database.
 */
export async function readOverview(user: ConsoleUser, connection: ServiceConnection): Promise<OverviewData> {
  const now = new Date();
  const db = await consoleDb();
  const { projectGuid } = connection;
  const [counts, amounts, batches, latest, symbols, funding, extensions, approvals] = await Promise.all([
    statusCounts(db, projectGuid, utcDayStart(now, 6)),
    tokenDayAmounts(db, projectGuid, utcDayStart(now, CHART_DAYS - 1)),
    recentBatches(db, projectGuid, RECENT_BATCHES),
    listAwards(db, { projectGuid }, { offset: 0, limit: LATEST_AWARDS }),
    tokenSymbols(connection),
    readFunding(user, connection),
    offersExtensions(connection),
    can(user.role, "awards:approve") ? countWaitingFor(db, user.id) : null,
  ]);
  return {
    readAt: now.toISOString(),
    extensions: funding.kind === "spec-only" ? false : extensions,
    outcomes: outcomeFigures(counts, now),
    tokens: tokenSeries(amounts, symbols, now, CHART_DAYS),
    funding,
    batches,
    latest: latest.rows.map((award) => awardSummary(award, symbols)),
    approvals,
  };
}
