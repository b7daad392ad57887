import "server-only";
import { getWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { consoleDb } from "@/lib/db/console-db";
import { tokenSymbols } from "./token-symbols";
import { awardsByRequestId } from "./trail";
import { type ContractFunding, fundingGaps, type WalletView } from "./wallet";

/** GET Wallet; null when the service has no wallet (it implements the spec only). */
export function walletOrNone(connection: ServiceConnection) {
  return getWallet(connection).catch((error: unknown) => {
    if (isExtensionMissing(error)) return null;
    throw error;
  });
}

/** The project wallet (our extension) as the console shows it; null when the service has no wallet. */
export async function readWalletView(connection: ServiceConnection): Promise<WalletView | null> {
  const [wallet, symbols] = await Promise.all([walletOrNone(connection), tokenSymbols(connection)]);
  if (!wallet) return null;
  const queue = wallet.Data.Queue;
  const sent = await awardsByRequestId(
    await consoleDb(),
    connection.projectGuid,
    queue.map((award) => award.RequestID),
  );
  const inTrail = new Set(sent.map((award) => award.requestId.toLowerCase()));
  return {
    contracts: fundingGaps(wallet.Data),
    queue: queue.map((award) => ({
      requestId: award.RequestID,
      customerId: award.CustomerID,
      wallet: award.Wallet,
      queuedAt: award.QueuedAt,
      lines: award.Tokens.map((line) => ({
        guid: line.Guid,
        contract: line.ContractGuid,
        amount: String(line.Amount),
        symbol: symbols.get(line.Guid.toLowerCase()) ?? line.Guid.slice(0, 8),
      })),
      inTrail: inTrail.has(award.RequestID.toLowerCase()),
    })),
  };
}

/**
 * The wallet's funding gaps and how many awards wait in its queue, for the overview's card: GET
 * Wallet alone, without the queue's symbols and trail rows that only the wallet page shows.
 */
export async function readWalletFunding(
  connection: ServiceConnection,
): Promise<{ contracts: ContractFunding[]; waiting: number } | null> {
  const wallet = await walletOrNone(connection);
  if (!wallet) return null;
  return { contracts: fundingGaps(wallet.Data), waiting: wallet.Data.Queue.length };
}
