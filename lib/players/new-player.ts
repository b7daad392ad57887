import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerItems, getCustomerTokens } from "@/lib/client/holdings";

/**
 * Whether the service knows nothing of this player: no tokens and no items (docs/console.md,
 * "New players"). Items are asked only when there are no tokens: most players of a bulk file hold
 * something, so most cost one request. A failed read throws the client's ServiceCallError: the
 * caller decides how to show it.
 */
export async function isNewPlayer(connection: ServiceConnection, customerId: string): Promise<boolean> {
  const tokens = await getCustomerTokens(connection, customerId);
  if (tokens.Data.Tokens.length > 0) return false;
  const items = await getCustomerItems(connection, customerId);
  return items.Items.length === 0;
}
