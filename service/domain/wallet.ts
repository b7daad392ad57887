import { sql } from "drizzle-orm";
import type { AwardResponse, WalletResponse } from "@/lib/contract/awards";
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

/** `GET /Awards/{key}/{project}/{RequestID}`: one award (not a funding), or null. */
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
    status: "Completed" | "Queued";
    created_at: Date | string;
    completed_at: Date | string | null;
    lines: Line[];
  }>(
    db,
    sql`select a.request_id_text as request_id, a.customer_text as customer, a.is_allowance, a.is_mintable,
               a.wallet, a.status, a.created_at, a.completed_at, ${linesOf} as lines
          from service.awards a
         where a.project_id = ${projectId} and a.request_id = ${requestId}::uuid and a.kind = 'award'`,
  );
  if (!award) return null;
  return {
    RequestID: award.request_id,
    CustomerID: award.customer,
    IsAllowance: award.is_allowance,
    IsMintable: award.is_mintable,
    Wallet: award.wallet,
    Tokens: canonicalLines(award.lines),
    Status: award.status,
    CreatedAt: wireDate(award.created_at),
    CompletedAt: wireDate(award.completed_at),
  };
}
