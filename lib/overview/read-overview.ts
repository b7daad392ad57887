import "server-only";

import { countWaitingFor } from "@/lib/approvals/approvals";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { readWalletFunding } from "@/lib/awards/wallet-view";
import type { ServiceConnection } from "@/lib/client/call-service";
import { ServiceCallError } from "@/lib/client/call-service";
import { consoleDb } from "@/lib/db/console-db";
import { offersExtensions } from "@/lib/project/extensions";
import { outcomeFigures, tokenSeries } from "./aggregate";
import { awardSummary } from "./latest-awards";
import type { FundingView, OverviewData } from "./overview-data";
import type { OverviewRange } from "./overview-range";
import { readTrailFigures } from "./trail-figures";

const LATEST_AWARDS = 8;
const RECENT_BATCHES = 5;

async function readFunding(user: ConsoleUser, connection: ServiceConnection): Promise<FundingView> {
  if (!can(user.role, "wallet:read")) return { kind: "not-allowed" };
  try {
    const wallet = await readWalletFunding(connection);
    if (!wallet) return { kind: "spec-only" };
    return { kind: "shown", ...wallet, canFund: can(user.role, "wallet:fund") };
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
export async function readOverview(
  user: ConsoleUser,
  connection: ServiceConnection,
  range: OverviewRange,
): Promise<OverviewData> {
  const now = new Date();
  // The trail from the first day of the period before this one (compared with it), UTC.
  const since = new Date(`${range.previous.from}T00:00:00.000Z`);
  const db = await consoleDb();
  const { projectGuid } = connection;
  const [trail, symbols, funding, extensions, approvals] = await Promise.all([
    // One statement for every trail figure (trail-figures.ts).
    readTrailFigures(
      db,
      projectGuid,
      { counts: since, amounts: since },
      { batches: RECENT_BATCHES, latest: LATEST_AWARDS },
    ),
    tokenSymbols(connection),
    readFunding(user, connection),
    offersExtensions(connection),
    // Also the shell's sidebar count: read once per request (approvals.ts).
    can(user.role, "awards:approve") ? countWaitingFor(db, user.id) : null,
  ]);
  return {
    readAt: now.toISOString(),
    extensions: funding.kind === "spec-only" ? false : extensions,
    range,
    outcomes: outcomeFigures(trail.counts, range),
    tokens: tokenSeries(trail.amounts, symbols, range),
    funding,
    batches: trail.batches,
    latest: trail.latest.map((award) => awardSummary(award, symbols)),
    approvals,
  };
}
