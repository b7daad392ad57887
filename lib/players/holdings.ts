import { compareDecimals, decimalProblem, sumDecimals } from "@/lib/contract/decimal";
import type { CustomerToken } from "@/lib/contract/holdings";
import type { PinnedNote } from "@/lib/model/player-notes";

/** What the award form shows once a player is entered: plain data, safe for the browser. */
export interface PlayerSummary {
  customerId: string;
  /** The service knows nothing of this player: no tokens and no items (docs/console.md). */
  isNew: boolean;
  tokens: { guid: string; symbol: string; total: string }[];
  itemCount: number;
  /** The wallets tokens were distributed to, each once with its chain: offered for a direct award. */
  wallets: { wallet: string; chain: string }[];
  /** Staff notes pinned on this player ("already compensated"): shown beside the award. */
  pinnedNotes: PinnedNote[];
}

/** The distinct wallets of a player's distributed holdings, in the order the service lists them. */
export function knownWallets(tokens: readonly Pick<PlayerToken, "details">[]): PlayerSummary["wallets"] {
  const seen = new Map<string, { wallet: string; chain: string }>();
  for (const token of tokens)
    for (const detail of token.details)
      if (!detail.IsAllowance && detail.Wallet && !seen.has(detail.Wallet))
        seen.set(detail.Wallet, { wallet: detail.Wallet, chain: detail.ChainName });
  return [...seen.values()];
}

export interface TotalCheck {
  /** The exact sum of the details, or null when a detail is not a plain decimal. */
  sum: string | null;
  /** False when the service's Total and the details disagree (docs/console.md, "Catalogue prices and player holdings"). */
  matches: boolean;
}

/**
 * Compares a token's `Total` with the exact sum of its details. A service that computes the
 * total in floating point may send a rounded number: a difference that vanishes at a double's
 * precision (both round to the same double) is not flagged; anything larger is.
 */
export function checkTotal(total: string, details: readonly { Amount: string }[]): TotalCheck {
  const amounts = details.map((detail) => detail.Amount);
  if (amounts.some((amount) => decimalProblem(amount) !== null)) return { sum: null, matches: false };
  const sum = sumDecimals(amounts);
  if (decimalProblem(total) === null && compareDecimals(total, sum) === 0) return { sum, matches: true };
  return { sum, matches: Number(total) === Number(sum) };
}

/** A player's token as the page shows it: the service's total, its check, and the details. */
export interface PlayerToken {
  guid: string;
  symbol: string;
  name: string;
  image: string;
  total: string;
  check: TotalCheck;
  details: CustomerToken["Details"];
}

export function playerTokens(tokens: readonly CustomerToken[]): PlayerToken[] {
  return tokens.map((token) => ({
    guid: token.Guid,
    symbol: token.TokenSymbol,
    name: token.Name,
    image: token.Image,
    total: token.Total,
    check: checkTotal(token.Total, token.Details),
    details: token.Details,
  }));
}
