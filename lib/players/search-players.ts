import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { searchCustomers } from "@/lib/client/customers";
import { SEARCH_MATCHES } from "@/lib/contract/customer-search";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "@/lib/contract/customer-search-rule";
import { consoleDb } from "@/lib/db/console-db";
import type { PlayerMatch, PlayerSearchAnswer } from "@/lib/model/player-search";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { knownPlayers } from "./known-players";

/** What the console's own trail lists at most, when it answers instead of the service. */
const KNOWN_LIMIT = 20;

/** The typed fragment, trimmed, if it is one the search takes; otherwise the rule, for the person. */
export function searchFragment(raw: string): string {
  const fragment = raw.trim();
  const length = [...fragment].length;
  if (length < SEARCH_MIN_LENGTH)
    throw new UserFacingError(`Type at least ${SEARCH_MIN_LENGTH} characters of a Customer ID or wallet.`);
  if (length > SEARCH_MAX_LENGTH)
    throw new UserFacingError(`A search is at most ${SEARCH_MAX_LENGTH} characters.`);
  return fragment;
}

/**
 * Players whose Customer ID contains the fragment, or one of whose wallets starts with it: the
 * service's customer search (docs/service.md, "Customer search"), one page at a time. A service
 * that implements only the spec answers 404 there; then the Customer IDs in the console's own
 * trail are searched (docs/console.md, "Finding a player"), and the answer says so.
 */
export async function searchPlayers(
  connection: ServiceConnection,
  raw: string,
  cursor = "",
): Promise<PlayerSearchAnswer> {
  const fragment = searchFragment(raw);
  try {
    const page = (await searchCustomers(connection, fragment, cursor || undefined)).Data;
    return {
      source: "service",
      players: page.Customers.map((found) => ({
        customerId: found.CustomerID,
        // A kind of match a later service adds is shown as the weakest one.
        match: (SEARCH_MATCHES as readonly string[]).includes(found.Match)
          ? (found.Match as PlayerMatch)
          : "contains",
        wallets: found.Wallets,
        tokenCount: Number(found.TokenCount),
        lastActivity: found.LastActivity,
      })),
      nextCursor: page.NextCursor,
      capped: page.Capped ?? false,
    };
  } catch (error) {
    if (!isExtensionMissing(error)) throw error;
  }
  return {
    source: "console",
    players: await knownPlayers(await consoleDb(), connection.projectGuid, fragment, KNOWN_LIMIT),
    nextCursor: "",
    capped: false,
  };
}
