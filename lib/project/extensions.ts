import "server-only";
import { getWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";

const TTL_MS = 5 * 60_000;
const known = new Map<string, { extensions: boolean; at: number }>();

/**
 * Whether the project's service offers our extensions (Wallet, FundWallet, Awards, Status),
 * asked once per five minutes per service and project: GET /Wallet answers, or 404/405 means a
 * service that implements only the spec. `null` when the service cannot tell us now (away or
 * refusing the key) — the shell then keeps the extension's pages visible, and they say why
 * they are empty.
 */
export async function offersExtensions(connection: ServiceConnection | null): Promise<boolean | null> {
  if (!connection) return null;
  const key = `${connection.baseUrl}|${connection.projectGuid.toLowerCase()}`;
  const cached = known.get(key);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.extensions;
  try {
    await getWallet(connection);
    known.set(key, { extensions: true, at: Date.now() });
    return true;
  } catch (error) {
    if (isExtensionMissing(error)) {
      known.set(key, { extensions: false, at: Date.now() });
      return false;
    }
    return null;
  }
}
