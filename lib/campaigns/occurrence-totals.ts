import "server-only";
import type { TokenAmount } from "@/lib/approvals/policy-model";
import { fromUnits, toUnits } from "@/lib/contract/decimal";
import type { ConsoleDb } from "@/lib/db/connection";
import type { CampaignLine } from "@/lib/model/campaign-status";
import { listAmountTotal } from "./player-lists";

/**
 * What one occurrence pays per token, exactly (docs/console.md, "Campaigns"): a fixed amount times
 * the list's players, or the sum of the list's own amounts. Every occurrence of a campaign pays the
 * same (its list never changes), so this is also what the preview shows for each of the next five.
 */
export async function occurrenceTotals(
  db: ConsoleDb,
  lines: readonly CampaignLine[],
  list: { id: number; playerCount: number },
): Promise<TokenAmount[]> {
  const own = lines.some((line) => line.amount === null) ? await listAmountTotal(db, list.id) : "0";
  return lines.map((line) => ({
    tokenGuid: line.tokenGuid.toLowerCase(),
    amount: line.amount === null ? own : fromUnits(toUnits(line.amount) * BigInt(list.playerCount)),
  }));
}
