import { sql } from "drizzle-orm";
import { canonicalDecimal } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import { invalid } from "./service-error";
import { rows } from "./sql-rows";

export interface ResolvedLine {
  tokenId: number;
  tokenGuid: string;
  contractId: number;
  contractGuid: string;
  chainName: string;
  addressFormat: string | null;
  /** Canonical decimal text. */
  amount: string;
}

/**
 * Checks each line against the project's catalogue (rule 13): the token is the project's and the
 * contract is one of that token's. Errors name the line.
 */
export async function resolveTokenLines(
  db: ServiceDb,
  projectId: number,
  lines: readonly { Guid: string; ContractGuid: string; Amount: string }[],
): Promise<ResolvedLine[]> {
  const tokenGuids = [...new Set(lines.map((l) => l.Guid.toLowerCase()))];
  const contractGuids = [...new Set(lines.map((l) => l.ContractGuid.toLowerCase()))];
  const tokens = await rows<{ id: number; guid: string; symbol: string }>(
    db,
    sql`select id, guid::text as guid, symbol from service.tokens
         where project_id = ${projectId} and guid = any(${sql.param(tokenGuids)}::uuid[])`,
  );
  const contracts = await rows<{
    id: number;
    guid: string;
    token_id: number;
    chain_name: string;
    address_format: string | null;
  }>(
    db,
    sql`select c.id, c.guid::text as guid, c.token_id, ch.name as chain_name, ch.address_format
          from service.contracts c join service.chains ch on ch.id = c.chain_id
         where c.project_id = ${projectId} and c.guid = any(${sql.param(contractGuids)}::uuid[])`,
  );
  const tokenByGuid = new Map(tokens.map((t) => [t.guid, t]));
  const contractByGuid = new Map(contracts.map((c) => [c.guid, c]));
  return lines.map((line, index) => {
    const token = tokenByGuid.get(line.Guid.toLowerCase());
    if (!token) throw invalid(`Tokens[${index}].Guid is not a token of this project.`);
    const contract = contractByGuid.get(line.ContractGuid.toLowerCase());
    if (!contract || contract.token_id !== token.id) {
      throw invalid(`Tokens[${index}].ContractGuid is not a contract of token ${token.symbol}.`);
    }
    return {
      tokenId: token.id,
      tokenGuid: line.Guid,
      contractId: contract.id,
      contractGuid: line.ContractGuid,
      chainName: contract.chain_name,
      addressFormat: contract.address_format,
      amount: canonicalDecimal(line.Amount),
    };
  });
}
