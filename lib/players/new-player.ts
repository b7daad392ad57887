import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { playerSummary } from "./player-summary";

/**
 * Whether the service knows nothing of this player: no tokens and no items (docs/console.md,
 * "New players"). A failed read throws the client's ServiceCallError: the caller decides how to
 * show it.
 */
export async function isNewPlayer(connection: ServiceConnection, customerId: string): Promise<boolean> {
  return (await playerSummary(connection, customerId)).isNew;
}
