import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, inject } from "vitest";
import { openDatabase, type ServiceDatabase, type ServiceDb } from "@/service/db/connection";
import { type ConnectionLimits, type RequestLogSettings, webhookSettings } from "@/service/env";
import { API_PREFIX, buildServiceApp } from "@/service/http/app";
import type { ServiceApp } from "@/service/http/define-route";
import type { WebhookSettings } from "@/service/webhooks/sender";
import { migratedPgliteDump } from "../pglite-dumps";
import { createThrowawayDatabase } from "../throwaway-postgres";

/** Which database this test run uses: the http tests run once per driver (vitest projects). */
export const TEST_DB: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** A fresh, migrated, empty service database on the driver under test. */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<ServiceDatabase & { url?: string }> {
  if (TEST_DB === "pglite")
    return openDatabase({
      driver: "pglite",
      folder: null,
      small: true,
      from: await migratedPgliteDump("service", inject("pgliteDumps")),
    });
  // A copy of the database migrated once per run (testing/migrated-templates.ts).
  const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_t", {
    template: inject("postgresTemplates").service,
  });
  const database = await openDatabase({
    driver: "postgres",
    url: throwaway.url,
    poolSize: options.poolSize ?? 30,
  });
  return {
    ...database,
    url: throwaway.url,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export interface TestService {
  /** `{base_url}`: http://127.0.0.1:PORT/api/public */
  base: string;
  app: ServiceApp;
  db: ServiceDb;
  database: ServiceDatabase & { url?: string };
  /** Every log line the service wrote, for the "no key in logs" checks. */
  logs: string[];
  stop(): Promise<void>;
}

/** Starts the real service on a loopback port over a fresh database (or a given one). */
export async function startTestService(
  options: {
    rateLimit?: number;
    database?: ServiceDatabase & { url?: string };
    /** The service's clock for price validity (ms since the epoch). */
    now?: () => number;
    keyCheckTtlMs?: number;
    limits?: ConnectionLimits;
    /** The request log's settings (default: the environment's, so on). */
    requestLog?: RequestLogSettings;
    /** The webhook sender's settings (default: off, so that no test but the webhooks' own sees its rounds). */
    webhooks?: WebhookSettings;
  } = {},
): Promise<TestService> {
  const database = options.database ?? (await createTestDatabase());
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildServiceApp({
    db: database.db,
    rateLimit: options.rateLimit ?? 0,
    validateResponses: true,
    logger: { level: "info", stream },
    now: options.now,
    keyCheckTtlMs: options.keyCheckTtlMs,
    limits: options.limits,
    requestLog: options.requestLog,
    webhooks: options.webhooks ?? { ...webhookSettings(), enabled: false },
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `${address}${API_PREFIX}`,
    app,
    db: database.db,
    database,
    logs,
    async stop() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * A second service instance on the database of `first`: on PostgreSQL with its own pool and
 * process state (as another machine would be); on PGlite, sharing the one in-process database.
 * Stop it before `first`.
 */
export async function startSecondInstance(first: TestService): Promise<TestService> {
  const url = first.database.url;
  if (!url) return startTestService({ database: first.database });
  const database = await openDatabase({ driver: "postgres", url, poolSize: 30 });
  const other = await startTestService({ database });
  const stop = other.stop;
  other.stop = async () => {
    await stop();
    await database.close();
  };
  return other;
}

/** The ledger's invariant (docs/service.md, "The ledger"): per contract, all balances sum to zero. Returns the contracts that don't. */
export async function unbalancedContracts(db: ServiceDb): Promise<{ contract_id: number; total: string }[]> {
  const result = (await db.execute(
    sql`select contract_id, sum(balance)::text as total from service.accounts group by contract_id
        having sum(balance) <> 0`,
  )) as unknown as { rows: { contract_id: number; total: string }[] };
  return result.rows;
}

/** Also per ledger transaction: its postings sum to zero per contract. */
export async function unbalancedTransactions(db: ServiceDb): Promise<unknown[]> {
  const result = (await db.execute(
    sql`select p.transaction_id, a.contract_id, sum(p.amount)::text as total
          from service.postings p join service.accounts a on a.id = p.account_id
         group by p.transaction_id, a.contract_id having sum(p.amount) <> 0`,
  )) as unknown as { rows: unknown[] };
  return result.rows;
}

/** Any negative balance outside the world accounts (the CHECK should make this impossible). */
export async function negativeBalances(db: ServiceDb): Promise<unknown[]> {
  const result = (await db.execute(
    sql`select id, kind, balance::text from service.accounts where kind <> 'world' and balance < 0`,
  )) as unknown as { rows: unknown[] };
  return result.rows;
}

/** How many awards (not fundings) the database holds, to show that a refused one added none. */
export async function awardRowCount(db: ServiceDb): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from service.awards where kind = 'award'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Every balance of the database, keyed by account, to show that a refused request changed none. */
export async function balanceSnapshot(db: ServiceDb): Promise<Record<string, string>> {
  const result = (await db.execute(
    sql`select id, balance::text as balance from service.accounts order by id`,
  )) as unknown as { rows: { id: string | number; balance: string }[] };
  return Object.fromEntries(result.rows.map((r) => [String(r.id), r.balance]));
}

/**
 * The ledger's rules (docs/service.md, "The ledger"), checked after every test that writes: per contract all balances sum to zero, every
 * ledger transaction balances per contract, no account but the outside world is negative, and
 * every balance equals the sum of its postings (the ledger explains it).
 */
export async function expectLedgerBalanced(db: ServiceDb): Promise<void> {
  const unexplained = (await db.execute(
    sql`select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
          from service.accounts a left join service.postings p on p.account_id = a.id
         group by a.id having a.balance <> coalesce(sum(p.amount), 0)`,
  )) as unknown as { rows: unknown[] };
  const problems = {
    unbalancedContracts: await unbalancedContracts(db),
    unbalancedTransactions: await unbalancedTransactions(db),
    negativeBalances: await negativeBalances(db),
    unexplainedBalances: unexplained.rows,
  };
  expect(problems).toEqual({
    unbalancedContracts: [],
    unbalancedTransactions: [],
    negativeBalances: [],
    unexplainedBalances: [],
  });
}
