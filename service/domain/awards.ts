import { sql } from "drizzle-orm";
import { canonicalAwardBody, canonicalFundingBody } from "@/lib/contract/award-body";
import type { AwardStatus, AwardTokensRequest, FundWalletRequest } from "@/lib/contract/awards";
import { canonicalDecimal, compareDecimals, fromUnits, sumDecimals, toUnits } from "@/lib/contract/decimal";
import { ADDRESS_FORMATS, type AddressFormat, addressProblem } from "@/lib/contract/wallet-address";
import type { ServiceDb } from "../db/connection";
import { type AwardRow, decideAward } from "./award-batches";
import { type AuthorizedProject, authorizeHash } from "./keys";
import { ServiceError, unauthorized } from "./service-error";
import { rows } from "./sql-rows";
import { type ResolvedLine, resolveTokenLines } from "./token-lines";
import { withRetry } from "./transaction";

/**
 * Awards and fundings (docs/service.md, "Awards (rules 13–17)" and "Extensions"). Here the input is resolved, checked and put in
 * canonical form; every money movement is a database function (migrations 0002 and 0004, the one
 * home of the ledger's rules, modelled in ./ledger-model.ts). Each claims the RequestID, then —
 * for money that must exist — locks the project wallet accounts of the contracts involved, in id
 * order, and decides under those locks. Correctness under concurrency comes from the database:
 * the unique (project, RequestID) index makes a racing twin wait for the winner and replay its
 * result; the row locks serialise every decision about one contract's wallet.
 */

/** A request's resolved lines as the canonical body reads them (lib/contract/award-body.ts). */
const bodyLines = (lines: readonly ResolvedLine[]) =>
  lines.map((l) => ({ Guid: l.tokenGuid, ContractGuid: l.contractGuid, Amount: l.amount }));

/** The wallet against each line's chain's address format (lib/contract/wallet-address.ts). */
function checkWalletFormat(wallet: string, lines: readonly ResolvedLine[]): void {
  for (const line of lines) {
    const problem = addressProblem(knownFormat(line.addressFormat), wallet, line.chainName);
    if (problem) throw new ServiceError("INVALID_REQUEST", 400, `Wallet ${problem}.`);
  }
}

/** A chain's stored format; the CHECK of service.chains allows only the known ones. */
function knownFormat(format: string | null): AddressFormat | null {
  if (format === null) return null;
  if ((ADDRESS_FORMATS as readonly string[]).includes(format)) return format as AddressFormat;
  throw new Error(`Unknown address format ${JSON.stringify(format)} in service.chains.`);
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

/** The refusal of an award past a daily cap of its key (docs/service.md, "API keys"). */
function capReached(row: AwardRow, lines: readonly ResolvedLine[]): ServiceError {
  const daily = canonicalDecimal(row.cap_daily ?? "0");
  const used = canonicalDecimal(row.cap_used ?? "0");
  const token = row.cap_token?.toLowerCase();
  const needs = sumDecimals(lines.filter((l) => l.tokenGuid.toLowerCase() === token).map((l) => l.amount));
  const remains = compareDecimals(used, daily) >= 0 ? "0" : fromUnits(toUnits(daily) - toUnits(used));
  return new ServiceError(
    "KEY_CAP_REACHED",
    403,
    `This API key may award at most ${daily} ${row.cap_symbol} (${row.cap_token}) in any 24 hours: ${used} is used, ${remains} remains, and this award needs ${needs}. Nothing was awarded and the RequestID is still free.`,
  );
}

export interface AwardOutcome {
  status: AwardStatus;
}

/** The key check a request passed: its key's id (hex of its hash) and the catalogue version read with it. */
export type CheckedKey = Pick<AuthorizedProject, "keyId" | "catalogueVersion">;

/** Times an award is sent again after its batch refused it (key or catalogue changed meanwhile). */
const REFUSED_ATTEMPTS = 3;

/**
 * `POST /AwardTokens`: an allowance (at once) or a direct distribution (at once or queued).
 * `key`, the key check the request passed (possibly the cached one), lets the token lines be
 * resolved from the cache; the batch deciding the award checks the key and the catalogue version
 * again in its own transaction (migration 0008). Without it nothing is checked (CLI, tests).
 */
export async function awardTokens(
  db: ServiceDb,
  projectId: number,
  request: AwardTokensRequest,
  key?: CheckedKey,
): Promise<AwardOutcome> {
  let checked = key;
  let project = projectId;
  // Whether `checked` was read from the database by this call (not the request's cached check).
  let confirmed = false;
  const checkAgain = async (): Promise<CheckedKey & { id: number }> => {
    if (!checked) throw new Error("Only an award with a key check is checked again.");
    const fresh = await authorizeHash(db, Buffer.from(checked.keyId, "hex"), request.ProjectGuid);
    if (!fresh) throw unauthorized();
    confirmed = true;
    return fresh;
  };
  for (let attempt = 1; ; attempt += 1) {
    let lines: ResolvedLine[];
    try {
      lines = await resolveTokenLines(db, project, request.Tokens, checked?.catalogueVersion);
      if (!request.IsAllowance) checkWalletFormat(request.Wallet, lines);
    } catch (error) {
      // A refusal read from the cached check's catalogue is given only if the current catalogue
      // refuses too: an import may have replaced it a moment ago (docs/service.md, "Caches").
      if (!(error instanceof ServiceError) || !checked || confirmed) throw error;
      const fresh = await checkAgain();
      if (fresh.catalogueVersion === checked.catalogueVersion) throw error;
      checked = fresh;
      project = fresh.id;
      continue;
    }
    const canonicalBody = canonicalAwardBody({ ...request, Tokens: bodyLines(lines) });

    // The `service.award_tokens` function (migrations 0002, 0004) claims the RequestID, then posts
    // the allowance, or pays or queues the direct award under the locks of its project wallet
    // accounts — in one transaction with the awards that arrive with it (./award-batches.ts).
    const outcome = await decideAward(db, {
      projectId: project,
      requestId: request.RequestID,
      canonicalBody,
      customer: request.CustomerID,
      isAllowance: request.IsAllowance,
      isMintable: request.IsAllowance && request.IsMintable,
      wallet: request.IsAllowance ? "" : request.Wallet,
      lines,
      keyId: checked?.keyId ?? null,
      catalogueVersion: checked?.catalogueVersion ?? null,
    });
    if (outcome.status === "Refused" && checked) {
      // The key was revoked, or an import replaced the catalogue, after the (cached) key check:
      // check it afresh — refused, or resolve the lines again against the new catalogue.
      const fresh = await checkAgain();
      if (attempt >= REFUSED_ATTEMPTS)
        throw new Error("The award was refused by its batch again and again with a live key.");
      checked = fresh;
      project = fresh.id;
      continue;
    }
    if (outcome.status === "Refused") throw new Error("An award without a key check was refused.");
    if (outcome.status === "CapReached") throw capReached(outcome, lines);
    if (
      outcome.existing_kind !== null &&
      (outcome.existing_kind !== "award" || outcome.existing_body !== canonicalBody)
    )
      throw conflict("award", outcome.existing_kind);
    return { status: outcome.status };
  }
}

export interface FundingOutcome {
  settled: string[];
}

/**
 * Awards a funding settles per transaction: a funding that releases thousands of queued awards
 * holds its contracts' locks for one batch at a time (docs/service.md, "The ledger").
 */
export const SETTLEMENT_BATCH = 500;

interface FundingBatch {
  settled: string[];
  more: boolean;
  reach: number[] | null;
}

/**
 * The first transaction of `POST /FundWallet` (`service.fund_wallet`, migration 0007): claims the
 * RequestID, credits the project wallet and settles the first batch; for a RequestID already
 * taken, what the stored funding settled so far. Exported for the test that interrupts a funding
 * after it; otherwise called by `fundWallet` only.
 */
export async function startFunding(
  db: ServiceDb,
  projectId: number,
  request: FundWalletRequest,
  catalogueVersion?: number,
  batch = SETTLEMENT_BATCH,
): Promise<FundingBatch & { funding: number }> {
  const lines = await resolveTokenLines(db, projectId, request.Tokens, catalogueVersion);
  const canonicalBody = canonicalFundingBody({ ...request, Tokens: bodyLines(lines) });
  const [first] = await withRetry(() =>
    rows<
      FundingBatch & { funding: string | number; existing_kind: string | null; existing_body: string | null }
    >(
      db,
      sql`select funding, existing_kind, existing_body, settled, more, reach
            from service.fund_wallet(${projectId}, ${request.RequestID}, ${canonicalBody},
                                     ${sql.param(lines.map((l) => l.tokenId))}::int[],
                                     ${sql.param(lines.map((l) => l.contractId))}::int[],
                                     ${sql.param(lines.map((l) => l.amount))}::numeric[], ${batch})`,
    ),
  );
  if (!first) throw new Error("service.fund_wallet returned no row.");
  if (
    first.existing_kind !== null &&
    (first.existing_kind !== "funding" || first.existing_body !== canonicalBody)
  )
    throw conflict("funding", first.existing_kind);
  return { funding: Number(first.funding), settled: first.settled, more: first.more, reach: first.reach };
}

/**
 * `POST /FundWallet` (extension): credit the project wallet, then settle what it releases, in
 * queue order. The first transaction (`startFunding`) claims the RequestID, credits and settles
 * the first batch; each further batch is one more transaction (`service.settle_funding`), handed
 * the contracts the batch before reached, until nothing more settles. A repeat of a funding whose
 * settlement was interrupted continues it; a repeat of a finished one answers what it settled.
 */
export async function fundWallet(
  db: ServiceDb,
  projectId: number,
  request: FundWalletRequest,
  catalogueVersion?: number,
  options: { batch?: number } = {},
): Promise<FundingOutcome> {
  const batch = options.batch ?? SETTLEMENT_BATCH;
  const first = await startFunding(db, projectId, request, catalogueVersion, batch);
  const settled = [...first.settled];
  let { more, reach } = first;
  while (more) {
    // Let the event loop read what arrived meanwhile before the next batch: PGlite runs each
    // statement in this thread, and a chain of statements that only awaits promises would keep
    // every other request — an award on another contract too — unread until the funding is done.
    await new Promise((resolve) => setImmediate(resolve));
    const [next] = await withRetry(() =>
      rows<FundingBatch>(
        db,
        sql`select settled, more, reach
              from service.settle_funding(${first.funding}::bigint, ${batch},
                                          ${reach === null ? null : sql.param(reach)}::int[], ${settled.length})`,
      ),
    );
    if (!next) throw new Error("service.settle_funding returned no row.");
    settled.push(...next.settled);
    ({ more, reach } = next);
  }
  return { settled };
}
