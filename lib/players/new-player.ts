import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerItems, getCustomerTokens } from "@/lib/client/holdings";

/**
 * Whether the service knows nothing of this player: no tokens and no items. The service answers
 * an unknown customer with empty lists (docs/service.md), so an award to a mistyped ID would
 * silently make a new player; the console asks before sending and warns (docs/console.md).
 * A failed read throws the client's ServiceCallError: the caller decides how to show it.
 */
export async function isNewPlayer(connection: ServiceConnection, customerId: string): Promise<boolean> {
  const [tokens, items] = await Promise.all([
    getCustomerTokens(connection, customerId),
    getCustomerItems(connection, customerId),
  ]);
  return tokens.Data.Tokens.length === 0 && items.Items.length === 0;
}
