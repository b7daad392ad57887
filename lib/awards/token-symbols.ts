import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { canonicalGuid } from "@/lib/contract/guid";
import { countInRequest } from "@/lib/request/per-request";

/**
 * How long a project's symbols are kept between requests. They only name the tokens on trail
 * lines (the overview's chart and latest awards, the wallet's queue), a catalogue changes rarely,
 * and the overview asks again every 15 s for each person who has it open: so a token added or
 * renamed in the service shows under its new symbol within a minute (docs/console.md, "One
 * request context"). Amounts, statuses and balances are never kept.
 */
export const SYMBOLS_KEPT_MS = 60_000;

const kept = new Map<string, { at: number; symbols: Promise<Map<string, string>> }>();

/**
 * Token GUID (lower case) → symbol, for showing trail lines; empty when the service is away (and
 * then asked again on the next request). Per service and project, so every connection to one
 * project shares it.
 */
export function tokenSymbols(
  connection: ServiceConnection | null,
  now = Date.now(),
): Promise<Map<string, string>> {
  if (!connection) return Promise.resolve(new Map());
  const key = `${connection.baseUrl}|${canonicalGuid(connection.projectGuid)}`;
  const known = kept.get(key);
  if (known && now - known.at < SYMBOLS_KEPT_MS) return known.symbols;
  const symbols = (async () => {
    await countInRequest("tokens list");
    const tokens = await listProjectTokens(connection);
    return new Map(tokens.Data.Tokens.map((token) => [canonicalGuid(token.Guid), token.Symbol]));
  })().catch(() => {
    // Not kept: the next request asks again.
    if (kept.get(key)?.symbols === symbols) kept.delete(key);
    return new Map<string, string>();
  });
  // One question in flight per project, however many requests want it at once.
  kept.set(key, { at: now, symbols });
  return symbols;
}
