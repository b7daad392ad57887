import "server-only";
import { getWallet } from "./awards";
import { ServiceCallError, type ServiceConnection } from "./call-service";
import { listProjectTokens } from "./catalogue";

export interface ServiceCapabilities {
  /** Our extensions (Wallet, FundWallet, Awards, Status): the console hides what needs them otherwise. */
  extensions: boolean;
}

/** A service that implements only the spec answers 404 (or 405) on our extensions' paths. */
export function isExtensionMissing(error: unknown): boolean {
  return error instanceof ServiceCallError && (error.status === 404 || error.status === 405);
}

/**
 * What "Test connection" reports: the key and project work (a spec endpoint answers), and whether
 * the service offers our extensions (GET /Wallet answers). A service without them answers 404.
 */
export async function probeService(
  connection: ServiceConnection,
): Promise<ServiceCapabilities & { tokens: number }> {
  const tokens = await listProjectTokens(connection);
  let extensions = true;
  try {
    await getWallet(connection);
  } catch (error) {
    if (isExtensionMissing(error)) extensions = false;
    else throw error;
  }
  return { extensions, tokens: tokens.Data.Tokens.length };
}
