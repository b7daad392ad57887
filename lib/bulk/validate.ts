import { amountText, walletProblem } from "@/lib/awards/award-input";
import { canonicalDecimal, decimalProblem, fromUnits, toUnits } from "@/lib/contract/decimal";
import { wallet as walletRule } from "@/lib/contract/fields";
import { canonicalGuid } from "@/lib/contract/guid";
import type { AddressFormat } from "@/lib/contract/wallet-address";
import { checkCustomerId } from "@/lib/players/customer-id";
import type { CsvRow } from "./csv";

/** A token of the project as the dry run needs it (from the service's token list). */
export interface ProjectToken {
  Guid: string;
  Symbol: string;
  /** `AddressFormat`: the service's word on the chain's wallets; absent when it does not say. */
  Contracts: { ChainName: string; ContractGuid: string; AddressFormat?: AddressFormat | null }[];
}

/** A row that passed every check, resolved to GUIDs: what will be sent. */
export interface BulkRow {
  line: number;
  /** As it is sent and stored in the trail: white space around the file's field dropped. */
  customerId: string;
  tokenGuid: string;
  symbol: string;
  contractGuid: string;
  chain: string;
  /** Exact text, canonical (no leading zeros, no trailing decimal zeros). */
  amount: string;
  mode: "allowance" | "direct";
  wallet: string;
  mintable: boolean;
}

/** A row with problems: its line, the fields as written, and one message per problem. */
export interface RowError {
  line: number;
  fields: CsvRow["fields"];
  problems: string[];
}

/** A row that repeats an earlier row of the same file: allowed only when confirmed. */
export interface RepeatedRow {
  line: number;
  sameAs: number;
}

export interface Total {
  symbol: string;
  chain: string;
  mode: BulkRow["mode"];
  amount: string;
  rows: number;
}

export interface DryRun {
  rows: BulkRow[];
  errors: RowError[];
  repeated: RepeatedRow[];
  summary: { rows: number; players: number; totals: Total[]; errors: number };
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? "is not valid");

const FLAGS: Record<string, boolean> = {
  "": false,
  true: true,
  false: false,
  yes: true,
  no: false,
  "1": true,
  "0": false,
};

/** What makes two rows the same award: customer, token, contract, amount (exact), mode, wallet. */
export function awardKey(
  row: Pick<BulkRow, "customerId" | "tokenGuid" | "contractGuid" | "amount" | "mode" | "wallet">,
): string {
  const amount = decimalProblem(row.amount) === null ? canonicalDecimal(row.amount) : row.amount;
  return [
    row.customerId,
    row.tokenGuid.toLowerCase(),
    row.contractGuid.toLowerCase(),
    amount,
    row.mode,
    row.wallet.toLowerCase(),
  ].join("\u0000");
}

function resolveToken(tokens: ProjectToken[], text: string): { token: ProjectToken } | { problem: string } {
  if (text === "") return { problem: "token: is required (a symbol or a token GUID)" };
  const byGuid = tokens.find((t) => t.Guid.toLowerCase() === text.toLowerCase());
  if (byGuid) return { token: byGuid };
  const bySymbol = tokens.filter((t) => t.Symbol.toLowerCase() === text.toLowerCase());
  if (bySymbol.length === 1 && bySymbol[0]) return { token: bySymbol[0] };
  if (bySymbol.length > 1)
    return {
      problem: `token: "${text}" is ambiguous (${bySymbol.length} tokens have that symbol), use the GUID`,
    };
  return { problem: `token: "${text}" is not a token of this project` };
}

function resolveContract(
  token: ProjectToken,
  text: string,
): { contract: ProjectToken["Contracts"][number] } | { problem: string } {
  const chains = token.Contracts.map((c) => c.ChainName).join(", ");
  if (text === "") {
    if (token.Contracts.length === 1 && token.Contracts[0]) return { contract: token.Contracts[0] };
    return {
      problem:
        token.Contracts.length === 0
          ? `contract: ${token.Symbol} has no contract`
          : `contract: is required, ${token.Symbol} has ${token.Contracts.length} contracts (${chains})`,
    };
  }
  const byGuid = token.Contracts.find((c) => c.ContractGuid.toLowerCase() === text.toLowerCase());
  if (byGuid) return { contract: byGuid };
  const byChain = token.Contracts.filter((c) => c.ChainName.toLowerCase() === text.toLowerCase());
  if (byChain.length === 1 && byChain[0]) return { contract: byChain[0] };
  if (byChain.length > 1)
    return {
      problem: `contract: "${text}" is ambiguous (${token.Symbol} has ${byChain.length} contracts on it), use the contract GUID`,
    };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text))
    return { problem: `contract: ${text} is not a contract of ${token.Symbol}` };
  return { problem: `contract: ${token.Symbol} has no contract on chain "${text}" (it has: ${chains})` };
}

/** Checks one row; answers the row to send, or its problems. */
function checkRow(row: CsvRow, tokens: ProjectToken[]): BulkRow | string[] {
  if (row.problem) return [row.problem];
  const f = row.fields;
  const problems: string[] = [];
  // The console's one Customer ID rule (docs/console.md, "Customer IDs"): a quoted field keeps
  // the spaces around it through the CSV parser, and they must never reach the service.
  const customer = checkCustomerId(f.customer_id);
  if (!customer.ok) problems.push(`customer_id: ${customer.problem}`);

  const mode = f.mode.toLowerCase();
  if (mode !== "allowance" && mode !== "direct")
    problems.push(`mode: "${f.mode}" must be allowance or direct`);

  const amount = firstMessage(amountText.safeParse(f.amount));
  if (amount) problems.push(`amount: ${amount}`);

  const mintable = FLAGS[f.mintable.toLowerCase()];
  if (mintable === undefined) problems.push(`mintable: "${f.mintable}" must be true or false (or empty)`);
  else if (mintable && mode === "direct") problems.push("mintable: applies to an allowance only");

  const token = resolveToken(tokens, f.token);
  let contract: ProjectToken["Contracts"][number] | undefined;
  if ("problem" in token) problems.push(token.problem);
  else {
    const resolved = resolveContract(token.token, f.contract);
    if ("problem" in resolved) problems.push(resolved.problem);
    else contract = resolved.contract;
  }

  if (mode === "direct") {
    if (f.wallet === "") problems.push("wallet: is required for a direct distribution");
    else {
      const format = firstMessage(walletRule.safeParse(f.wallet));
      const chainRule = contract ? walletProblem(contract.ChainName, f.wallet, contract.AddressFormat) : null;
      if (format ?? chainRule) problems.push(`wallet: ${format ?? chainRule}`);
    }
  } else if (mode === "allowance" && f.wallet !== "") {
    problems.push("wallet: must be empty for an allowance (an allowance is not paid to a wallet)");
  }

  if (problems.length > 0 || !customer.ok || "problem" in token || !contract) return problems;
  return {
    line: row.line,
    customerId: customer.id,
    // Stored canonical, whatever case the service lists them in (lib/contract/guid.ts).
    tokenGuid: canonicalGuid(token.token.Guid),
    symbol: token.token.Symbol,
    contractGuid: canonicalGuid(contract.ContractGuid),
    chain: contract.ChainName,
    amount: canonicalDecimal(f.amount.trim()),
    mode: mode as BulkRow["mode"],
    wallet: mode === "direct" ? f.wallet : "",
    mintable: mintable ?? false,
  };
}

/**
 * The dry run: every row checked against the project's tokens and the award rules (docs/service.md,
 * "Awards (rules 13–17)", rule 13), rows repeating an earlier row found, and the batch summarised (exact totals per
 * token, contract and mode). Nothing is sent or written here.
 */
export function dryRun(rows: CsvRow[], tokens: ProjectToken[]): DryRun {
  const valid: BulkRow[] = [];
  const errors: RowError[] = [];
  for (const row of rows) {
    const checked = checkRow(row, tokens);
    if (Array.isArray(checked)) errors.push({ line: row.line, fields: row.fields, problems: checked });
    else valid.push(checked);
  }
  const firstLine = new Map<string, number>();
  const repeated: RepeatedRow[] = [];
  const totals = new Map<string, { total: Total; units: bigint }>();
  for (const row of valid) {
    const key = awardKey(row);
    const earlier = firstLine.get(key);
    if (earlier === undefined) firstLine.set(key, row.line);
    else repeated.push({ line: row.line, sameAs: earlier });
    const totalKey = `${row.contractGuid}|${row.mode}`;
    const entry = totals.get(totalKey) ?? {
      total: { symbol: row.symbol, chain: row.chain, mode: row.mode, amount: "0", rows: 0 },
      units: 0n,
    };
    entry.units += toUnits(row.amount);
    entry.total.rows += 1;
    totals.set(totalKey, entry);
  }
  return {
    rows: valid,
    errors,
    repeated,
    summary: {
      rows: rows.length,
      players: new Set(valid.map((row) => row.customerId)).size,
      totals: [...totals.values()]
        .map(({ total, units }) => ({ ...total, amount: fromUnits(units) }))
        .sort(
          (a, b) =>
            a.symbol.localeCompare(b.symbol) ||
            a.chain.localeCompare(b.chain) ||
            a.mode.localeCompare(b.mode),
        ),
      errors: errors.length,
    },
  };
}
