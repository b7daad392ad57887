import { sql } from "drizzle-orm";
import { WEBHOOK_DELIVERY_PAGE_DEFAULT, type WebhookDeliveriesQuery } from "@/lib/contract/webhooks";
import type { ServiceDb } from "../db/connection";
import { rows, wireDate } from "../domain/sql-rows";

/**
 * The delivery log, replays and test events (docs/service.md, "Webhooks"): every attempt of every
 * delivery with its status, latency and the start of the answer; an event sent again, or every
 * failed one since a time; a `webhook.test` event on demand.
 */

interface DeliveryRow {
  id: string;
  endpoint_id: number;
  event_id: string;
  type: string;
  occurred_at: Date | string;
  state: string;
  attempts: number;
  next_attempt_at: Date | string;
  payload: string | null;
  attempt_log:
    | {
        at: string;
        status: number | null;
        latency: number;
        ok: boolean;
        error: string;
        excerpt: string;
      }[]
    | null;
}

/** A page of the project's deliveries, newest first. */
export async function listDeliveries(db: ServiceDb, projectId: number, query: WebhookDeliveriesQuery) {
  const limit = Number(query.Limit ?? WEBHOOK_DELIVERY_PAGE_DEFAULT);
  const state =
    query.State === undefined
      ? sql``
      : query.State === "pending"
        ? sql`and d.state in ('pending', 'sending')`
        : sql`and d.state = ${query.State}`;
  const found = await rows<DeliveryRow>(
    db,
    sql`select d.id::text, d.endpoint_id, ev.event_id::text, ev.type, ev.occurred_at, d.state, d.attempts,
               d.next_attempt_at, ev.payload,
               (select json_agg(json_build_object('at', a.at, 'status', a.status_code, 'latency', a.latency_ms,
                                                  'ok', a.ok, 'error', a.error, 'excerpt', a.excerpt) order by a.id)
                  from service.webhook_attempts a where a.delivery_id = d.id) as attempt_log
          from service.webhook_deliveries d
          join service.webhook_endpoints e on e.id = d.endpoint_id
          join service.webhook_events ev on ev.id = d.event_id
         where e.project_id = ${projectId}
           ${query.EndpointId === undefined ? sql`` : sql`and d.endpoint_id = ${Number(query.EndpointId)}`}
           ${state}
           ${query.Type === undefined ? sql`` : sql`and ev.type = ${query.Type}`}
           ${query.EventId === undefined ? sql`` : sql`and ev.event_id = ${query.EventId}::uuid`}
           ${query.Cursor === undefined ? sql`` : sql`and d.id < ${query.Cursor}::bigint`}
         order by d.id desc
         limit ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  return {
    Deliveries: page.map((row) => ({
      Id: row.id,
      EndpointId: row.endpoint_id,
      EventId: row.event_id,
      Type: row.type,
      OccurredAt: wireDate(row.occurred_at),
      State: row.state === "sending" ? "pending" : row.state,
      AttemptCount: row.attempts,
      NextAttemptAt: row.state === "pending" || row.state === "sending" ? wireDate(row.next_attempt_at) : "",
      Payload: row.payload ?? "",
      Attempts: (row.attempt_log ?? []).map((attempt) => ({
        At: wireDate(attempt.at),
        StatusCode: attempt.status ?? 0,
        LatencyMs: attempt.latency,
        Ok: attempt.ok,
        Error: attempt.error,
        Excerpt: attempt.excerpt,
      })),
    })),
    NextCursor: found.length > limit ? (page.at(-1)?.id ?? "") : "",
  };
}

/**
 * Sends one event to an endpoint again — its delivery made due now with 3 more days of retries,
 * or made when the endpoint never had it (it took other types then). Null when the event is not
 * one of the project's or the endpoint is not.
 */
export async function resendEvent(
  db: ServiceDb,
  projectId: number,
  endpointId: number,
  eventId: string,
): Promise<string[] | null> {
  const made = await rows<{ event_id: string }>(
    db,
    sql`insert into service.webhook_deliveries (event_id, endpoint_id)
        select ev.id, e.id from service.webhook_events ev
          join service.webhook_endpoints e on e.project_id = ev.project_id and e.id = ${endpointId}
         where ev.project_id = ${projectId} and ev.event_id = ${eventId}::uuid and ev.fanned_out
        on conflict (event_id, endpoint_id) do update
           set state = 'pending', next_attempt_at = now(), retries_from = now(), lease_until = null
        returning ${eventId}::text as event_id`,
  );
  return made.length > 0 ? made.map((row) => row.event_id) : null;
}

/** Every delivery to the endpoint that failed, of events since `since`, due again now. */
export async function resendFailed(
  db: ServiceDb,
  projectId: number,
  endpointId: number,
  since: string,
): Promise<string[]> {
  const queued = await rows<{ event_id: string }>(
    db,
    sql`update service.webhook_deliveries d
           set state = 'pending', next_attempt_at = now(), retries_from = now(), lease_until = null
          from service.webhook_events ev, service.webhook_endpoints e
         where ev.id = d.event_id and e.id = d.endpoint_id and e.project_id = ${projectId}
           and d.endpoint_id = ${endpointId} and d.state = 'failed' and ev.occurred_at >= ${since}::timestamptz
        returning ev.event_id::text`,
  );
  return queued.map((row) => row.event_id);
}

/** A `webhook.test` event for one endpoint (whatever its state or event types); its id. */
export async function writeTestEvent(
  db: ServiceDb,
  projectId: number,
  endpointId: number,
): Promise<string | null> {
  const [made] = await rows<{ event_id: string }>(
    db,
    sql`insert into service.webhook_events (project_id, type, endpoint_id, data)
        select ${projectId}, 'webhook.test', e.id,
               json_build_object('EndpointId', e.id, 'Message', 'A test event, sent on demand.')::text
          from service.webhook_endpoints e where e.id = ${endpointId} and e.project_id = ${projectId}
        returning event_id::text`,
  );
  return made?.event_id ?? null;
}

/** Whether the id is an endpoint of the project. */
export async function isProjectEndpoint(
  db: ServiceDb,
  projectId: number,
  endpointId: number,
): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from service.webhook_endpoints where id = ${endpointId} and project_id = ${projectId}`,
  );
  return found.length > 0;
}
