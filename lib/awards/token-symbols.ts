import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";

/** Token GUID (lower case) → symbol, for showing trail lines; empty when the service is away. */
export async function tokenSymbols(connection: ServiceConnection | null): Promise<Map<string, string>> {
  if (!connection) return new Map();
  try {
    const tokens = await listProjectTokens(connection);
    return new Map(tokens.Data.Tokens.map((token) => [token.Guid.toLowerCase(), token.Symbol]));
  } catch {
    return new Map();
  }
}
