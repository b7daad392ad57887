import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { countInRequest, oncePerRequest } from "@/lib/request/per-request";

/**
 * Token GUID (lower case) → symbol, for showing trail lines; empty when the service is away. Asked
 * of the service once per request, however many parts of the page show symbols (the overview and
 * its wallet; lib/request/per-request.ts): under a `connection:` key, so a change to the
 * connection in the request forgets it.
 */
export async function tokenSymbols(connection: ServiceConnection | null): Promise<Map<string, string>> {
  if (!connection) return new Map();
  const key = `connection:tokens:${connection.baseUrl}|${connection.projectGuid.toLowerCase()}`;
  return oncePerRequest(key, async () => {
    await countInRequest("tokens list");
    try {
      const tokens = await listProjectTokens(connection);
      return new Map(tokens.Data.Tokens.map((token) => [token.Guid.toLowerCase(), token.Symbol]));
    } catch {
      return new Map();
    }
  });
}
