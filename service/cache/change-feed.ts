import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { ServiceDb } from "../db/connection";

/** The channel the database's triggers notify on (migration 0003_change_notifications). */
export const CHANGES_CHANNEL = "service_changes";

const RECONNECT_MS = 1000;

/**
 * Tells this process when anything it may cache has changed in the database: the catalogue of
 * any project, an API key revoked or deleted, or a customer's balances. The database sends one notification per changing
 * statement, at commit (migration 0003), so every instance hears of every change, whoever made it
 * (another instance, `npm run db:seed`, a manual SQL edit).
 *
 * `generation` counts the changes heard. A cache entry remembers the generation it was built in
 * and is good only while the generation is the same and the feed is `live`. While the feed is not
 * listening (starting, or its connection to PostgreSQL lost until it reconnects) nothing may be
 * served from a cache: changes made meanwhile would go unheard.
 */
export interface ChangeFeed {
  readonly generation: number;
  readonly live: boolean;
  /**
   * Calls `listener` with a customer's row id (`service.customers.id`) whenever that customer's
   * balances changed (migration 0009): the player reads kept for them are stale. Changes to
   * anything else bump `generation` instead.
   */
  onCustomerChange(listener: (customerRowId: number) => void): void;
  close(): Promise<void>;
}

/** A notification's payload for one customer's balances (migration 0009_holdings_notifications). */
const CUSTOMER_PREFIX = "customer:";

class Feed implements ChangeFeed {
  generation = 0;
  live = false;
  closed = false;
  private readonly customerListeners: ((customerRowId: number) => void)[] = [];
  onCustomerChange(listener: (customerRowId: number) => void): void {
    this.customerListeners.push(listener);
  }
  heard = (payload: string | undefined) => {
    if (payload?.startsWith(CUSTOMER_PREFIX)) {
      const id = Number(payload.slice(CUSTOMER_PREFIX.length));
      if (Number.isSafeInteger(id)) {
        for (const listener of this.customerListeners) listener(id);
        return;
      }
    }
    this.generation += 1;
  };
  lost = () => {
    // Whatever changed while nobody listened is unknown: everything cached so far is suspect.
    this.live = false;
    this.generation += 1;
  };
  stop: () => Promise<void> = async () => {};
  async close(): Promise<void> {
    this.closed = true;
    this.lost();
    // The database may be closed already (the app stops after it, or it went away): nothing to undo.
    await this.stop().catch(() => {});
  }
}

/**
 * PGlite runs in this process and has one session: the triggers' notifications reach its
 * listeners before the statement that changed something resolves (one process per folder, so
 * no other process can change it).
 */
async function listenPglite(client: PGlite, feed: Feed): Promise<void> {
  const unlisten = await client.listen(CHANGES_CHANNEL, feed.heard);
  feed.live = true;
  feed.stop = () => unlisten();
}

/**
 * PostgreSQL: one connection of its own (not one of the pool's, which serve requests), LISTENing
 * for as long as the feed lives; a lost connection makes the feed not live and is retried every
 * second. TCP keep-alive notices a connection that died silently.
 */
function listenPostgres(pool: pg.Pool, feed: Feed): Promise<void> {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    if (feed.closed) return;
    const next = new pg.Client({ ...pool.options, keepAlive: true });
    client = next;
    const drop = () => {
      if (client !== next) return;
      client = null;
      feed.lost();
      next.end().catch(() => {});
      if (!feed.closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on("error", drop);
    next.on("end", drop);
    next.on("notification", (message) => feed.heard(message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== next) return;
      // Anything changed before LISTEN took effect was not heard: start a new generation.
      feed.generation += 1;
      feed.live = true;
    } catch {
      drop();
    }
  };
  feed.stop = async () => {
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
  return connect();
}

/** Starts listening; the first attempt is awaited, so a reachable database gives a live feed. */
export async function startChangeFeed(db: ServiceDb): Promise<ChangeFeed> {
  const feed = new Feed();
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) await listenPostgres(client, feed);
  else await listenPglite(client as PGlite, feed);
  return feed;
}
