import { sql } from "drizzle-orm";
import { canonicalReversalBody } from "@/lib/contract/award-body";
import type { ReverseAwardRequest, ReverseAwardResponse } from "@/lib/contract/awards";
import { canonicalDecimal } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import { SETTLEMENT_BATCH } from "./awards";
import { ServiceError } from "./service-error";
import { rows } from "./sql-rows";
import { resolveTokenLines } from "./token-lines";
import { withRetry } from "./transaction";

/**
 * `POST /ReverseAward` (docs/service.md, "Reversals"): take back part or all of one award. The
 * input is resolved and put in canonical form here; what a reversal may do and its ledger
 * entries are `service.reverse_award` (migration 0019), modelled in ./ledger-model.ts. A queued
 * award is cancelled whole; a completed one gets a compensating ledger transaction. Returned
 * tokens and a freed queue settle what waited, in batches as a funding does: the first in the
 * reversal's transaction, the rest by `service.settle_reversal`, which a repeat continues.
 */

type Line = { Guid: string; ContractGuid: string; Amount: string };
type Answer = ReverseAwardResponse["Data"];

interface Decided {
  outcome: string;
  reversal: string | number | null;
  existing_body: string | null;
  detail: Record<string, string | number | null> | null;
  settled: string[];
  more: boolean;
  reach: number[] | null;
}

/** A reversal refused for the award's state; `refusal` is the name the database function gave. */
export class ReversalRefused extends ServiceError {
  constructor(
    readonly refusal: string,
    status: 404 | 409,
    message: string,
  ) {
    super(status === 404 ? "NOT_FOUND" : "NOT_REVERSIBLE", status, message);
  }
}

/** The refusal of a reversal the award's state does not allow, naming the line and amounts. */
function refusal(decided: Decided, request: ReverseAwardRequest): ServiceError {
  const notReversible = (message: string) => new ReversalRefused(decided.outcome, 409, message);
  const detail = decided.detail ?? {};
  const line = typeof detail.line === "number" ? request.Tokens?.[detail.line] : undefined;
  const named = line ? `Tokens[${detail.line}] (${line.Guid}, contract ${line.ContractGuid})` : "";
  const unchanged = "Nothing was changed and the ReversalID is still free.";
  switch (decided.outcome) {
    case "not_found":
      return new ReversalRefused(decided.outcome, 404, "No award of this project has that RequestID.");
    case "funding":
      return notReversible(
        `RequestID names a wallet funding, not an award: a funding cannot be reversed. ${unchanged}`,
      );
    case "already_cancelled":
      return notReversible(`The award was cancelled already: nothing of it is left to reverse. ${unchanged}`);
    case "already_reversed":
      return notReversible(
        `The award was reversed whole already: nothing of it is left to reverse. ${unchanged}`,
      );
    case "queued_partial":
      return notReversible(
        `The award is queued: it can only be cancelled whole — omit Tokens, or name every line with its whole amount. ${unchanged}`,
      );
    case "not_in_award":
      return notReversible(`${named} is not a line of this award. ${unchanged}`);
    case "on_chain":
      return notReversible(
        named
          ? `${named} was distributed on ${detail.chain}: an on-chain transfer is final and cannot be reversed. ${unchanged}`
          : `What remains of the award was distributed on a blockchain: an on-chain transfer is final and cannot be reversed. ${unchanged}`,
      );
    case "more_than_remains":
      return notReversible(
        `${named} asks for more than remains of that line: ${canonicalDecimal(String(detail.remains))} remains. ${unchanged}`,
      );
    case "insufficient":
      return notReversible(
        `The player holds ${canonicalDecimal(String(detail.available))} of ${detail.token} (contract ${detail.contract}) there, less than the ${canonicalDecimal(String(detail.asked))} asked: the rest was claimed, spent or reversed. ${unchanged}`,
      );
    default:
      throw new Error(
        `service.reverse_award answered an unknown outcome ${JSON.stringify(decided.outcome)}.`,
      );
  }
}

/**
 * The first transaction of `POST /ReverseAward` (`service.reverse_award`): the reversal decided
 * and, when it freed tokens or the queue, the first settlement batch. Exported for the test that
 * interrupts a reversal after it; otherwise called by `reverseAward` only.
 */
export async function startReversal(
  db: ServiceDb,
  projectId: number,
  request: ReverseAwardRequest,
  catalogueVersion?: number,
  batch = SETTLEMENT_BATCH,
): Promise<Decided & { reversal: number }> {
  const lines = request.Tokens
    ? await resolveTokenLines(db, projectId, request.Tokens, catalogueVersion)
    : null;
  const canonicalBody = canonicalReversalBody({
    ...request,
    Tokens:
      lines?.map((l) => ({ Guid: l.tokenGuid, ContractGuid: l.contractGuid, Amount: l.amount })) ?? null,
  });
  const [decided] = await withRetry(() =>
    rows<Decided>(
      db,
      sql`select outcome, reversal, existing_body, detail, settled, more, reach
            from service.reverse_award(${projectId}, ${request.ReversalID}, ${canonicalBody}, ${request.RequestID},
                                       ${request.Reason},
                                       ${lines ? sql.param(lines.map((l) => l.contractId)) : null}::int[],
                                       ${lines ? sql.param(lines.map((l) => l.amount)) : null}::numeric[], ${batch})`,
    ),
  );
  if (!decided) throw new Error("service.reverse_award returned no row.");
  if (decided.reversal === null) throw refusal(decided, request);
  if (decided.outcome === "repeat" && decided.existing_body !== canonicalBody)
    throw new ServiceError(
      "REVERSAL_ID_CONFLICT",
      409,
      "ReversalID was already used by a reversal with a different body: send the same body to retry, or use a new ReversalID.",
    );
  return { ...decided, reversal: Number(decided.reversal) };
}

/** `POST /ReverseAward`: the reversal done (or repeated), and everything it settled. */
export async function reverseAward(
  db: ServiceDb,
  projectId: number,
  request: ReverseAwardRequest,
  catalogueVersion?: number,
  options: { batch?: number } = {},
): Promise<Answer> {
  const batch = options.batch ?? SETTLEMENT_BATCH;
  const decided = await startReversal(db, projectId, request, catalogueVersion, batch);
  const { reversal } = decided;
  // A repeat continues a settlement its first call did not finish (a crash between batches).
  const settled = [...decided.settled];
  let more = decided.more;
  let reach = decided.outcome === "repeat" ? null : decided.reach;
  while (more) {
    // Let other requests in between batches, as a funding does (./awards.ts).
    await new Promise((resolve) => setImmediate(resolve));
    const [next] = await withRetry(() =>
      rows<{ settled: string[]; more: boolean; reach: number[] | null }>(
        db,
        sql`select settled, more, reach
              from service.settle_reversal(${reversal}::bigint, ${batch},
                                           ${reach === null ? null : sql.param(reach)}::int[], ${settled.length})`,
      ),
    );
    if (!next) throw new Error("service.settle_reversal returned no row.");
    settled.push(...next.settled);
    ({ more, reach } = next);
  }
  return { ...(await reversalAnswer(db, reversal)), Settled: settled };
}

/**
 * A reversal's answer as it was when it was done: what it took back, and what of its award
 * remained after it (its own reversal and those before it; a later one does not change it).
 */
async function reversalAnswer(db: ServiceDb, reversal: number): Promise<Omit<Answer, "Settled">> {
  const [row] = await rows<{
    reversal_id: string;
    request_id: string;
    customer: string;
    kind: string;
    taken: Line[];
    remaining: Line[];
  }>(
    db,
    sql`select r.reversal_id_text as reversal_id, a.request_id_text as request_id, a.customer_text as customer, r.kind,
               coalesce((select json_agg(json_build_object('Guid', t.guid_text, 'ContractGuid', c.guid_text,
                                                          'Amount', rl.amount::text) order by rl.position)
                           from service.reversal_lines rl
                           join service.tokens t on t.id = rl.token_id
                           join service.contracts c on c.id = rl.contract_id
                          where rl.reversal_id = r.id), '[]'::json) as taken,
               (select json_agg(json_build_object('Guid', t.guid_text, 'ContractGuid', c.guid_text,
                                                  'Amount', (l.amount - coalesce(
                                                    (select sum(x.amount) from service.reversals p
                                                       join service.reversal_lines x on x.reversal_id = p.id
                                                      where p.award_id = a.id and p.id <= r.id and x.position = l.position),
                                                    0))::text) order by l.position)
                  from service.award_lines l
                  join service.tokens t on t.id = l.token_id
                  join service.contracts c on c.id = l.contract_id
                 where l.award_id = a.id) as remaining
          from service.reversals r join service.awards a on a.id = r.award_id
         where r.id = ${reversal}`,
  );
  if (!row) throw new Error(`Reversal ${reversal} cannot be read back.`);
  const remaining = canonical(row.remaining);
  return {
    ReversalID: row.reversal_id,
    RequestID: row.request_id,
    CustomerID: row.customer,
    Status:
      row.kind === "cancel"
        ? "Cancelled"
        : remaining.every((l) => l.Amount === "0")
          ? "Reversed"
          : "PartlyReversed",
    Tokens: canonical(row.taken),
    Remaining: remaining,
  };
}

const canonical = (lines: Line[]) => lines.map((l) => ({ ...l, Amount: canonicalDecimal(l.Amount) }));
