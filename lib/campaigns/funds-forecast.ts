import "server-only";
import type { TokenAmount } from "@/lib/approvals/policy-model";
import { forecastFunds } from "@/lib/bulk/funds";
import { getWallet } from "@/lib/client/awards";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import type { CampaignLine } from "@/lib/model/campaign-status";

/**
 * A direct campaign's next occurrences against today's project wallet (docs/console.md,
 * "Campaigns"): the bulk dry run's forecast (lib/bulk/funds.ts), each occurrence taken as one award
 * of its totals, in order — whether each would be paid or wait in the queue for funds. An
 * allowance needs no funds: null.
 */
export async function fundsOf(
  connection: ServiceConnection,
  campaign: { mode: "allowance" | "direct"; lines: readonly CampaignLine[] },
  totals: readonly TokenAmount[],
  count: number,
): Promise<{ covered: boolean[] | null; note: string }> {
  if (campaign.mode !== "direct") return { covered: null, note: "" };
  try {
    const wallet = (await getWallet(connection)).Data;
    const forecast = forecastFunds(
      Array.from({ length: count }, (_, n) => ({
        line: n + 1,
        lines: campaign.lines.map((line) => ({
          contractGuid: line.contractGuid,
          amount: totals.find((total) => total.tokenGuid === line.tokenGuid)?.amount ?? "0",
          symbol: line.symbol,
          chain: line.chain,
        })),
      })),
      wallet,
    );
    const waiting = new Set(forecast.waitingLines);
    return { covered: Array.from({ length: count }, (_, n) => !waiting.has(n + 1)), note: "" };
  } catch (error) {
    if (isExtensionMissing(error))
      return { covered: null, note: "The service has no Wallet extension: the funds forecast is not known." };
    if (error instanceof ServiceCallError)
      return { covered: null, note: `The wallet could not be read: ${error.message}` };
    throw error;
  }
}
