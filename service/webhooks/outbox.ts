import { sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { rows } from "../domain/sql-rows";

/**
 * The outbox's reading side (docs/service.md, "Webhooks"). Triggers write an event in the
 * transaction of each change (migration 0021); here each event is taken once: its body is made
 * from what it names and stored (every delivery and replay sends those bytes), and one delivery
 * is made for each endpoint that takes it. A delivery is unique per (event, endpoint), so a
 * sender stopped half-way and a second instance doing the same make none twice.
 */

interface EventSource {
  id: number;
  event_id: string;
  type: string;
  occurred_at: Date | string;
  data: string;
  project: string;
  endpoint_id: number | null;
  request_id: string | null;
  customer: string | null;
  is_allowance: boolean | null;
  wallet: string | null;
  award_lines: unknown[] | null;
  reversal_id: string | null;
  reversal_kind: string | null;
  reason: string | null;
  reversal_lines: unknown[] | null;
  key_id: number | null;
  key_name: string | null;
  key_prefix: string | null;
  key_expires_at: Date | string | null;
  low_token: string | null;
  low_symbol: string | null;
  low_chain: string | null;
  low_contract: string | null;
  low_address: string | null;
}

const lines = (source: string, owner: string) =>
  sql.raw(`(select json_agg(json_build_object(
    'TokenGuid', t.guid_text, 'TokenSymbol', t.symbol, 'Chain', ch.name, 'ContractGuid', c.guid_text,
    'Amount', trim_scale(l.amount)::text) order by l.position)
  from ${source} l join service.tokens t on t.id = l.token_id
  join service.contracts c on c.id = l.contract_id join service.chains ch on ch.id = c.chain_id
  where ${owner})`);

const iso = (value: Date | string | null) => (value === null ? "" : new Date(value).toISOString());

/** The `data` of an event's body: what the change was, in the API's own words. */
function eventData(source: EventSource): Record<string, unknown> {
  const project = { ProjectGuid: source.project };
  const stored = JSON.parse(source.data) as Record<string, string | null>;
  switch (source.type) {
    case "award.completed":
    case "award.queued":
    case "award.settled":
      return {
        ...project,
        RequestID: source.request_id,
        CustomerID: source.customer,
        Kind: source.is_allowance ? "Allowance" : "Distribution",
        Wallet: source.wallet ?? "",
        Status: source.type === "award.queued" ? "Queued" : "Completed",
        Tokens: source.award_lines ?? [],
      };
    case "award.reversed":
      return {
        ...project,
        ReversalID: source.reversal_id,
        RequestID: source.request_id,
        CustomerID: source.customer,
        Kind: source.reversal_kind === "cancel" ? "Cancelled" : "Reversed",
        Reason: source.reason ?? "",
        Tokens: source.reversal_lines ?? [],
      };
    case "wallet.funded":
      return { ...project, RequestID: source.request_id, Tokens: source.award_lines ?? [] };
    case "wallet.low":
      return {
        ...project,
        TokenGuid: source.low_token,
        TokenSymbol: source.low_symbol,
        Chain: source.low_chain,
        ContractGuid: source.low_contract,
        ContractAddress: source.low_address,
        Balance: stored.balance,
        Before: stored.before,
        Below: stored.below,
      };
    case "key.rolled":
    case "key.revoked":
    case "key.expiring":
      return {
        ...project,
        KeyId: source.key_id,
        Name: source.key_name,
        Prefix: source.key_prefix,
        ...(source.type === "key.expiring"
          ? { ExpiresAt: iso(source.key_expires_at) }
          : { WorksUntil: iso(stored.worksUntil ?? null) }),
      };
    default:
      return { ...project, ...stored };
  }
}

/** The body of an event as every delivery of it sends it. */
export function eventBody(source: EventSource): string {
  return JSON.stringify({
    id: source.event_id,
    type: source.type,
    timestamp: iso(source.occurred_at),
    data: eventData(source),
  });
}

/**
 * Takes up to `limit` events no sender took yet (oldest first; another sender's are skipped),
 * stores their bodies and makes their deliveries, inside the caller's transaction. Returns how
 * many it took.
 */
export async function fanOut(tx: ServiceDb, limit = 500): Promise<number> {
  {
    const sources = await rows<EventSource>(
      tx,
      sql`with taken as (
            select id from service.webhook_events where not fanned_out order by id limit ${limit}
               for update skip locked)
          select e.id, e.event_id::text, e.type, e.occurred_at, e.data, p.guid_text as project, e.endpoint_id,
                 a.request_id_text as request_id, a.customer_text as customer, a.is_allowance, a.wallet,
                 case when a.id is not null and e.reversal_id is null then ${lines("service.award_lines", "l.award_id = a.id")} end as award_lines,
                 r.reversal_id_text as reversal_id, r.kind as reversal_kind, r.reason,
                 case when r.id is not null then ${lines("service.reversal_lines", "l.reversal_id = r.id")} end as reversal_lines,
                 k.id as key_id, k.label as key_name, k.prefix as key_prefix, k.expires_at as key_expires_at,
                 lt.guid_text as low_token, lt.symbol as low_symbol, lch.name as low_chain,
                 lc.guid_text as low_contract, lc.address as low_address
            from taken
            join service.webhook_events e on e.id = taken.id
            join service.projects p on p.id = e.project_id
            left join service.awards a on a.id = e.award_id
            left join service.reversals r on r.id = e.reversal_id
            left join service.api_keys k on k.id = e.key_id
            left join service.contracts lc on e.type = 'wallet.low' and lc.id = (e.data::json->>'contract')::int
            left join service.tokens lt on lt.id = lc.token_id
            left join service.chains lch on lch.id = lc.chain_id
           order by e.id`,
    );
    if (sources.length === 0) return 0;
    const ids = sources.map((source) => source.id);
    await tx.execute(
      sql`update service.webhook_events e set fanned_out = true, payload = x.payload
            from unnest(${sql.param(ids)}::bigint[], ${sql.param(sources.map(eventBody))}::text[]) as x(id, payload)
           where e.id = x.id`,
    );
    // Every endpoint of the project that is not disabled and takes the type; an event for one
    // endpoint (a test, its own threshold) goes to it alone, whatever its state.
    await tx.execute(
      sql`insert into service.webhook_deliveries (event_id, endpoint_id)
          select e.id, p.id
            from service.webhook_events e
            join service.webhook_endpoints p on p.project_id = e.project_id
           where e.id = any (${sql.param(ids)}::bigint[])
             and (e.endpoint_id = p.id
                  or (e.endpoint_id is null and p.state <> 'disabled'
                      and (cardinality(p.events) = 0 or e.type = any (p.events))))
           order by e.id, p.id
          on conflict (event_id, endpoint_id) do nothing`,
    );
    return sources.length;
  }
}

/**
 * key.expiring, once per key and expiry: keys of projects with an endpoint that expire within 7
 * days and still work then (not one a roll or revocation ends first). Run by the sender's sweep.
 */
export async function writeExpiringKeyEvents(db: ServiceDb): Promise<number> {
  const written = await rows<{ id: number }>(
    db,
    sql`insert into service.webhook_events (project_id, type, key_id, dedup)
        select k.project_id, 'key.expiring', k.id,
               'key:' || k.id || ':expiring:' || extract(epoch from k.expires_at)::bigint
          from service.api_keys k
         where k.expires_at > now() and k.expires_at <= now() + interval '7 days'
           and (k.revoked_at is null or k.revoked_at >= k.expires_at)
           and exists (select 1 from service.webhook_endpoints e
                        where e.project_id = k.project_id and e.state <> 'disabled')
         order by k.id
        on conflict (dedup) do nothing
        returning id`,
  );
  return written.length;
}

/**
 * A disabled endpoint is sent nothing more: its waiting deliveries (but those of events for it
 * alone, a test) are marked failed, to be sent again by a replay once it is enabled.
 */
export async function failDisabledDeliveries(db: ServiceDb, endpointId?: number): Promise<void> {
  await db.execute(
    sql`update service.webhook_deliveries d set state = 'failed', lease_until = null
          from service.webhook_endpoints e, service.webhook_events ev
         where e.id = d.endpoint_id and ev.id = d.event_id and e.state = 'disabled'
           and d.state in ('pending', 'sending') and ev.endpoint_id is null
           ${endpointId === undefined ? sql`` : sql`and e.id = ${endpointId}`}`,
  );
}
