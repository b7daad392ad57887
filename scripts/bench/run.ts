import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServiceDb } from "@/service/db/connection";
import { SCALE_API_KEY, SCALE_PROJECT_GUID, scaleCustomerId } from "@/service/db/scale-fixture";
import { API_PREFIX, buildServiceApp } from "@/service/http/app";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@/testing/throwaway-postgres";
import { startBareServer } from "./bare-server";
import { loadDatabase, type PostgresTarget, serverVersion, type TableScans, tableScans } from "./databases";
import { markedSections } from "./doc-sections";
import { captureAnswers, startLimitServer } from "./limit-server";
import { type LoadGenerator, startLoadGenerator } from "./load";
import { type AwardJob, type GetJob, type LoadResult, mergeResults } from "./load-job";
import { type Backend, type BenchOptions, parseOptions, USAGE, UsageError } from "./options";
import { BIG_TABLES, explainCustomerReads } from "./plans";
import { describeQueue, measureQueue, type QueueResult } from "./queue-settle";
import {
  type BackendReport,
  backendName,
  type Cell,
  type FlatRun,
  printBackend,
  type RunReport,
  renderDocument,
  type SustainedRun,
} from "./report";

/**
 * `npm run bench`: loads the scale fixture into fresh databases (PGlite, then a throwaway
 * PostgreSQL), drives the service and a bare node:http server over the same domain functions
 * with autocannon, prints the tables and writes docs/benchmarks.md. A benchmark, not a test:
 * it fails (exit 1) only when a request fails, the two servers answer differently, or the
 * customer reads' query plans scan a big table at scale.
 */

const argv = process.argv.slice(2);
let options: BenchOptions;
try {
  const parsed = parseOptions(argv);
  if (parsed === "help") {
    console.log(USAGE);
    process.exit(0);
  }
  options = parsed;
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`bench: ${error.message} (see npm run bench -- --help)`);
    process.exit(2);
  }
  throw error;
}

const DOC = new URL("../../docs/benchmarks.md", import.meta.url);
const KEYED = `${SCALE_API_KEY}/${SCALE_PROJECT_GUID}`;
const PRODUCTS = "GET Products";
const READS = [
  { endpoint: PRODUCTS, path: `${API_PREFIX}/Products/${KEYED}` },
  { endpoint: "GET customer Tokens", path: `${API_PREFIX}/Tokens/${KEYED}/{customer}` },
  { endpoint: "GET Items", path: `${API_PREFIX}/Items/${KEYED}/{customer}` },
];
/** Every path the reads can ask for with `customers` customers (the limit server's answers). */
const readPaths = (customers: number) =>
  READS.flatMap((read) =>
    read.path.includes("{customer}")
      ? Array.from({ length: customers }, (_, i) => read.path.replace("{customer}", scaleCustomerId(i)))
      : [read.path],
  );
// Token t of the scale fixture and its contract on the DB chain (service/db/scale-fixture.ts).
const hex12 = (t: number) => t.toString(16).padStart(12, "0");
const dbLine = (t: number) => ({
  Guid: `00000010-0000-4000-8000-${hex12(t)}`,
  ContractGuid: `00000011-0000-4000-8000-${hex12(t)}`,
});
const WALLET = "bench-wallet";
const AWARDS = [
  { endpoint: "POST AwardTokens allowance", isAllowance: true },
  { endpoint: "POST AwardTokens direct", isAllowance: false },
];
const FLAT_CONCURRENCY = [1, 10];
const COMPLETED = '{"isError":"0","Error":"","Status":"Completed"}';

const log = (message: string) => console.log(message);
// NaN when a run had no responses.
const fixed = (n: number | null, digits = 2) =>
  typeof n === "number" && Number.isFinite(n) ? n.toFixed(digits) : "–";
const brief = (r: LoadResult) =>
  `${fixed(r.requestsPerSecond, 0)} req/s p50 ${fixed(r.p50)} p99 ${fixed(r.p99)} ms`;
const elapsed = (since: number) => (performance.now() - since) / 1000;

interface Server {
  origin: string;
  close(): Promise<void>;
}

/** `playerAnswersKept: 0`: every player read asks the database (the flat-cost check measures that). */
async function startOurs(db: ServiceDb, playerAnswersKept?: number): Promise<Server> {
  const app = await buildServiceApp({
    db,
    rateLimit: 0,
    validateResponses: false,
    logger: false,
    playerAnswersKept,
  });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin, close: () => app.close() };
}

function getJob(
  origin: string,
  path: string,
  connections: number,
  duration: number,
  customers: number,
  extra: Pick<GetJob, "headers" | "expectStatus"> = {},
): GetJob {
  return { kind: "get", origin, path, connections, duration, customers, ...extra };
}

function awardJob(
  origin: string,
  isAllowance: boolean,
  connections: number,
  duration: number,
  customers: number,
  contracts = 1,
): AwardJob {
  return {
    kind: "award",
    origin,
    path: `${API_PREFIX}/AwardTokens`,
    apiKey: SCALE_API_KEY,
    projectGuid: SCALE_PROJECT_GUID,
    customers,
    isAllowance,
    wallet: WALLET,
    lines: Array.from({ length: contracts }, (_, t) => dbLine(t)),
    amount: "1",
    connections,
    duration,
  };
}

/** Every request must have answered 200 (and every award Completed); otherwise a problem. */
function failures(label: string, result: LoadResult): string | null {
  const bad = result.non2xx + result.errors + result.timeouts + result.notCompleted;
  if (bad === 0 && result.responses > 0) return null;
  const statuses = Object.entries(result.statuses)
    .map(([code, n]) => `${n}× ${code}`)
    .join(", ");
  return (
    `${label}: ${result.responses} responses, ${result.non2xx} non-2xx${statuses ? ` (${statuses})` : ""}, ` +
    `${result.errors} connection errors, ${result.timeouts} timeouts, ${result.notCompleted} awards not Completed` +
    (result.sampleFailure ? `; first failure: ${result.sampleFailure}` : "")
  );
}

/**
 * Runs a job, then waits until the server has finished what the load generator abandoned when
 * time ran out: those requests still hold the database (PGlite's one connection, the pool's
 * queue), and the next run — maybe of the other server — must not pay for them. A read sent
 * now queues behind them and answers when they are done.
 */
async function runJob(loader: LoadGenerator, job: GetJob | AwardJob): Promise<LoadResult> {
  const result = await loader.run(job);
  const probe = await fetch(`${job.origin}${API_PREFIX}/Tokens/${KEYED}/${scaleCustomerId(0)}`);
  await probe.arrayBuffer();
  return result;
}

/** One run of a job; any failed request is a problem. */
async function measure(
  loader: LoadGenerator,
  label: string,
  job: GetJob | AwardJob,
  problems: string[],
): Promise<LoadResult> {
  const result = mergeResults([await runJob(loader, job)]);
  const failure = failures(label, result);
  if (failure) problems.push(failure);
  return result;
}

/** The servers must answer the same bytes before their speeds are compared. */
async function checkParity(
  servers: { ours: string; bare: string; limit: string },
  productsEtag: string,
  problems: string[],
): Promise<void> {
  for (const read of READS) {
    const path = read.path.replace("{customer}", scaleCustomerId(7));
    const [a, b, c] = await Promise.all([
      fetch(servers.ours + path),
      fetch(servers.bare + path),
      fetch(servers.limit + path),
    ]);
    const [textA, textB, textC] = await Promise.all([a.text(), b.text(), c.text()]);
    if (a.status !== 200 || b.status !== 200 || c.status !== 200 || textA !== textB || textA !== textC)
      problems.push(
        `${read.endpoint}: ours (${a.status}), bare (${b.status}) and limit (${c.status}) answer differently: ` +
          `${textA.slice(0, 120)} / ${textB.slice(0, 120)} / ${textC.slice(0, 120)}`,
      );
  }
  const products = READS[0]?.path as string;
  for (const [name, origin] of [
    ["ours", servers.ours],
    ["limit", servers.limit],
  ] as const) {
    const response = await fetch(origin + products, { headers: { "if-none-match": productsEtag } });
    if (response.status !== 304)
      problems.push(`${PRODUCTS} with If-None-Match on ${name}: ${response.status}, not 304`);
  }
  for (const award of AWARDS) {
    for (const [name, origin] of [
      ["ours", servers.ours],
      ["bare", servers.bare],
    ] as const) {
      const body = {
        ApiKey: SCALE_API_KEY,
        RequestID: randomUUID(),
        ProjectGuid: SCALE_PROJECT_GUID,
        IsAllowance: award.isAllowance,
        CustomerID: scaleCustomerId(7),
        ...(award.isAllowance ? {} : { Wallet: WALLET }),
        Tokens: [{ ...dbLine(0), Amount: 1 }],
      };
      const response = await fetch(`${origin}${API_PREFIX}/AwardTokens`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 200 || text !== COMPLETED)
        problems.push(`${award.endpoint} on ${name}: ${response.status} ${text.slice(0, 200)}`);
    }
  }
}

type Side = "ours" | "bare" | "limit";
type Servers = Record<Side, Server>;

/**
 * Each server's runs spread over the cell, in mirrored order (ours-bare-limit-limit-bare-ours,
 * twice; or starting from another server in the next cell), so that a disturbance (another
 * process on the machine, autovacuum) hits them alike.
 */
function interleaved(sides: readonly Side[], turn: number): Side[] {
  const shift = turn % sides.length;
  const order = [...sides.slice(shift), ...sides.slice(0, shift)];
  const mirrored = [...order, ...[...order].reverse()];
  return [...mirrored, ...mirrored];
}

async function measureCells(
  backend: Backend,
  loader: LoadGenerator,
  servers: Servers,
  productsEtag: string,
  problems: string[],
): Promise<Cell[]> {
  const name = backendName(backend);
  const customers = options.scale;
  const notModified = { headers: { "if-none-match": productsEtag }, expectStatus: 304 };
  const endpoints: {
    endpoint: string;
    kind: Cell["kind"];
    sides: Side[];
    job: (origin: string, c: number, d: number) => GetJob | AwardJob;
  }[] = [
    ...READS.map((read) => ({
      endpoint: read.endpoint,
      kind: "read" as const,
      sides: ["ours", "bare", "limit"] as Side[],
      job: (origin: string, c: number, d: number) => getJob(origin, read.path, c, d, customers),
    })),
    {
      // The bare server does not keep answers, so it has nothing to compare with here.
      endpoint: `${PRODUCTS} 304 (If-None-Match)`,
      kind: "read" as const,
      sides: ["ours", "limit"],
      job: (origin: string, c: number, d: number) =>
        getJob(origin, READS[0]?.path as string, c, d, customers, notModified),
    },
    ...AWARDS.map((award) => ({
      endpoint: award.endpoint,
      kind: "write" as const,
      sides: ["ours", "bare"] as Side[],
      job: (origin: string, c: number, d: number) => awardJob(origin, award.isAllowance, c, d, customers),
    })),
  ];
  const cells: Cell[] = [];
  let turn = 0;
  for (const endpoint of endpoints) {
    for (const side of endpoint.sides) {
      await measure(
        loader,
        `${name} ${endpoint.endpoint} warm-up (${side})`,
        endpoint.job(servers[side].origin, 10, options.warmup),
        problems,
      );
    }
    for (const c of options.concurrency) {
      const runs: Record<Side, LoadResult[]> = { ours: [], bare: [], limit: [] };
      for (const side of interleaved(endpoint.sides, turn)) {
        runs[side].push(await runJob(loader, endpoint.job(servers[side].origin, c, options.duration / 4)));
      }
      turn += 1;
      const results: Partial<Record<Side, LoadResult>> = {};
      for (const side of endpoint.sides) {
        const result = mergeResults(runs[side]);
        results[side] = result;
        const failure = failures(`${name} ${endpoint.endpoint} c=${c} (${side})`, result);
        if (failure) problems.push(failure);
      }
      const cell: Cell = {
        endpoint: endpoint.endpoint,
        kind: endpoint.kind,
        concurrency: c,
        ours: results.ours as LoadResult,
        bare: results.bare ?? null,
        limit: results.limit ?? null,
      };
      cells.push(cell);
      const vs = (side: "bare" | "limit") => {
        const other = cell[side];
        return other
          ? `; ${side} ${brief(other)}; ours/${side} ${fixed(cell.ours.requestsPerSecond / other.requestsPerSecond)}`
          : "";
      };
      log(`[${backend}] ${cell.endpoint} c=${c}: ours ${brief(cell.ours)}${vs("bare")}${vs("limit")}`);
    }
  }
  return cells;
}

async function measureSustained(
  loader: LoadGenerator,
  ours: Server,
  problems: string[],
): Promise<SustainedRun[]> {
  const runs: SustainedRun[] = [];
  const c = options.sustainedConcurrency;
  for (const [label, contracts] of [
    ["direct awards, one contract", 1],
    ["direct awards, 5 contracts in turn", 5],
  ] as const) {
    log(`[postgres] sustained ${label}: ${options.sustained} s at ${c} connections…`);
    const result = await measure(
      loader,
      `PostgreSQL sustained ${label}`,
      awardJob(ours.origin, false, c, options.sustained, options.scale, contracts),
      problems,
    );
    log(`[postgres]   ${brief(result)}`);
    runs.push({ label, concurrency: c, result });
  }
  return runs;
}

/**
 * The queue (./queue-settle.ts), last, on the main data set: direct awards on token 0's DB contract
 * timed while `--queue` awards wait on token 4's, then while one funding settles them all.
 */
async function measureQueuePhase(backend: Backend, db: ServiceDb, problems: string[]): Promise<QueueResult> {
  log(`[${backend}] queue: ${options.queue} awards waiting on one contract, then one funding…`);
  const ours = await startOurs(db);
  try {
    const result = await measureQueue({
      base: `${ours.origin}${API_PREFIX}`,
      apiKey: SCALE_API_KEY,
      projectGuid: SCALE_PROJECT_GUID,
      probe: dbLine(0),
      queue: dbLine(4),
      // More than the scale fixture's project wallet holds on any contract.
      headAmount: 10_000_000_000_000,
      customer: () => scaleCustomerId(Math.floor(Math.random() * options.scale)),
      wallet: WALLET,
      awards: options.queue,
    });
    log(`[${backend}]   ${describeQueue(result)}`);
    problems.push(...result.problems.map((p) => `queue: ${p}`));
    return result;
  } finally {
    await ours.close();
  }
}

/** Differences of the scan counters, keeping tables whose rows were read by sequential scans. */
function scanDelta(before: TableScans[], after: TableScans[]): TableScans[] {
  const start = new Map(before.map((s) => [s.table, s]));
  return after
    .map((s) => {
      const b = start.get(s.table);
      return {
        table: s.table,
        seqScans: s.seqScans - (b?.seqScans ?? 0),
        seqRowsRead: s.seqRowsRead - (b?.seqRowsRead ?? 0),
        indexScans: s.indexScans - (b?.indexScans ?? 0),
      };
    })
    .filter((s) => s.seqScans > 0);
}

async function flatCost(
  backend: Backend,
  loader: LoadGenerator,
  postgres: PostgresTarget | null,
  problems: string[],
): Promise<{ runs: FlatRun[]; note: string | null }> {
  let sizes = [options.small, options.large];
  let note: string | null = null;
  if (backend === "pglite" && !options.pgliteLarge) {
    // Importing 100,000 customers into PGlite takes minutes and gigabytes; the main set shows
    // the trend there, PostgreSQL measures the large set.
    sizes = [options.small, Math.max(options.small, options.scale)];
    note =
      `on PGlite this run compares ${options.small.toLocaleString("en-US")} with ${sizes[1]?.toLocaleString("en-US")} customers: ` +
      `the ${options.large.toLocaleString("en-US")}-customer set is measured on PostgreSQL only (--pglite-large loads it here too, ` +
      "which takes minutes and gigabytes of memory).";
  }
  const runs: FlatRun[] = [];
  for (const customers of sizes) {
    log(`[${backend}] flat cost: loading ${customers} customers…`);
    const loaded = await loadDatabase(backend, customers, postgres);
    log(`[${backend}]   imported in ${loaded.importSeconds.toFixed(1)} s`);
    try {
      const database = await loaded.reopen();
      // The database's cost at each size: with answers kept, the small set would be all hits.
      const ours = await startOurs(database.db, 0);
      const path = READS[1]?.path as string;
      try {
        await measure(
          loader,
          `${backendName(backend)} Tokens warm-up (${customers} customers)`,
          getJob(ours.origin, path, 10, options.warmup, customers),
          problems,
        );
        const flat: FlatRun = { customers, importSeconds: loaded.importSeconds, runs: [], plans: [] };
        for (const c of FLAT_CONCURRENCY) {
          const result = await measure(
            loader,
            `${backendName(backend)} Tokens c=${c} (${customers} customers)`,
            getJob(ours.origin, path, c, options.duration, customers),
            problems,
          );
          flat.runs.push({ concurrency: c, result });
          log(`[${backend}]   Tokens c=${c}: ${brief(result)}`);
        }
        flat.plans = await explainCustomerReads(database.db, {
          apiKey: SCALE_API_KEY,
          projectGuid: SCALE_PROJECT_GUID,
          customerId: scaleCustomerId(Math.floor(customers / 2)),
        });
        for (const plan of flat.plans) {
          log(
            `[${backend}]   plan ${plan.query}: ${plan.scans.join(", ")} (${plan.executionMs.toFixed(3)} ms)`,
          );
          // On a small set a sequential scan can be the planner's right choice; at scale never.
          if (plan.seqScansOnBigTables.length && customers === sizes[sizes.length - 1])
            problems.push(
              `${backendName(backend)}, ${customers} customers: the ${plan.query} query scans ${plan.seqScansOnBigTables.join(", ")} sequentially`,
            );
        }
        runs.push(flat);
      } finally {
        await ours.close();
      }
    } finally {
      await loaded.dispose();
    }
  }
  return { runs, note };
}

async function benchBackend(
  backend: Backend,
  loader: LoadGenerator,
  postgres: PostgresTarget | null,
): Promise<BackendReport> {
  const started = performance.now();
  const problems: string[] = [];
  log(`\n[${backend}] loading ${options.scale} customers…`);
  const loaded = await loadDatabase(backend, options.scale, postgres);
  log(`[${backend}] imported in ${loaded.importSeconds.toFixed(1)} s`);
  let version = "";
  let cells: Cell[] = [];
  let sustained: SustainedRun[] = [];
  let scans: TableScans[] | null = null;
  let sustainedScans: TableScans[] | null = null;
  let queue: QueueResult | null = null;
  try {
    // A fresh pool, so that the import's sessions have reported their scan counters.
    let database = await loaded.reopen();
    version = await serverVersion(database);
    const counters = async () => {
      if (!postgres) return null;
      await sleep(500);
      return tableScans(postgres.adminUrl, options.scale);
    };
    const before = await counters();
    const ours = await startOurs(database.db);
    const bare = await startBareServer(database.db);
    log(`[${backend}] capturing our answers to every read for the limit server…`);
    const answers = await captureAnswers(ours.origin, readPaths(options.scale));
    const limit = await startLimitServer(answers);
    try {
      const productsEtag = answers.get(READS[0]?.path as string)?.etag;
      if (!productsEtag) throw new Error(`${PRODUCTS} answered without an ETag`);
      await checkParity(
        { ours: ours.origin, bare: bare.origin, limit: limit.origin },
        productsEtag,
        problems,
      );
      cells = await measureCells(backend, loader, { ours, bare, limit }, productsEtag, problems);
    } finally {
      await ours.close();
      await bare.close();
      await limit.close();
    }
    if (postgres) {
      // Closing the pool makes its sessions report their counters.
      database = await loaded.reopen();
      const after = await counters();
      if (before && after) scans = scanDelta(before, after);
      // The sustained run starts on new sessions: sessions keep the plans of their foreign-key
      // checks, and those planned while a table was nearly empty (ledger_transactions holds one
      // row after the import) scan it sequentially for as long as the session lives.
      const fresh = await startOurs(database.db);
      try {
        sustained = await measureSustained(loader, fresh, problems);
      } finally {
        await fresh.close();
      }
      database = await loaded.reopen();
      const end = await counters();
      if (after && end) sustainedScans = scanDelta(after, end).filter((s) => BIG_TABLES.has(s.table));
    }
    if (options.queue > 0) queue = await measureQueuePhase(backend, database.db, problems);
  } finally {
    await loaded.dispose();
  }
  const flat = await flatCost(backend, loader, postgres, problems);
  return {
    backend,
    serverVersion: version,
    scale: options.scale,
    importSeconds: loaded.importSeconds,
    cells,
    sustained,
    flat: flat.runs,
    flatNote: flat.note,
    scans,
    sustainedScans,
    queue,
    problems,
    seconds: elapsed(started),
  };
}

function machine(): RunReport["machine"] {
  let pglite = "unknown";
  try {
    // The package does not export its package.json; read it from where npm put it.
    const file = new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url);
    pglite = (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {}
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.versions.node,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    pglite,
  };
}

async function main(): Promise<number> {
  const started = new Date();
  const clock = performance.now();
  const command = `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}`;
  log(`${command}: ${JSON.stringify(options)}`);
  const loads: number[] = [];
  const sampleLoad = () => loads.push(os.loadavg()[0] ?? 0);
  sampleLoad();
  const loadSampler = setInterval(sampleLoad, 10_000);
  const loader = startLoadGenerator();
  let cluster: ThrowawayPostgres | null = null;
  const stopAll = () => {
    loader.stop();
    cluster?.stop();
    cluster = null;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nbench: ${signal}, stopping`);
    stopAll();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const reports: BackendReport[] = [];
  const problems: string[] = [];
  let complete = true;
  try {
    for (const backend of options.backends) {
      try {
        let postgres: PostgresTarget | null = null;
        if (backend === "postgres") {
          log("\n[postgres] starting a throwaway PostgreSQL cluster…");
          cluster = await startThrowawayPostgres("bench_admin", { durable: true });
          postgres = { adminUrl: cluster.url, poolSize: options.poolSize };
        }
        const report = await benchBackend(backend, loader, postgres);
        reports.push(report);
        problems.push(...report.problems.map((p) => `${backendName(backend)}: ${p}`));
        printBackend(report);
      } catch (error) {
        complete = false;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        problems.push(`${backendName(backend)}: the run stopped: ${message.split("\n")[0]}`);
        console.error(`[${backend}] failed:`, error);
      } finally {
        if (backend === "postgres") {
          cluster?.stop();
          cluster = null;
        }
      }
    }
  } finally {
    stopAll();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }

  clearInterval(loadSampler);
  sampleLoad();
  const loadAverage = {
    atStart: loads[0] ?? 0,
    min: Math.min(...loads),
    max: Math.max(...loads),
    mean: loads.reduce((a, b) => a + b, 0) / loads.length,
  };
  const seconds = elapsed(clock);
  log(
    `1-minute load average during the run: ${loadAverage.min.toFixed(1)}–${loadAverage.max.toFixed(1)} (mean ${loadAverage.mean.toFixed(1)})`,
  );
  log(`\nthe run took ${(seconds / 60).toFixed(1)} minutes`);
  if (options.writeDoc) {
    if (complete) {
      const document = renderDocument({
        started,
        seconds,
        machine: machine(),
        command,
        options,
        backends: reports,
        problems,
        loadAverage,
      });
      // Other benchmarks' sections (e.g. the console's bundle sizes) stay as they were.
      const kept = existsSync(DOC) ? markedSections(readFileSync(DOC, "utf8")) : [];
      writeFileSync(DOC, `${[document.trimEnd(), ...kept].join("\n\n")}\n`);
      log(`wrote ${DOC.pathname}`);
    } else {
      log("docs/benchmarks.md left as it was: a backend did not finish.");
    }
  }
  if (problems.length) {
    console.error(`\nbench: ${problems.length} problem(s):`);
    for (const problem of problems) console.error(`- ${problem}`);
    return 1;
  }
  return 0;
}

// Exit explicitly: a benchmark that hangs on a forgotten handle is worse than one that stops.
process.exit(await main());
