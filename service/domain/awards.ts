import { sql } from "drizzle-orm";
import type { AwardStatus, AwardTokensRequest, FundWalletRequest } from "@/lib/contract/awards";
import { canonicalDecimal, toUnits } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import { ensureAccounts, lockAccounts, post } from "./ledger";
import { ServiceError } from "./service-error";
import { type PlannedAward, planSettlement } from "./settlement";
import { rows } from "./sql-rows";
import { type ResolvedLine, resolveTokenLines } from "./token-lines";
import { inTransaction, withRetry } from "./transaction";

/**
 * Awards and fundings (DESIGN §3 rules 13–17, §4). One database transaction each: claim the
 * RequestID, then — for money that must exist — lock the project wallet accounts involved, in id
 * order, and decide under those locks. Correctness under concurrency comes from the database:
 * the unique (project, RequestID) index makes a racing twin wait for the winner and replay its
 * result; the row locks serialise every decision about one contract's wallet.
 *
 * An award, the hot path, is one call of the `service.award_tokens` function (migration 0002):
 * one round trip, with statements the database plans once per connection. A funding, rare, is
 * written here statement by statement.
 */

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function canonicalLines(lines: readonly ResolvedLine[]) {
  return lines
    .map((l) => ({
      Guid: l.tokenGuid.toLowerCase(),
      ContractGuid: l.contractGuid.toLowerCase(),
      Amount: l.amount,
    }))
    .sort((a, b) => (a.Guid + a.ContractGuid < b.Guid + b.ContractGuid ? -1 : 1));
}

/**
 * "Same body" (rule 17): every field but ApiKey, UUIDs lower-cased, amounts canonical, the
 * fields the rules ignore dropped, token lines as a set.
 */
export function canonicalAwardBody(request: AwardTokensRequest, lines: readonly ResolvedLine[]): string {
  return JSON.stringify({
    kind: "award",
    ProjectGuid: request.ProjectGuid.toLowerCase(),
    RequestID: request.RequestID.toLowerCase(),
    IsAllowance: request.IsAllowance,
    IsMintable: request.IsAllowance ? request.IsMintable : null,
    CustomerID: request.CustomerID,
    Wallet: request.IsAllowance ? null : request.Wallet,
    Tokens: canonicalLines(lines),
  });
}

export function canonicalFundingBody(request: FundWalletRequest, lines: readonly ResolvedLine[]): string {
  return JSON.stringify({
    kind: "funding",
    ProjectGuid: request.ProjectGuid.toLowerCase(),
    RequestID: request.RequestID.toLowerCase(),
    Tokens: canonicalLines(lines),
  });
}

function checkWalletFormat(wallet: string, lines: readonly ResolvedLine[]): void {
  for (const line of lines) {
    if (line.addressFormat === "evm" && !EVM_ADDRESS.test(wallet)) {
      throw new ServiceError(
        "INVALID_REQUEST",
        400,
        `Wallet must be an EVM address (0x followed by 40 hexadecimal digits) for chain ${line.chainName}.`,
      );
    }
  }
}

interface Claim {
  id: number | null;
  existing: { kind: string; canonicalBody: string; status: AwardStatus; settled: string[] } | null;
}

/**
 * Inserts the request row, or — when the RequestID is taken — waits for its transaction and
 * returns what it stored. On PostgreSQL the conflicting insert blocks until the winner commits,
 * so a racing twin always sees the winner's final row.
 */
async function claimRequest(
  db: ServiceDb,
  values: {
    projectId: number;
    requestId: string;
    kind: "award" | "funding";
    canonicalBody: string;
    customerId: number | null;
    customerText: string;
    isAllowance: boolean;
    isMintable: boolean;
    wallet: string;
  },
): Promise<Claim> {
  const inserted = await rows<{ id: string | number }>(
    db,
    sql`insert into service.awards
          (project_id, request_id, request_id_text, kind, canonical_body, customer_id, customer_text,
           is_allowance, is_mintable, wallet, status)
        values (${values.projectId}, ${values.requestId}::uuid, ${values.requestId}, ${values.kind},
                ${values.canonicalBody}, ${values.customerId}, ${values.customerText}, ${values.isAllowance},
                ${values.isMintable}, ${values.wallet}, 'Queued')
        on conflict (project_id, request_id) do nothing
        returning id`,
  );
  if (inserted[0]) return { id: Number(inserted[0].id), existing: null };
  const [existing] = await rows<{
    kind: string;
    canonical_body: string;
    status: AwardStatus;
    settled: string[];
  }>(
    db,
    sql`select kind, canonical_body, status, settled from service.awards
         where project_id = ${values.projectId} and request_id = ${values.requestId}::uuid`,
  );
  if (!existing) throw new Error("A RequestID conflicted but its row is not visible.");
  return {
    id: null,
    existing: {
      kind: existing.kind,
      canonicalBody: existing.canonical_body,
      status: existing.status,
      settled: existing.settled,
    },
  };
}

function conflict(kind: "award" | "funding", existingKind: string): ServiceError {
  const what = existingKind === "funding" ? "a wallet funding" : "an award";
  return new ServiceError(
    "REQUEST_ID_CONFLICT",
    409,
    existingKind === kind
      ? `RequestID was already used by ${what} with a different body: send the same body to retry, or use a new RequestID.`
      : `RequestID was already used by ${what}: use a new RequestID.`,
  );
}

async function insertLines(db: ServiceDb, awardId: number, lines: readonly ResolvedLine[]): Promise<void> {
  await db.execute(sql`
    insert into service.award_lines (award_id, position, token_id, contract_id, amount)
    select ${awardId}, p, t, c, a
      from unnest(${sql.param(lines.map((_, i) => i))}::int[], ${sql.param(lines.map((l) => l.tokenId))}::int[],
                  ${sql.param(lines.map((l) => l.contractId))}::int[], ${sql.param(lines.map((l) => l.amount))}::numeric[])
        as x(p, t, c, a)`);
}

/** Project wallet account ids by contract, locked (all of the project's, or only `contractIds`). */
async function lockProjectWallet(
  db: ServiceDb,
  projectId: number,
  contractIds: readonly number[] | null,
): Promise<Map<number, { accountId: number; balance: bigint }>> {
  const filter = contractIds ? sql`and contract_id = any(${sql.param([...contractIds])}::int[])` : sql``;
  const found = await rows<{ id: string | number; contract_id: number }>(
    db,
    sql`select id, contract_id from service.accounts
         where project_id = ${projectId} and kind = 'project' ${filter} order by id`,
  );
  const balances = await lockAccounts(
    db,
    found.map((a) => Number(a.id)),
  );
  return new Map(
    found.map((a) => [a.contract_id, { accountId: Number(a.id), balance: balances.get(Number(a.id)) ?? 0n }]),
  );
}

export interface AwardOutcome {
  status: AwardStatus;
}

/**
 * `POST /AwardTokens`: an allowance (at once) or a direct distribution (at once or queued).
 * `catalogueVersion`, from the key check, lets the token lines be resolved from the cache.
 */
export async function awardTokens(
  db: ServiceDb,
  projectId: number,
  request: AwardTokensRequest,
  catalogueVersion?: number,
): Promise<AwardOutcome> {
  const lines = await resolveTokenLines(db, projectId, request.Tokens, catalogueVersion);
  if (!request.IsAllowance) checkWalletFormat(request.Wallet, lines);
  const canonicalBody = canonicalAwardBody(request, lines);

  // One statement, one transaction: the `service.award_tokens` function of migration 0002
  // claims the RequestID, then posts the allowance, or pays or queues the direct award under the
  // locks of its project wallet accounts.
  const [outcome] = await withRetry(() =>
    rows<{ status: AwardStatus; existing_kind: string | null; existing_body: string | null }>(
      db,
      sql`select status, existing_kind, existing_body
            from service.award_tokens(${projectId}, ${request.RequestID}, ${canonicalBody}, ${request.CustomerID},
                                      ${request.IsAllowance}, ${request.IsAllowance && request.IsMintable},
                                      ${request.IsAllowance ? "" : request.Wallet},
                                      ${sql.param(lines.map((l) => l.tokenId))}::int[],
                                      ${sql.param(lines.map((l) => l.contractId))}::int[],
                                      ${sql.param(lines.map((l) => l.amount))}::numeric[])`,
    ),
  );
  if (!outcome) throw new Error("service.award_tokens returned no row.");
  if (
    outcome.existing_kind !== null &&
    (outcome.existing_kind !== "award" || outcome.existing_body !== canonicalBody)
  )
    throw conflict("award", outcome.existing_kind);
  return { status: outcome.status };
}

async function markCompleted(db: ServiceDb, awardIds: readonly number[]): Promise<void> {
  if (awardIds.length === 0) return;
  await db.execute(
    sql`update service.awards set status = 'Completed', completed_at = now(), queue_seq = null
         where id = any(${sql.param([...awardIds])}::bigint[])`,
  );
}

export interface FundingOutcome {
  settled: string[];
}

/** `POST /FundWallet` (extension): credit the project wallet, then settle the queue in order. */
export async function fundWallet(
  db: ServiceDb,
  projectId: number,
  request: FundWalletRequest,
  catalogueVersion?: number,
): Promise<FundingOutcome> {
  const lines = await resolveTokenLines(db, projectId, request.Tokens, catalogueVersion);
  const canonicalBody = canonicalFundingBody(request, lines);

  return inTransaction(db, async (tx) => {
    const claim = await claimRequest(tx, {
      projectId,
      requestId: request.RequestID,
      kind: "funding",
      canonicalBody,
      customerId: null,
      customerText: "",
      isAllowance: false,
      isMintable: false,
      wallet: "",
    });
    if (claim.existing) {
      if (claim.existing.kind !== "funding" || claim.existing.canonicalBody !== canonicalBody) {
        throw conflict("funding", claim.existing.kind);
      }
      return { settled: claim.existing.settled };
    }
    const fundingId = claim.id as number;
    await insertLines(tx, fundingId, lines);
    // The funded contracts' accounts exist before the locks are taken, so the lock set is complete.
    await ensureAccounts(
      tx,
      projectId,
      lines.flatMap((l) => [
        { contractId: l.contractId, kind: "world" as const, customerId: null, wallet: "" },
        { contractId: l.contractId, kind: "project" as const, customerId: null, wallet: "" },
      ]),
    );
    // Every queued award may settle, so every project wallet account is locked, in id order.
    await lockProjectWallet(tx, projectId, null);
    await post(tx, {
      projectId,
      kind: "fund",
      awardId: fundingId,
      customerId: null,
      moves: lines.map((l) => ({
        from: { contractId: l.contractId, kind: "world", wallet: "" },
        to: { contractId: l.contractId, kind: "project", wallet: "" },
        amount: l.amount,
      })),
    });
    const settled = await settleQueue(tx, projectId);
    await tx.execute(
      sql`update service.awards set status = 'Completed', completed_at = now(), settled = ${sql.param(settled)}::text[]
           where id = ${fundingId}`,
    );
    return { settled };
  });
}

/**
 * Scans the whole queue oldest first and settles what the wallet now covers (rule 15). The
 * caller holds the locks of every project wallet account.
 */
async function settleQueue(db: ServiceDb, projectId: number): Promise<string[]> {
  const queued = await rows<{
    id: string | number;
    request_id_text: string;
    customer_id: number;
    wallet: string;
    contract_ids: number[];
    amounts: string[];
  }>(
    db,
    sql`select a.id, a.request_id_text, a.customer_id, a.wallet,
               array_agg(l.contract_id order by l.position) as contract_ids,
               array_agg(l.amount::text order by l.position) as amounts
          from service.awards a join service.award_lines l on l.award_id = a.id
         where a.project_id = ${projectId} and a.status = 'Queued' and a.queue_seq is not null
         group by a.id order by a.queue_seq`,
  );
  if (queued.length === 0) return [];
  const wallet = await lockProjectWallet(db, projectId, null);
  const balances = new Map([...wallet].map(([contractId, account]) => [contractId, account.balance]));
  const plan: PlannedAward[] = queued.map((award) => ({
    id: Number(award.id),
    lines: award.contract_ids.map((contractId, i) => ({
      contractId,
      amount: toUnits(award.amounts[i] ?? "0"),
    })),
  }));
  const settleIds = new Set(planSettlement(plan, balances));
  const settling = queued.filter((award) => settleIds.has(Number(award.id)));
  if (settling.length === 0) return [];

  for (const award of settling) {
    await post(db, {
      projectId,
      kind: "settle",
      awardId: Number(award.id),
      customerId: award.customer_id,
      moves: award.contract_ids.map((contractId, i) => ({
        from: { contractId, kind: "project", wallet: "" },
        to: { contractId, kind: "wallet", wallet: award.wallet },
        amount: canonicalDecimal(award.amounts[i] ?? "0"),
      })),
    });
  }
  await markCompleted(
    db,
    settling.map((award) => Number(award.id)),
  );
  return settling.map((award) => award.request_id_text);
}
