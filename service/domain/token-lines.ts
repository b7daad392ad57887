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

interface Catalogue {
  /** By token GUID (lower case). */
  tokens: Map<string, { id: number; symbol: string }>;
  /** By "token GUID contract GUID" (lower case): each token's own contracts only. */
  contracts: Map<string, { id: number; chainName: string; addressFormat: string | null }>;
}

/**
 * The project's tokens with their contracts and chains — all of them, or those of the given
 * GUIDs (lower case).
 */
async function loadCatalogue(
  db: ServiceDb,
  projectId: number,
  only: { tokens: string[]; contracts: string[] } | null,
): Promise<Catalogue> {
  const found = await rows<{
    token_id: number;
    token_guid: string;
    symbol: string;
    contract_id: number | null;
    contract_guid: string | null;
    chain_name: string;
    address_format: string | null;
  }>(
    db,
    sql`select t.id as token_id, t.guid::text as token_guid, t.symbol, c.id as contract_id,
               c.guid::text as contract_guid, ch.name as chain_name, ch.address_format
          from service.tokens t
          left join service.contracts c
            on c.token_id = t.id and c.project_id = ${projectId}
               ${only ? sql`and c.guid = any(${sql.param(only.contracts)}::uuid[])` : sql``}
          left join service.chains ch on ch.id = c.chain_id
         where t.project_id = ${projectId}
               ${only ? sql`and t.guid = any(${sql.param(only.tokens)}::uuid[])` : sql``}`,
  );
  const catalogue: Catalogue = { tokens: new Map(), contracts: new Map() };
  for (const row of found) {
    catalogue.tokens.set(row.token_guid, { id: row.token_id, symbol: row.symbol });
    if (row.contract_id !== null)
      catalogue.contracts.set(`${row.token_guid} ${row.contract_guid}`, {
        id: row.contract_id,
        chainName: row.chain_name,
        addressFormat: row.address_format,
      });
  }
  return catalogue;
}

/**
 * Catalogues kept per database handle and (project, catalogue version). Tokens, contracts and
 * chains change only by an import that replaces the catalogue, which raises the project's
 * version in the same transaction (domain/import.ts); the version is read with the API key on every
 * request (domain/keys.ts), so a request never uses a catalogue older than the one that was
 * current when its key was checked — the same as reading the catalogue then. A reset project is
 * a new project id. A changed version simply misses; old entries go when the map is full.
 */
const catalogues = new WeakMap<ServiceDb, Map<string, Promise<Catalogue>>>();
const MAX_CATALOGUES = 64;

function cachedCatalogue(db: ServiceDb, projectId: number, version: number): Promise<Catalogue> {
  let byProject = catalogues.get(db);
  if (!byProject) {
    byProject = new Map();
    catalogues.set(db, byProject);
  }
  const key = `${projectId}:${version}`;
  let catalogue = byProject.get(key);
  if (!catalogue) {
    if (byProject.size >= MAX_CATALOGUES) byProject.clear();
    const loading = loadCatalogue(db, projectId, null);
    const entries = byProject;
    entries.set(key, loading);
    loading.catch(() => entries.delete(key));
    catalogue = loading;
  }
  return catalogue;
}

/**
 * Checks each line against the project's catalogue (rule 13): the token is the project's and the
 * contract is one of that token's. Errors name the line. With the project's catalogue version
 * (from the key check), the catalogue comes from the cache above; without, from the database.
 */
export async function resolveTokenLines(
  db: ServiceDb,
  projectId: number,
  lines: readonly { Guid: string; ContractGuid: string; Amount: string }[],
  catalogueVersion?: number,
): Promise<ResolvedLine[]> {
  const catalogue =
    catalogueVersion === undefined
      ? await loadCatalogue(db, projectId, {
          tokens: [...new Set(lines.map((l) => l.Guid.toLowerCase()))],
          contracts: [...new Set(lines.map((l) => l.ContractGuid.toLowerCase()))],
        })
      : await cachedCatalogue(db, projectId, catalogueVersion);
  return lines.map((line, index) => {
    const tokenGuid = line.Guid.toLowerCase();
    const token = catalogue.tokens.get(tokenGuid);
    if (!token) throw invalid(`Tokens[${index}].Guid is not a token of this project.`);
    const contract = catalogue.contracts.get(`${tokenGuid} ${line.ContractGuid.toLowerCase()}`);
    if (!contract) throw invalid(`Tokens[${index}].ContractGuid is not a contract of token ${token.symbol}.`);
    return {
      tokenId: token.id,
      tokenGuid: line.Guid,
      contractId: contract.id,
      contractGuid: line.ContractGuid,
      chainName: contract.chainName,
      addressFormat: contract.addressFormat,
      amount: canonicalDecimal(line.Amount),
    };
  });
}
