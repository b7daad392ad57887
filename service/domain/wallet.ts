import { sql } from "drizzle-orm";
import type { AwardResponse, AwardState, WalletResponse } from "@/lib/contract/awards";
import { canonicalDecimal } from "@/lib/contract/decimal";
import type { ServiceDb } from "../db/connection";
import { rows, wireDate } from "./sql-rows";

/** Our extensions' reads (docs/service.md, "Extensions"): the project wallet with its queue, and one award. */

type Line = { Guid: string; ContractGuid: string; Amount: string };

const linesOf = sql`coalesce((select json_agg(json_build_object('Guid', t.guid_text, 'ContractGuid', c.guid_text,
                                                               'Amount', l.amount::text) order by l.position)
                                from service.award_lines l
                                join service.tokens t on t.id = l.token_id
                                join service.contracts c on c.id = l.contract_id
                               where l.award_id = a.id), '[]'::json)`;

const canonicalLines = (lines: Line[]) => lines.map((l) => ({ ...l, Amount: canonicalDecimal(l.Amount) }));

/** `GET /Wallet`: one balance per contract of the project (zero included), the queue oldest first. */
export async function getWallet(db: ServiceDb, projectId: number): Promise<WalletResponse["Data"]> {
  const balances = await rows<{
    token: string;
    symbol: string;
    contract: string;
    chain: string;
    balance: string | null;
  }>(
    db,
    sql`select t.guid_text as token, t.symbol, c.guid_text as contract, ch.name as chain, a.balance::text as balance
          from service.contracts c
          join service.tokens t on t.id = c.token_id
          join service.chains ch on ch.id = c.chain_id
          left join service.accounts a on a.contract_id = c.id and a.kind = 'project'
         where c.project_id = ${projectId}
         order by t.id, c.id`,
  );
  const queue = await rows<{
    request_id: string;
    customer: string;
    wallet: string;
    created_at: Date | string;
    lines: Line[];
  }>(
    db,
    sql`select a.request_id_text as request_id, a.customer_text as customer, a.wallet, a.created_at, ${linesOf} as lines
          from service.awards a
         where a.project_id = ${projectId} and a.status = 'Queued' and a.queue_seq is not null
         order by a.queue_seq`,
  );
  return {
    Balances: balances.map((b) => ({
      TokenGuid: b.token,
      Symbol: b.symbol,
      ContractGuid: b.contract,
      ChainName: b.chain,
      Amount: canonicalDecimal(b.balance ?? "0"),
    })),
    Queue: queue.map((q) => ({
      RequestID: q.request_id,
      CustomerID: q.customer,
      Wallet: q.wallet,
      QueuedAt: wireDate(q.created_at),
      Tokens: canonicalLines(q.lines),
    })),
  };
}

/** `GET /Awards/{key}/{project}/{RequestID}`: one award (not a funding) with its reversals, or null. */
export async function getAward(
  db: ServiceDb,
  projectId: number,
  requestId: string,
): Promise<AwardResponse["Data"] | null> {
  const [award] = await rows<{
    request_id: string;
    customer: string;
    is_allowance: boolean;
    is_mintable: boolean;
    wallet: string;
    status: "Completed" | "Queued" | "Cancelled";
    created_at: Date | string;
    completed_at: Date | string | null;
    lines: Line[];
    remaining: Line[];
    reversals: { id: string; kind: string; at: string; reason: string; lines: Line[] }[];
  }>(
    db,
    sql`select a.request_id_text as request_id, a.customer_text as customer, a.is_allowance, a.is_mintable,
               a.wallet, a.status, a.created_at, a.completed_at, ${linesOf} as lines,
               coalesce((select json_agg(json_build_object('Guid', t.guid_text, 'ContractGuid', c.guid_text,
                                                           'Amount', (l.amount - coalesce(
                                                             (select sum(x.amount) from service.reversals p
                                                                join service.reversal_lines x on x.reversal_id = p.id
                                                               where p.award_id = a.id and x.position = l.position),
                                                             0))::text) order by l.position)
                           from service.award_lines l
                           join service.tokens t on t.id = l.token_id
                           join service.contracts c on c.id = l.contract_id
                          where l.award_id = a.id), '[]'::json) as remaining,
               coalesce((select json_agg(json_build_object(
                                  'id', r.reversal_id_text, 'kind', r.kind, 'at', r.created_at, 'reason', r.reason,
                                  'lines', (select json_agg(json_build_object('Guid', t.guid_text, 'ContractGuid', c.guid_text,
                                                                              'Amount', rl.amount::text) order by rl.position)
                                              from service.reversal_lines rl
                                              join service.tokens t on t.id = rl.token_id
                                              join service.contracts c on c.id = rl.contract_id
                                             where rl.reversal_id = r.id)) order by r.id)
                           from service.reversals r where r.award_id = a.id), '[]'::json) as reversals
          from service.awards a
         where a.project_id = ${projectId} and a.request_id = ${requestId}::uuid and a.kind = 'award'`,
  );
  if (!award) return null;
  const remaining = canonicalLines(award.remaining);
  return {
    RequestID: award.request_id,
    CustomerID: award.customer,
    IsAllowance: award.is_allowance,
    IsMintable: award.is_mintable,
    Wallet: award.wallet,
    Tokens: canonicalLines(award.lines),
    Status: awardState(award.status, award.reversals.length > 0, remaining),
    CreatedAt: wireDate(award.created_at),
    CompletedAt: wireDate(award.completed_at),
    Reversals: award.reversals.map((r) => ({
      ReversalID: r.id,
      Kind: r.kind === "cancel" ? ("Cancel" as const) : ("Reverse" as const),
      At: wireDate(r.at),
      Reason: r.reason,
      Tokens: canonicalLines(r.lines),
    })),
    Remaining: remaining,
  };
}

/** A completed award some of which was taken back is PartlyReversed, all of it Reversed. */
function awardState(
  status: "Completed" | "Queued" | "Cancelled",
  reversed: boolean,
  remaining: Line[],
): AwardState {
  if (status !== "Completed" || !reversed) return status;
  return remaining.every((l) => l.Amount === "0") ? "Reversed" : "PartlyReversed";
}
