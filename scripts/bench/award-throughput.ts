import { randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { PglitePreparedQuery, PgliteSession } from "drizzle-orm/pglite";
import { openDatabase, type ServiceDatabase } from "@/service/db/connection";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, demoFixture } from "@/service/db/demo-fixture";
import { migrateServiceDatabase } from "@/service/db/migrate";
import { importFixture } from "@/service/domain/import";
import { rows } from "@/service/domain/sql-rows";
import { API_PREFIX, buildServiceApp } from "@/service/http/app";
import { startThrowawayPostgres } from "@/testing/throwaway-postgres";
import { describeQueue, measureQueue } from "./queue-settle";

/**
 * Award throughput of the embedded service, end to end over HTTP:
 *
 *   node_modules/.bin/tsx --conditions=react-server scripts/bench/award-throughput.ts [options]
 *
 * Starts the service in this process on a fresh database — PGlite file-backed in a temp folder
 * (like `npm run demo`, durable unless --fast), PGlite in memory, or a throwaway PostgreSQL with
 * the server's durable defaults (fsync and synchronous_commit on, unless --fast) — loads the demo project, and sends N AwardTokens with a
 * fixed number in flight from a worker thread (its own event loop, so the client does not steal
 * the server's): allowances, then direct distributions from the funded project wallet. Each award
 * is one token line to a random customer with a fresh RequestID. Every answer must be 200 with
 * Status Completed, and afterwards the ledger must balance; otherwise the run fails (exit 1).
 *
 * Options: --n N (3000) · --concurrency C (8) · --warmup W (500 per kind, not counted) ·
 * --customers K (10000: customer ids drawn from player-0 … player-K-1) · --db file|memory|both
 * (both; also postgres, or all) · --pool P (20: PostgreSQL connections) · --fast (PGlite's and
 * PostgreSQL's non-durable settings, to compare) · --pg-setting name=value (a server setting,
 * e.g. commit_delay=100; repeatable) · --queue N (0: afterwards, N direct awards queued on
 * another contract, then one funding settling them while direct awards go on) · --no-log (the service logs every request at info, as `npm run service` does, to a file
 * in the temp folder; this turns it off) · --statements (also count the SQL statements and
 * transactions the service sends per award, and the time it waits for PGlite).
 */

type DbKind = "file" | "memory" | "postgres";

interface Options {
  n: number;
  concurrency: number;
  warmup: number;
  customers: number;
  db: DbKind[];
  pool: number;
  fast: boolean;
  pgSettings: Record<string, string>;
  queue: number;
  log: boolean;
  statements: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    n: 3000,
    concurrency: 8,
    warmup: 500,
    customers: 10_000,
    db: ["file", "memory"],
    pool: 20,
    fast: false,
    pgSettings: {},
    queue: 0,
    log: true,
    statements: false,
  };
  const int = (name: string, value: string | undefined, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--n") options.n = int(arg, argv[++i], 1);
    else if (arg === "--concurrency") options.concurrency = int(arg, argv[++i], 1);
    else if (arg === "--warmup") options.warmup = int(arg, argv[++i], 0);
    else if (arg === "--customers") options.customers = int(arg, argv[++i], 1);
    else if (arg === "--db") {
      const value = argv[++i];
      if (value === "both") options.db = ["file", "memory"];
      else if (value === "all") options.db = ["file", "memory", "postgres"];
      else if (value === "file" || value === "memory" || value === "postgres") options.db = [value];
      else throw new Error("--db must be file, memory, postgres, both or all");
    } else if (arg === "--pool") options.pool = int(arg, argv[++i], 1);
    else if (arg === "--fast") options.fast = true;
    else if (arg === "--pg-setting") {
      const [name, value] = (argv[++i] ?? "").split("=");
      if (!name || value === undefined) throw new Error("--pg-setting must be name=value");
      options.pgSettings[name] = value;
    } else if (arg === "--queue") options.queue = int(arg, argv[++i], 0);
    else if (arg === "--no-log") options.log = false;
    else if (arg === "--statements") options.statements = true;
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

// The demo project's GOLD token and its contract on the DB chain (no address format).
const GOLD = {
  Guid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
  ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
};
const WALLET = "bench-wallet";

function awardBody(isAllowance: boolean, customers: number): string {
  const customer = `player-${Math.floor(Math.random() * customers)}`;
  // Text, so the amount goes out as a JSON number literal.
  return (
    `{"ApiKey":"${DEMO_API_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT_GUID}",` +
    `"IsAllowance":${isAllowance},"CustomerID":"${customer}",` +
    (isAllowance ? "" : `"Wallet":"${WALLET}",`) +
    `"Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":1}]}`
  );
}

/**
 * The HTTP client, in a worker thread: keep-alive sockets, `concurrency` requests in flight,
 * one latency per request. Plain JavaScript so the worker needs no TypeScript loader.
 */
const CLIENT = `
const { parentPort } = require("node:worker_threads");
const http = require("node:http");
parentPort.on("message", ({ url, bodies, concurrency }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const latencies = [];
  const failures = [];
  let next = 0;
  let done = 0;
  const started = performance.now();
  const send = () => {
    const index = next++;
    if (index >= bodies.length) return;
    const body = bodies[index];
    const t0 = performance.now();
    const request = http.request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () => {
          latencies.push(performance.now() - t0);
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200 || !text.includes('"Status":"Completed"'))
            failures.push(response.statusCode + " " + text.slice(0, 300));
          finish();
        });
      },
    );
    request.on("error", (error) => { failures.push("error " + error.message); finish(); });
    request.end(body);
  };
  const finish = () => {
    done += 1;
    if (done === bodies.length) {
      const seconds = (performance.now() - started) / 1000;
      agent.destroy();
      parentPort.postMessage({ seconds, latencies, failures });
    } else send();
  };
  for (let i = 0; i < Math.min(concurrency, bodies.length); i += 1) send();
});
`;

interface Run {
  seconds: number;
  latencies: number[];
  failures: string[];
}

function send(worker: Worker, url: string, bodies: string[], concurrency: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once("error", onError);
    worker.once("message", (run: Run) => {
      worker.off("error", onError);
      resolve(run);
    });
    worker.postMessage({ url, bodies, concurrency });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/**
 * Counts the statements the service sends through drizzle (PGlite parses and plans each one
 * anew; the statements inside a database function are not counted) and the transactions it
 * opens, with the time it waits for them. PGlite runs one statement at a time, so that time
 * includes waiting for the statements of other requests.
 */
interface Counter {
  statements: number;
  transactions: number;
  ms: number;
  reset(): void;
}

function countStatements(): Counter {
  const counter: Counter = {
    statements: 0,
    transactions: 0,
    ms: 0,
    reset() {
      this.statements = 0;
      this.transactions = 0;
      this.ms = 0;
    },
  };
  const prepared = PglitePreparedQuery.prototype as unknown as {
    execute(...args: unknown[]): Promise<unknown>;
  };
  const execute = prepared.execute;
  prepared.execute = async function (this: unknown, ...args: unknown[]) {
    counter.statements += 1;
    const t0 = performance.now();
    try {
      return await execute.apply(this, args);
    } finally {
      counter.ms += performance.now() - t0;
    }
  };
  const session = PgliteSession.prototype as unknown as { transaction(...args: unknown[]): Promise<unknown> };
  const transaction = session.transaction;
  session.transaction = function (this: unknown, ...args: unknown[]) {
    counter.transactions += 1;
    return transaction.apply(this, args);
  };
  return counter;
}

interface Phase {
  label: string;
  awardsPerSecond: number;
  p50: number;
  p99: number;
  statementsPerAward?: number;
  transactionsPerAward?: number;
  pgliteMsPerAward?: number;
}

const KIND_LABEL: Record<DbKind, string> = {
  file: "file-backed",
  memory: "in-memory",
  postgres: "PostgreSQL",
};

/** The database of one run, and how it commits. */
async function openBenchDatabase(
  kind: DbKind,
  folder: string,
  options: Options,
): Promise<{ database: ServiceDatabase; settings: string; stop(): void }> {
  if (kind === "postgres") {
    const cluster = await startThrowawayPostgres("award_bench", {
      durable: !options.fast,
      settings: options.pgSettings,
    });
    try {
      const database = await openDatabase({ driver: "postgres", url: cluster.url, poolSize: options.pool });
      const shown = await rows<{ name: string; setting: string }>(
        database.db,
        sql`select name, setting from pg_settings
             where name in ('fsync', 'synchronous_commit', 'commit_delay', 'wal_sync_method') order by name`,
      );
      const settings = `${shown.map((s) => `${s.name}=${s.setting}`).join(", ")}; pool ${options.pool}`;
      return { database, settings, stop: () => cluster.stop() };
    } catch (error) {
      cluster.stop();
      throw error;
    }
  }
  const database = await openDatabase({
    driver: "pglite",
    folder: kind === "file" ? join(folder, "db") : null,
    durability: options.fast ? "fast" : "durable",
  });
  const settings =
    kind === "file" ? `PGlite ${options.fast ? "fast (fsync off)" : "durable"}` : "PGlite in memory";
  return { database, settings, stop: () => {} };
}

async function benchDatabase(
  kind: DbKind,
  options: Options,
  worker: Worker,
  counter: Counter | null,
): Promise<{ phases: Phase[]; problems: string[] }> {
  const folder = mkdtempSync(join(os.tmpdir(), "award-throughput-"));
  const problems: string[] = [];
  const phases: Phase[] = [];
  const { database, settings, stop } = await openBenchDatabase(kind, folder, options);
  let queueAwards = 0;
  console.log(
    `${KIND_LABEL[kind]}: ${settings}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const logStream = options.log ? createWriteStream(join(folder, "service.log")) : null;
  try {
    await migrateServiceDatabase(database);
    await importFixture(database.db, demoFixture(), { reset: false });
    const app = await buildServiceApp({
      db: database.db,
      rateLimit: 0,
      validateResponses: false,
      logger: logStream ? { level: "info", stream: logStream } : false,
    });
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `${origin}${API_PREFIX}`;
    try {
      // Enough in the project wallet for every direct award of the run (the fixture's 10,000
      // GOLD may be less), so that none is queued.
      const fund = await fetch(`${base}/FundWallet`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body:
          `{"ApiKey":"${DEMO_API_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT_GUID}",` +
          `"Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":${options.n + options.warmup}}]}`,
      });
      const funded = await fund.text();
      if (fund.status !== 200) throw new Error(`FundWallet answered ${fund.status}: ${funded}`);

      for (const isAllowance of [true, false]) {
        const label = `${KIND_LABEL[kind]} ${isAllowance ? "allowance" : "direct"}`;
        if (options.warmup > 0) {
          const bodies = Array.from({ length: options.warmup }, () =>
            awardBody(isAllowance, options.customers),
          );
          const warm = await send(worker, `${base}/AwardTokens`, bodies, options.concurrency);
          problems.push(...warm.failures.slice(0, 3).map((f) => `${label} warm-up: ${f}`));
        }
        const bodies = Array.from({ length: options.n }, () => awardBody(isAllowance, options.customers));
        counter?.reset();
        const run = await send(worker, `${base}/AwardTokens`, bodies, options.concurrency);
        if (run.failures.length)
          problems.push(`${label}: ${run.failures.length} of ${options.n} failed; first: ${run.failures[0]}`);
        const sorted = [...run.latencies].sort((a, b) => a - b);
        const phase: Phase = {
          label,
          awardsPerSecond: options.n / run.seconds,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        };
        if (counter) {
          phase.statementsPerAward = counter.statements / options.n;
          phase.transactionsPerAward = counter.transactions / options.n;
          phase.pgliteMsPerAward = counter.ms / options.n;
        }
        phases.push(phase);
        console.log(formatPhase(phase));
      }
      if (options.queue > 0) {
        const queue = await benchQueue(base, options);
        problems.push(...queue.problems.map((p) => `${kind} queue: ${p}`));
        queueAwards = queue.awards;
      }
    } finally {
      await app.close();
    }
    problems.push(...(await checkLedger(database, options, queueAwards)).map((p) => `${kind}: ${p}`));
  } finally {
    await database.close();
    stop();
    await new Promise<void>((resolve) => (logStream ? logStream.end(resolve) : resolve()));
    rmSync(folder, { recursive: true, force: true });
  }
  return { phases, problems };
}

// The demo project's GEM on the DB chain: the contract the queue phase fills.
const GEM_DB = {
  Guid: "1b0e7a10-0002-4a11-8b21-0000000000a2",
  ContractGuid: "2c1f8b20-0002-4b22-9c32-0000000000b2",
};

/** The queue phase (./queue-settle.ts): GOLD awards timed while GEM's queue fills and settles. */
async function benchQueue(base: string, options: Options): Promise<{ problems: string[]; awards: number }> {
  const result = await measureQueue({
    base,
    apiKey: DEMO_API_KEY,
    projectGuid: DEMO_PROJECT_GUID,
    probe: GOLD,
    queue: GEM_DB,
    // More than the demo's GEM wallet holds.
    headAmount: 1_000_000_000,
    customer: () => `player-${Math.floor(Math.random() * options.customers)}`,
    wallet: WALLET,
    awards: options.queue,
  });
  console.log(describeQueue(result));
  return { problems: result.problems, awards: result.created };
}

/** After the run: every award Completed, nothing queued, and the ledger balances (docs/service.md, "The ledger"). */
async function checkLedger(
  database: ServiceDatabase,
  options: Options,
  queueAwards: number,
): Promise<string[]> {
  const problems: string[] = [];
  const db = database.db;
  const [counts] = await rows<{ completed: number; queued: number }>(
    db,
    sql`select count(*) filter (where status = 'Completed' and kind = 'award')::int as completed,
               count(*) filter (where status = 'Queued')::int as queued
          from service.awards`,
  );
  const expected = 2 * (options.n + options.warmup) + queueAwards;
  if (counts?.completed !== expected || counts.queued !== 0)
    problems.push(`expected ${expected} completed awards and none queued, found ${JSON.stringify(counts)}`);
  const unbalanced = await rows<{ contract_id: number }>(
    db,
    sql`select contract_id from service.accounts group by contract_id having sum(balance) <> 0`,
  );
  if (unbalanced.length) problems.push(`contracts whose balances do not sum to zero: ${unbalanced.length}`);
  const unexplained = await rows<{ id: number }>(
    db,
    sql`select a.id from service.accounts a left join service.postings p on p.account_id = a.id
         group by a.id having a.balance <> coalesce(sum(p.amount), 0)`,
  );
  if (unexplained.length) problems.push(`balances that their postings do not explain: ${unexplained.length}`);
  return problems;
}

const fixed = (n: number | undefined, digits = 1) => (n === undefined ? "–" : n.toFixed(digits));

function formatPhase(phase: Phase): string {
  let line = `${phase.label.padEnd(24)} ${fixed(phase.awardsPerSecond, 0).padStart(5)} awards/s   p50 ${fixed(phase.p50, 2)} ms   p99 ${fixed(phase.p99, 2)} ms`;
  if (phase.statementsPerAward !== undefined)
    line += `   ${fixed(phase.statementsPerAward)} statements, ${fixed(phase.transactionsPerAward, 2)} transactions, ${fixed(phase.pgliteMsPerAward, 2)} ms in PGlite per award`;
  return line;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`award-throughput: ${(error as Error).message}`);
    return 2;
  }
  console.log(
    `award-throughput: ${options.n} awards per kind, ${options.concurrency} in flight, ${options.warmup} warm-up, ` +
      `${options.customers} customers, logging ${options.log ? "on" : "off"}; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.versions.node}`,
  );
  const counter = options.statements ? countStatements() : null;
  const worker = new Worker(CLIENT, { eval: true });
  const problems: string[] = [];
  try {
    for (const kind of options.db) {
      const result = await benchDatabase(kind, options, worker, counter);
      problems.push(...result.problems);
    }
  } finally {
    await worker.terminate();
  }
  if (problems.length) {
    console.error(`\naward-throughput: ${problems.length} problem(s):`);
    for (const problem of problems) console.error(`- ${problem}`);
    return 1;
  }
  return 0;
}

process.exit(await main());
