import { MAX_DECIMALS } from "@/lib/contract/decimal";
import { chainAddressFormat } from "@/lib/contract/wallet-address";
import type { COLUMNS } from "./csv";
import type { ProjectToken } from "./validate";

/**
 * What a bulk file may hold, said with the project's own tokens (docs/console.md, "Bulk awards"):
 * the page's column guide and the template a person downloads and fills in. Browser-safe.
 */

export interface ColumnGuide {
  column: (typeof COLUMNS)[number];
  required: "yes" | "no" | "for direct";
  allowed: string;
}

const symbolsOf = (tokens: readonly ProjectToken[]) => tokens.map((token) => token.Symbol).join(", ");
const chainsOf = (tokens: readonly ProjectToken[]) =>
  [...new Set(tokens.flatMap((token) => token.Contracts.map((contract) => contract.ChainName)))].join(", ");

/** Each column, whether it is needed, and what it accepts in this project. */
export function columnGuide(tokens: readonly ProjectToken[]): ColumnGuide[] {
  return [
    {
      column: "customer_id",
      required: "yes",
      allowed: "The player's ID in your game (spaces around it are dropped).",
    },
    {
      column: "token",
      required: "yes",
      allowed: `A symbol (${symbolsOf(tokens) || "none yet"}) or a token GUID.`,
    },
    {
      column: "contract",
      required: "no",
      allowed: `A chain (${chainsOf(tokens) || "none yet"}) or a contract GUID; empty when the token has one contract.`,
    },
    {
      column: "amount",
      required: "yes",
      allowed: `More than 0, with a point for decimals (25 or 0.5), at most ${MAX_DECIMALS} decimals.`,
    },
    { column: "mode", required: "yes", allowed: "allowance (claimed later) or direct (paid to a wallet)." },
    {
      column: "wallet",
      required: "for direct",
      allowed:
        "The player's wallet on the contract's chain (an EVM chain takes 0x and 40 hex digits); empty for an allowance.",
    },
    { column: "mintable", required: "no", allowed: "true or false (allowances only); empty means false." },
  ];
}

/** An address of the right shape for a chain, for the template's direct example. */
const exampleWallet = (chain: string, offered?: ProjectToken["Contracts"][number]["AddressFormat"]) =>
  chainAddressFormat(chain, offered) === "evm"
    ? "0x0000000000000000000000000000000000000001"
    : "player-wallet-1";

/**
 * The rows of a file to fill in (under the header, COLUMNS): two examples with the project's first
 * token — an allowance, and a direct distribution on its first contract with a wallet of that
 * chain's shape. Both pass the dry run as they are (lib/bulk/file-guide.test.ts); a person replaces
 * them with real ones. None for a project without tokens.
 */
export function templateRows(tokens: readonly ProjectToken[]): string[][] {
  const token = tokens.find((candidate) => candidate.Contracts.length > 0);
  const contract = token?.Contracts[0];
  if (!token || !contract) return [];
  return [
    ["player-1", token.Symbol, contract.ChainName, "25", "allowance", "", "false"],
    [
      "player-2",
      token.Symbol,
      contract.ChainName,
      "0.5",
      "direct",
      exampleWallet(contract.ChainName, contract.AddressFormat),
      "",
    ],
  ];
}
