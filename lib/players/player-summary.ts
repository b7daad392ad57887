import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerItems, getCustomerTokens } from "@/lib/client/holdings";
import { readPinnedNotes } from "@/lib/player-notes/page-reads";
import { knownWallets, type PlayerSummary, playerTokens } from "./holdings";

/**
 * A player's balances per token and item count, and the staff notes pinned on them. The service answers an unknown customer with
 * empty lists, so "new" is exactly "no tokens and no items": an award to a mistyped ID would
 * otherwise make a new player silently.
 */
export async function playerSummary(
  connection: ServiceConnection,
  customerId: string,
): Promise<PlayerSummary> {
  const [tokens, items, pinnedNotes] = await Promise.all([
    getCustomerTokens(connection, customerId),
    getCustomerItems(connection, customerId),
    readPinnedNotes(connection.projectGuid, [customerId]),
  ]);
  const shown = playerTokens(tokens.Data.Tokens);
  return {
    customerId,
    isNew: shown.length === 0 && items.Items.length === 0,
    tokens: shown.map((token) => ({ guid: token.guid, symbol: token.symbol, total: token.total })),
    itemCount: items.Items.length,
    wallets: knownWallets(shown),
    pinnedNotes,
  };
}
