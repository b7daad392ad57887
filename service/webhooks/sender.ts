import { sql } from "drizzle-orm";
import type { ServiceDb } from "../db/connection";
import { rows } from "../domain/sql-rows";
import { inTransaction } from "../domain/transaction";
import { failDisabledDeliveries, fanOut, writeExpiringKeyEvents } from "./outbox";
import { nextAttemptAt, type RetryPolicy, retryDelay } from "./retry-schedule";
import { signedHeaders } from "./secrets";
import { closeSendPolicy, type SendPolicy, type SendResult, sendWebhook } from "./send";

/**
 * The webhook sender (docs/service.md, "Webhooks"): a loop in each service process that takes the
 * outbox's events, makes their deliveries, sends what is due and records every attempt. It never
 * runs inside a request: an award's transaction only writes its event (migration 0021), so a slow
 * or dead endpoint costs the awards nothing but the sender's own share of the machine.
 *
 * Deliveries are claimed with a lease (`for update skip locked`), so several instances share the
 * work and one that stops mid-send leaves its deliveries to be taken again when the lease ends:
 * delivery is at least once, and receivers de-duplicate by `webhook-id`, the event's stable id.
 */

export interface WebhookSettings {
  /** Off: events are still written and listed, nothing is sent (tests of the outbox, a paused service). */
  enabled: boolean;
  /** How often the loop looks for work when it found none. */
  pollMs: number;
  /** One call's whole time. */
  timeoutMs: number;
  /** Hosts called even at a loopback or private address (SERVICE_WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>;
  retry: RetryPolicy;
  /** A failing endpoint (a delivery gave up) with no success for this long is disabled. */
  disableAfterMs: number;
  /** Events (with their deliveries and attempts) older than this are deleted once none waits. */
  keepDays: number;
  /** Calls in flight at most (default 64). */
  inFlight?: number;
  /** How often expiring keys, failing endpoints and old events are swept (default 60 s). */
  sweepMs?: number;
  /** How names resolve (tests). */
  lookup?: SendPolicy["lookup"];
}

/**
 * While the API is answering calls, the sender takes at most this share of the time and claims at
 * most BUSY_CLAIM deliveries a round: awards come first (docs/service.md, "Webhooks"; measured in
 * docs/benchmarks.md, "Service: awards with webhooks on"). Deliveries wait meanwhile, and catch
 * up at full speed once the calls stop.
 */
const BUSY_SHARE = 0.02;
const BUSY_CLAIM = 8;

interface Claimed {
  id: number;
  endpoint_id: number;
  attempts: number;
  retries_from: Date | string;
  url: string;
  secret: string;
  previous_secret: string | null;
  event_id: string;
  payload: string;
}

interface Outcome extends SendResult {
  delivery: number;
  endpoint: number;
  at: Date;
  /** When it is tried again if this attempt failed; null: given up. */
  next: Date | null;
}

/**
 * How long a claimed delivery is held: past the call's timeout with room to record it. A sender
 * that stopped mid-send leaves its deliveries to be taken again after this.
 */
export const leaseFor = (timeoutMs: number) => timeoutMs * 2 + 5000;

/** Failures in a row after which an endpoint is left alone for a while (its circuit opens). */
const CIRCUIT_FAILURES = 5;
/** An open circuit closes within a minute: a replay after the receiver is fixed waits no longer. */
const CIRCUIT_MAX_MS = 60_000;

export class WebhookSender {
  private readonly policy: SendPolicy;
  private readonly maxInFlight: number;
  private inFlight = 0;
  private outcomes: Outcome[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private lastSweep = 0;
  /** Per endpoint: failures in a row, and until when it is not called. */
  private readonly circuits = new Map<number, { failures: number; openUntil: number; opened: number }>();
  private readonly settled = new Set<() => void>();

  private readonly random: () => number;
  private readonly onError: (error: unknown) => void;

  private readonly activity: () => number;
  private lastActivity = -1;

  constructor(
    private readonly db: ServiceDb,
    private readonly settings: WebhookSettings,
    options: {
      random?: () => number;
      onError?: (error: unknown) => void;
      /** A count of the API calls the process has taken, so that the sender yields while they come. */
      activity?: () => number;
    } = {},
  ) {
    this.random = options.random ?? Math.random;
    this.activity = options.activity ?? (() => 0);
    this.onError = options.onError ?? (() => undefined);
    this.policy = {
      allowedHosts: settings.allowedHosts,
      timeoutMs: settings.timeoutMs,
      lookup: settings.lookup,
    };
    this.maxInFlight = settings.inFlight ?? 64;
  }

  start(): void {
    if (!this.settings.enabled || this.closed) return;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const started = performance.now();
      const calls = this.activity();
      const apiBusy = calls !== this.lastActivity;
      this.lastActivity = calls;
      this.running = this.tick(apiBusy ? BUSY_CLAIM : undefined)
        .catch((error: unknown) => {
          this.onError(error);
          return false;
        })
        .then((more) => {
          const took = performance.now() - started;
          if (apiBusy) this.schedule(Math.max(took * (1 / BUSY_SHARE - 1), this.settings.pollMs / 5));
          else this.schedule(more ? 0 : this.settings.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** One round: events taken, due deliveries sent, finished ones recorded. True when there may be more at once. */
  async tick(claimAtMost?: number): Promise<boolean> {
    const now = Date.now();
    if (now - this.lastSweep >= (this.settings.sweepMs ?? 60_000)) {
      this.lastSweep = now;
      await this.sweep();
    }
    // One transaction a round — the last round's outcomes, the new events, the next claim — so
    // that a durable PGlite pays one commit for it (docs/service.md, "Webhooks").
    const outcomes = this.outcomes;
    this.outcomes = [];
    let taken = 0;
    let claimed: Claimed[] = [];
    try {
      await inTransaction(this.db, async (tx) => {
        await this.record(tx, outcomes);
        taken = await fanOut(tx, claimAtMost === undefined ? 500 : claimAtMost * 8);
        claimed = await this.claim(tx, claimAtMost);
      });
    } catch (error) {
      // Nothing of the round happened: its outcomes are written with the next one.
      this.outcomes = [...outcomes, ...this.outcomes];
      throw error;
    }
    for (const delivery of claimed) {
      this.inFlight += 1;
      void this.deliver(delivery).finally(() => {
        this.inFlight -= 1;
        for (const wake of this.settled) wake();
      });
    }
    return taken > 0 || claimed.length > 0 || outcomes.length > 0;
  }

  private openCircuits(now: number): number[] {
    return [...this.circuits].filter(([, c]) => c.openUntil > now).map(([id]) => id);
  }

  private async claim(tx: ServiceDb, atMost = this.maxInFlight): Promise<Claimed[]> {
    const room = Math.min(atMost, this.maxInFlight - this.inFlight);
    if (room <= 0) return [];
    const leaseMs = leaseFor(this.settings.timeoutMs);
    return rows<Claimed>(
      tx,
      sql`with due as (
            select id from service.webhook_deliveries
             where state in ('pending', 'sending') and next_attempt_at <= now()
               and endpoint_id <> all (${sql.param(this.openCircuits(Date.now()))}::int[])
             order by next_attempt_at, id limit ${room}
               for update skip locked),
          claimed as (
            update service.webhook_deliveries d
               set state = 'sending', next_attempt_at = now() + ${leaseMs} * interval '1 millisecond',
                   lease_until = now() + ${leaseMs} * interval '1 millisecond'
              from due where d.id = due.id
            returning d.id, d.endpoint_id, d.attempts, d.event_id, d.retries_from)
          select c.id, c.endpoint_id, c.attempts, c.retries_from, e.url, e.secret,
                 case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
                 ev.event_id::text, ev.payload
            from claimed c
            join service.webhook_endpoints e on e.id = c.endpoint_id
            join service.webhook_events ev on ev.id = c.event_id
           order by c.id`,
    );
  }

  private async deliver(delivery: Claimed): Promise<void> {
    const at = new Date();
    const secrets = [delivery.secret, ...(delivery.previous_secret ? [delivery.previous_secret] : [])];
    const headers = signedHeaders(secrets, delivery.event_id, at, delivery.payload);
    const result = await sendWebhook(delivery.url, { ...headers }, delivery.payload, this.policy);
    this.trackCircuit(delivery.endpoint_id, result.ok);
    this.outcomes.push({
      ...result,
      delivery: delivery.id,
      endpoint: delivery.endpoint_id,
      at,
      next: result.ok
        ? null
        : nextAttemptAt(
            delivery.attempts + 1,
            new Date(delivery.retries_from),
            new Date(),
            this.settings.retry,
            this.random,
          ),
    });
  }

  private trackCircuit(endpoint: number, ok: boolean): void {
    if (ok) {
      this.circuits.delete(endpoint);
      return;
    }
    const circuit = this.circuits.get(endpoint) ?? { failures: 0, openUntil: 0, opened: 0 };
    circuit.failures += 1;
    if (circuit.failures >= CIRCUIT_FAILURES) {
      // Open for the retry schedule's next wait, a minute at most: a dead endpoint's new events wait
      // instead of taking the sender's calls; one call after it is the probe.
      circuit.opened += 1;
      circuit.openUntil =
        Date.now() + Math.min(CIRCUIT_MAX_MS, retryDelay(circuit.opened, this.settings.retry, this.random));
      circuit.failures = CIRCUIT_FAILURES - 1;
    }
    this.circuits.set(endpoint, circuit);
  }

  /** Writes finished attempts: the deliveries' states, the attempt log, the endpoints' health. */
  private async record(tx: ServiceDb, batch: Outcome[]): Promise<void> {
    if (batch.length === 0) return;
    {
      const updated = await rows<{ id: number; endpoint_id: number; state: string }>(
        tx,
        sql`update service.webhook_deliveries d
               set attempts = d.attempts + 1, last_attempt_at = o.at, lease_until = null,
                   state = case when o.ok then 'delivered' when o.next is null then 'failed' else 'pending' end,
                   next_attempt_at = coalesce(o.next, now())
              from unnest(${sql.param(batch.map((o) => o.delivery))}::bigint[],
                          ${sql.param(batch.map((o) => o.ok))}::boolean[],
                          ${sql.param(batch.map((o) => o.next?.toISOString() ?? null))}::timestamptz[],
                          ${sql.param(batch.map((o) => o.at.toISOString()))}::timestamptz[]) as o(id, ok, next, at)
             where d.id = o.id
            returning d.id, d.endpoint_id, d.state`,
      );
      await tx.execute(
        sql`insert into service.webhook_attempts (delivery_id, endpoint_id, at, status_code, latency_ms, ok, error, excerpt)
            select o.delivery, o.endpoint, o.at, o.status, o.latency, o.ok, o.error, o.excerpt
              from unnest(${sql.param(batch.map((o) => o.delivery))}::bigint[],
                          ${sql.param(batch.map((o) => o.endpoint))}::int[],
                          ${sql.param(batch.map((o) => o.at.toISOString()))}::timestamptz[],
                          ${sql.param(batch.map((o) => o.statusCode))}::int[],
                          ${sql.param(batch.map((o) => o.latencyMs))}::int[],
                          ${sql.param(batch.map((o) => o.ok))}::boolean[],
                          ${sql.param(batch.map((o) => o.error))}::text[],
                          ${sql.param(batch.map((o) => o.excerpt))}::text[])
                   as o(delivery, endpoint, at, status, latency, ok, error, excerpt)
             where exists (select 1 from service.webhook_deliveries d where d.id = o.delivery)`,
      );
      const delivered = [
        ...new Set(updated.filter((u) => u.state === "delivered").map((u) => u.endpoint_id)),
      ];
      const gaveUp = [...new Set(updated.filter((u) => u.state === "failed").map((u) => u.endpoint_id))];
      if (delivered.length > 0)
        await tx.execute(
          sql`update service.webhook_endpoints set state = 'enabled', failing_since = null
               where id = any (${sql.param(delivered)}::int[]) and state = 'failing'`,
        );
      if (gaveUp.length > 0)
        await tx.execute(
          sql`update service.webhook_endpoints set state = 'failing', failing_since = coalesce(failing_since, now())
               where id = any (${sql.param(gaveUp)}::int[]) and state = 'enabled'`,
        );
    }
  }

  /** key.expiring events; failing endpoints disabled after their period; old events deleted. */
  async sweep(): Promise<void> {
    await writeExpiringKeyEvents(this.db);
    const days = Math.round(this.settings.disableAfterMs / 86_400_000);
    await this.db.execute(
      sql`update service.webhook_endpoints
             set state = 'disabled',
                 disabled_reason = 'Disabled by the service: every delivery failed since '
                   || to_char(failing_since at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC ('
                   || ${days} || ' days).'
           where state = 'failing' and failing_since < now() - ${this.settings.disableAfterMs} * interval '1 millisecond'`,
    );
    await failDisabledDeliveries(this.db);
    await this.db.execute(
      sql`delete from service.webhook_events e
           where e.id in (select x.id
                            from (select id, occurred_at, fanned_out from service.webhook_events
                                   order by id limit 10000) x
                           where x.occurred_at < now() - ${this.settings.keepDays} * interval '1 day'
                             and x.fanned_out
                             and not exists (select 1 from service.webhook_deliveries d
                                              where d.event_id = x.id and d.state in ('pending', 'sending')))`,
    );
  }

  /** Rounds until no event waits, nothing is due and nothing is in flight (tests, close). */
  async drain(maxMs = 30_000): Promise<void> {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      const busy = await this.tick();
      if (!busy && this.inFlight === 0 && this.outcomes.length === 0) return;
      if (this.inFlight > 0)
        await new Promise<void>((resolve) => {
          const wake = () => {
            this.settled.delete(wake);
            resolve();
          };
          this.settled.add(wake);
          setTimeout(wake, 50).unref?.();
        });
    }
  }

  /** Stops the loop; the calls in flight finish (each within its timeout) and are recorded. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    const until = Date.now() + this.settings.timeoutMs + 1000;
    while (this.inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    const outcomes = this.outcomes;
    this.outcomes = [];
    // Not recorded (the database is gone): the deliveries are taken again when their lease ends.
    await inTransaction(this.db, (tx) => this.record(tx, outcomes)).catch(this.onError);
    await closeSendPolicy(this.policy);
  }
}
