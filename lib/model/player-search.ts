/**
 * A player search's answer as the console's pages show it (components/players/player-search.tsx),
 * from the service's customer search or, on a service without it, from the console's own trail
 * (lib/players/search-players.ts). Plain data, shared by the server and the browser.
 */

/** How a player matched, best first (the service's `Match`). */
export type PlayerMatch = "exact" | "prefix" | "wallet" | "contains";

export interface FoundPlayer {
  customerId: string;
  match: PlayerMatch;
  /** The player's wallets that start with what was typed. */
  wallets: string[];
  /** How many tokens the player holds anything of; null when the console's own trail answered. */
  tokenCount: number | null;
  /** The latest award or reversal, ISO 8601 UTC; "" when none. */
  lastActivity: string;
}

export interface PlayerSearchAnswer {
  /** "service": the service's customer search; "console": the Customer IDs the console's trail holds. */
  source: "service" | "console";
  players: FoundPlayer[];
  /** Pass back for the next page; "" at the end. */
  nextCursor: string;
  /** More IDs contain the fragment than the service ranks: what is listed is a part; type more. */
  capped: boolean;
}
