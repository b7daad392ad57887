import { sql } from "drizzle-orm";
import { WEBHOOK_ENDPOINTS_MAX } from "@/lib/contract/webhooks";
import type { ServiceDb } from "../db/connection";
import { invalid } from "../domain/service-error";
import { rows } from "../domain/sql-rows";
import { inTransaction } from "../domain/transaction";
import { failDisabledDeliveries } from "./outbox";
import { newWebhookSecret } from "./secrets";

/**
 * A project's webhook endpoints (docs/service.md, "Webhooks"): made, changed, disabled, deleted
 * and given a new secret here; the sender (./sender.ts) reads them.
 */

export interface Threshold {
  tokenGuid: string;
  below: string;
}

export interface EndpointInput {
  url: string;
  description: string;
  events: string[];
  lowBalance: Threshold[];
}

export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  lowBalance: { tokenGuid: string; tokenSymbol: string; below: string }[];
  state: string;
  disabledReason: string;
  failingSince: Date | null;
  createdAt: Date;
  previousSecretUntil: Date | null;
  health: {
    attempts24h: number;
    succeeded24h: number;
    pending: number;
    lastSuccessAt: Date | null;
    lastFailureAt: Date | null;
    lastFailure: string;
  };
}

interface ListedRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  state: string;
  disabled_reason: string;
  failing_since: Date | null;
  created_at: Date;
  previous_secret_until: Date | null;
  low_balance: { tokenGuid: string; tokenSymbol: string; below: string }[] | null;
  attempts_24h: number;
  succeeded_24h: number;
  pending: number;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_failure: string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The project's endpoints, oldest first, with their health over the last 24 hours. */
export async function listEndpoints(db: ServiceDb, projectId: number, only?: number): Promise<EndpointRow[]> {
  const listed = await rows<ListedRow>(
    db,
    sql`select e.id, e.url, e.description, e.events, e.state, e.disabled_reason, e.failing_since, e.created_at,
               case when e.previous_secret_until > now() then e.previous_secret_until end as previous_secret_until,
               (select json_agg(json_build_object('tokenGuid', t.guid_text, 'tokenSymbol', t.symbol,
                                                  'below', trim_scale(h.below)::text) order by t.symbol, t.guid_text)
                  from service.webhook_thresholds h join service.tokens t on t.id = h.token_id
                 where h.endpoint_id = e.id) as low_balance,
               s.attempts_24h, s.succeeded_24h, s.last_success_at, f.at as last_failure_at,
               case when f.at is null then null
                    when f.status_code is null then f.error
                    else 'HTTP ' || f.status_code end as last_failure,
               (select count(*)::int from service.webhook_deliveries d
                 where d.endpoint_id = e.id and d.state in ('pending', 'sending')) as pending
          from service.webhook_endpoints e
          cross join lateral (
            select count(*) filter (where a.at > now() - interval '24 hours')::int as attempts_24h,
                   count(*) filter (where a.at > now() - interval '24 hours' and a.ok)::int as succeeded_24h,
                   max(a.at) filter (where a.ok) as last_success_at
              from service.webhook_attempts a
             where a.endpoint_id = e.id and a.at > now() - interval '30 days') s
          left join lateral (
            select a.at, a.status_code, a.error from service.webhook_attempts a
             where a.endpoint_id = e.id and not a.ok order by a.at desc limit 1) f on true
         where e.project_id = ${projectId} ${only === undefined ? sql`` : sql`and e.id = ${only}`}
         order by e.id`,
  );
  return listed.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    lowBalance: row.low_balance ?? [],
    state: row.state,
    disabledReason: row.disabled_reason,
    failingSince: asDate(row.failing_since),
    createdAt: new Date(row.created_at),
    previousSecretUntil: asDate(row.previous_secret_until),
    health: {
      attempts24h: row.attempts_24h,
      succeeded24h: row.succeeded_24h,
      pending: row.pending,
      lastSuccessAt: asDate(row.last_success_at),
      lastFailureAt: asDate(row.last_failure_at),
      lastFailure: row.last_failure ?? "",
    },
  }));
}

/** Replaces an endpoint's thresholds; a token the project does not have is refused by its place. */
async function storeThresholds(
  tx: ServiceDb,
  projectId: number,
  endpointId: number,
  lowBalance: Threshold[],
) {
  await tx.execute(sql`delete from service.webhook_thresholds where endpoint_id = ${endpointId}`);
  if (lowBalance.length === 0) return;
  const guids = lowBalance.map((line) => line.tokenGuid.toLowerCase());
  const stored = await rows<{ guid: string }>(
    tx,
    sql`insert into service.webhook_thresholds (endpoint_id, token_id, below)
        select ${endpointId}, t.id, x.below
          from unnest(${sql.param(guids)}::text[], ${sql.param(lowBalance.map((l) => l.below))}::numeric[]) as x(guid, below)
          join service.tokens t on t.project_id = ${projectId} and t.guid = x.guid::uuid
        returning (select guid::text from service.tokens where id = token_id) as guid`,
  );
  if (stored.length !== lowBalance.length) {
    const found = new Set(stored.map((row) => row.guid));
    const index = guids.findIndex((guid) => !found.has(guid));
    throw invalid(
      `LowBalance[${index}].TokenGuid ${lowBalance[index]?.tokenGuid} is not a token of this project.`,
    );
  }
  const zero = lowBalance.findIndex((line) => /^0*(\.0*)?$/.test(line.below));
  if (zero >= 0) throw invalid(`LowBalance[${zero}].Below must be more than 0.`);
}

/** A new endpoint and its secret (answered once). */
export async function createEndpoint(
  db: ServiceDb,
  projectId: number,
  input: EndpointInput,
): Promise<{ id: number; secret: string }> {
  const secret = newWebhookSecret();
  const id = await inTransaction(db, async (tx) => {
    // The project row's lock makes "at most 20" hold against concurrent calls.
    await tx.execute(sql`select 1 from service.projects where id = ${projectId} for update`);
    const [count] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from service.webhook_endpoints where project_id = ${projectId}`,
    );
    if ((count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw invalid(`A project has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: delete one first.`);
    const [made] = await rows<{ id: number }>(
      tx,
      sql`insert into service.webhook_endpoints (project_id, url, description, events, secret)
          values (${projectId}, ${input.url}, ${input.description}, ${sql.param(input.events)}::text[], ${secret})
          returning id`,
    );
    if (!made) throw new Error("The endpoint was not stored.");
    await storeThresholds(tx, projectId, made.id, input.lowBalance);
    return made.id;
  });
  return { id, secret };
}

export interface EndpointChange {
  url?: string;
  description?: string;
  events?: string[];
  lowBalance?: Threshold[];
  enabled?: boolean;
}

/** Changes what is given; false when the id is not an endpoint of the project. */
export async function updateEndpoint(
  db: ServiceDb,
  projectId: number,
  id: number,
  change: EndpointChange,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const state =
      change.enabled === undefined
        ? sql`state`
        : change.enabled
          ? sql`case when state = 'disabled' then 'enabled' else state end`
          : sql`'disabled'`;
    const reason =
      change.enabled === undefined
        ? sql`disabled_reason`
        : change.enabled
          ? sql`''`
          : sql`'Disabled by a call to /Webhooks/Update.'`;
    const failing = change.enabled === true ? sql`null` : sql`failing_since`;
    const [updated] = await rows<{ id: number }>(
      tx,
      sql`update service.webhook_endpoints
             set url = coalesce(${change.url ?? null}, url),
                 description = coalesce(${change.description ?? null}, description),
                 events = coalesce(${change.events === undefined ? null : sql.param(change.events)}::text[], events),
                 state = ${state}, disabled_reason = ${reason}, failing_since = ${failing}
           where id = ${id} and project_id = ${projectId}
           returning id`,
    );
    if (!updated) return false;
    if (change.lowBalance !== undefined) await storeThresholds(tx, projectId, id, change.lowBalance);
    if (change.enabled === false) await failDisabledDeliveries(tx, id);
    return true;
  });
}

/** Deletes an endpoint with its deliveries and their attempts; false when it is not the project's. */
export async function deleteEndpoint(db: ServiceDb, projectId: number, id: number): Promise<boolean> {
  const deleted = await rows<{ id: number }>(
    db,
    sql`delete from service.webhook_endpoints where id = ${id} and project_id = ${projectId} returning id`,
  );
  return deleted.length > 0;
}

/**
 * A new secret for an endpoint; the current one keeps signing too (both signatures are sent)
 * until the grace period ends. Null when the id is not an endpoint of the project.
 */
export async function rollEndpointSecret(
  db: ServiceDb,
  projectId: number,
  id: number,
  graceMs: number,
): Promise<{ secret: string; oldSecretWorksUntil: Date | null } | null> {
  const secret = newWebhookSecret();
  const until = graceMs > 0 ? new Date(Date.now() + graceMs) : null;
  const rolled = await rows<{ id: number }>(
    db,
    sql`update service.webhook_endpoints
           set previous_secret = ${until ? sql`secret` : sql`null`}, previous_secret_until = ${until ? until.toISOString() : null}::timestamptz,
               secret = ${secret}
         where id = ${id} and project_id = ${projectId}
         returning id`,
  );
  return rolled.length > 0 ? { secret, oldSecretWorksUntil: until } : null;
}
