import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { canonicalDecimal } from "@/lib/contract/decimal";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import type { Role } from "@/lib/model/roles";
import {
  describeBreach,
  type LimitBreach,
  limitBreach,
  type TokenAmount,
  type TokenPolicy,
} from "./policy-model";

/**
 * The daily limits' ledger (docs/console.md, "Award policies"): `console.award_spend` holds what
 * each person has awarded, per award and token. A reservation runs in the transaction that decides
 * to send, under a row lock on the person's user row, so that two console instances (or a bulk
 * batch and a single award) cannot both read "enough left" and together pass the limit.
 */

/** A daily limit refused the award; nothing was written. */
export class LimitError extends Error {
  constructor(
    readonly breach: LimitBreach,
    whose?: string,
  ) {
    super(describeBreach(breach, whose));
  }
}

type Rows<T> = { rows: T[] };

/** What a person awarded per token (lower-cased GUIDs) of one project in the last 24 hours. */
export async function usedToday(
  db: ConsoleDb,
  userId: number,
  projectGuid: string,
): Promise<Map<string, string>> {
  const found = (await db.execute(sql`
    select token_guid, sum(amount)::text as used from console.award_spend
    where user_id = ${userId} and project_guid = ${canonicalGuid(projectGuid)}
      and at > now() - interval '24 hours'
    group by token_guid`)) as unknown as Rows<{ token_guid: string; used: string }>;
  return new Map(found.rows.map((row) => [row.token_guid, canonicalDecimal(row.used)]));
}

/** Refuses (LimitError) when the totals would pass a limit now; writes nothing and takes no lock. */
export async function checkLimits(
  db: ConsoleDb,
  who: { userId: number; role: Role; projectGuid: string },
  totals: readonly TokenAmount[],
  policies: ReadonlyMap<string, TokenPolicy>,
): Promise<void> {
  const breach = limitBreach(totals, policies, who.role, await usedToday(db, who.userId, who.projectGuid));
  if (breach) throw new LimitError(breach);
}

/**
 * Counts the chosen awards (`awardsWhere`, a condition on `a`, `console.awards`) against the
 * person's daily limits, in the caller's transaction: locks the person's user row, adds up what
 * the awards bring that is not counted yet (an award counted before — a retry — adds nothing),
 * refuses with LimitError when a token would pass its limit, and otherwise writes the rows. The
 * lock is held until the caller's transaction ends, after the award's status says it is sending.
 */
export async function reserveSpend(
  tx: ConsoleDb,
  who: { userId: number; role: Role; projectGuid: string },
  policies: ReadonlyMap<string, TokenPolicy>,
  awardsWhere: SQL,
): Promise<void> {
  // NO KEY UPDATE: it queues reservations of the same person behind each other, yet does not
  // conflict with the key-share locks the award's own foreign key to the user row already took in
  // this transaction (FOR UPDATE would deadlock two such transactions).
  await tx.execute(sql`select id from console.users where id = ${who.userId} for no key update`);
  const wanted = sql`
    select a.id as award_id, lower(l->>'Guid') as token_guid, sum((l->>'Amount')::numeric) as amount
    from console.awards a cross join lateral jsonb_array_elements(a.lines) l
    where ${awardsWhere}
    group by a.id, lower(l->>'Guid')`;
  const fresh = (await tx.execute(sql`
    with wanted as (${wanted})
    select w.token_guid, sum(w.amount)::text as amount from wanted w
    where not exists (
      select 1 from console.award_spend s where s.award_id = w.award_id and s.token_guid = w.token_guid
    )
    group by w.token_guid`)) as unknown as Rows<{ token_guid: string; amount: string }>;
  if (fresh.rows.length === 0) return;
  const totals = fresh.rows.map((row) => ({
    tokenGuid: row.token_guid,
    amount: canonicalDecimal(row.amount),
  }));
  const breach = limitBreach(totals, policies, who.role, await usedToday(tx, who.userId, who.projectGuid));
  if (breach) throw new LimitError(breach);
  await tx.execute(sql`
    with wanted as (${wanted})
    insert into console.award_spend (award_id, token_guid, user_id, project_guid, amount)
    select award_id, token_guid, ${who.userId}, ${canonicalGuid(who.projectGuid)}, amount from wanted
    on conflict do nothing`);
}
