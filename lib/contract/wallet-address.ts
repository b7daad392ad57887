/**
 * The wallet address rule (docs/service.md, "Awards", rule 13): a direct award's `Wallet` must
 * match the address format of each of its lines' chains, where the chain has one. The service
 * knows each chain's format (`service.chains.address_format`, from the project fixture) and
 * checks it with `addressProblem`; a console that is not told the format guesses it from the
 * chain's name (`guessedAddressFormat`) — only as the fallback for a service that does not say.
 * No imports: the browser's award form loads it.
 */

/** The formats a chain may declare; a chain without one takes any wallet text. */
export const ADDRESS_FORMATS = ["evm"] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

const RULES: Record<AddressFormat, { pattern: RegExp; name: string; shape: string }> = {
  evm: {
    pattern: /^0x[0-9a-fA-F]{40}$/,
    name: "an EVM address",
    shape: "0x followed by 40 hexadecimal digits",
  },
};

/**
 * What is wrong with `address` on a chain of `format`, in words for after the field's name
 * ("must be an EVM address (0x followed by 40 hexadecimal digits) for chain Polygon"), or null.
 */
export function addressProblem(
  format: AddressFormat | null,
  address: string,
  chainName: string,
): string | null {
  if (format === null) return null;
  const rule = RULES[format];
  return rule.pattern.test(address) ? null : `must be ${rule.name} (${rule.shape}) for chain ${chainName}`;
}

/** Chains known to take EVM addresses, by name in any case: the guess for a service that does not say. */
const EVM_CHAIN_NAMES = new Set([
  "ethereum",
  "polygon",
  "bsc",
  "bnb",
  "arbitrum",
  "optimism",
  "base",
  "avalanche",
  "sepolia",
  "amoy",
]);

/** The address format a chain of this name most likely has, when the service does not say. */
export function guessedAddressFormat(chainName: string): AddressFormat | null {
  return EVM_CHAIN_NAMES.has(chainName.trim().toLowerCase()) ? "evm" : null;
}

/**
 * The format to check a chain's wallets against: the service's own word when it gives one
 * (`null` included: the chain has none), else the guess from the chain's name.
 */
export function chainAddressFormat(chainName: string, offered?: AddressFormat | null): AddressFormat | null {
  return offered === undefined ? guessedAddressFormat(chainName) : offered;
}
