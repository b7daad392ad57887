import "server-only";
import type { ConsoleDb } from "@/lib/db/connection";
import type { ApprovalSummary } from "@/lib/model/approval-summary";
import type { Role } from "@/lib/model/roles";
import { readSettings } from "@/lib/settings/console-settings";
import type { TokenAmount, TokenPolicy } from "./policy-model";

/** The terms of a request for approval made now (docs/console.md, "Approvals"). */

/** Who sends an award, for the daily limits. */
export interface Sender {
  userId: number;
  role: Role;
  email: string;
  projectGuid: string;
}

/** When a request made now expires (the owners' setting, default 7 days). */
export async function approvalExpiry(db: ConsoleDb, now = new Date()): Promise<Date> {
  const { approvalExpiryDays } = await readSettings(db);
  return new Date(now.getTime() + approvalExpiryDays * 24 * 3600_000);
}

export function approvalTotals(
  totals: readonly TokenAmount[],
  policies: ReadonlyMap<string, TokenPolicy>,
  symbolOf: (tokenGuid: string) => string,
): ApprovalSummary["totals"] {
  return totals.map((total) => ({
    tokenGuid: total.tokenGuid,
    symbol: symbolOf(total.tokenGuid),
    amount: total.amount,
    threshold: policies.get(total.tokenGuid)?.approvalThreshold ?? null,
  }));
}
