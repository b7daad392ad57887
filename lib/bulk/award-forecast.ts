import "server-only";
import type { DirectForecast } from "@/lib/awards/wallet";
import { walletOrNone } from "@/lib/awards/wallet-view";
import type { ServiceConnection } from "@/lib/client/call-service";
import { type FundsLine, forecastFunds } from "./funds";

/**
 * Whether a direct distribution sent now would wait in the queue, and by how much the project
 * wallet is short on each contract: the dry run's forecast of a file (funds.ts) for one award, so
 * the award form's review says it before anything is sent. Null when the service has no wallet.
 */
export async function forecastDirectAward(
  connection: ServiceConnection,
  lines: readonly FundsLine[],
): Promise<DirectForecast | null> {
  const wallet = await walletOrNone(connection);
  if (!wallet) return null;
  const forecast = forecastFunds([{ line: 1, lines: [...lines] }], wallet.Data);
  return {
    waits: forecast.waitingLines.length > 0,
    short: forecast.contracts
      .filter((contract) => contract.topUp !== "0")
      .map(({ symbol, chain, topUp, queuedAwards }) => ({ symbol, chain, topUp, queuedAwards })),
  };
}
