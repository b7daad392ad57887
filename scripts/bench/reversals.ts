import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createUser } from "@/lib/auth/users";
import { writeBatchReversal } from "@/lib/awards/lifecycle/reversal-rows";
import { rowReversalId } from "@/lib/bulk/batch-reversal";
import { batchCounts, batchRows, writeBatch } from "@/lib/bulk/batch-store";
import { parseAwardCsv } from "@/lib/bulk/csv";
import { fileSha256 } from "@/lib/bulk/request-ids";
import { reversalPlan } from "@/lib/bulk/reversal-plan";
import { sendReversalRows } from "@/lib/bulk/reversal-sender";
import { IN_FLIGHT, sendBatchRows } from "@/lib/bulk/sender";
import { dryRun } from "@/lib/bulk/validate";
import { listProjectTokens } from "@/lib/client/catalogue";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { openBenchTrail } from "./bench-trail";
import { DEMO_KEY, DEMO_PROJECT, GOLD, prepareDemoService, rate, type ServiceBackend } from "./demo-service";
import { withSection } from "./doc-sections";

const N = Number(process.env.BENCH_REVERSALS ?? 2000);
const BATCH_ROWS = Number(process.env.BENCH_REVERSAL_BATCH_ROWS ?? 2000);
/** Reversals sent straight to the service before and after each round's batch. */
const OWN_ROWS = Math.max(1, Math.floor(BATCH_ROWS / 2));
/** Rounds of the batch comparison: its share moves from run to run on a busy machine. */
const ROUNDS = 3;
/** Slices of a round, the service's own and the console's taking turns. */
const SLICES = 4;
/** Issue 29: the console's batch reversal over the service's own reversal rate. */
const SHARE_TARGET = 0.9;
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);

const award = (requestId: string, customer: string, isAllowance: boolean) =>
  `{"ApiKey":"${DEMO_KEY}","RequestID":"${requestId}","ProjectGuid":"${DEMO_PROJECT}","IsAllowance":${isAllowance},` +
  `"CustomerID":"${customer}",${isAllowance ? "" : '"Wallet":"bench-wallet",'}` +
  `"Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":1.5}]}`;
const reversal = (requestId: string) =>
  `{"ApiKey":"${DEMO_KEY}","ReversalID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT}","RequestID":"${requestId}","Reason":"benchmark"}`;

/** Awards of one kind, then a reversal of each: awards/s and reversals/s in the same run. */
async function awardsThenReversals(base: string, isAllowance: boolean, run: string) {
  const ids = Array.from({ length: N }, () => randomUUID());
  const awards = await rate(
    base,
    "/AwardTokens",
    ids.map((id, i) => award(id, `${run}-${i}`, isAllowance)),
    '"Status":"Completed"',
    IN_FLIGHT,
  );
  const reversals = await rate(base, "/ReverseAward", ids.map(reversal), '"Status":"Reversed"', IN_FLIGHT);
  return { awards, reversals };
}

type Backend = ServiceBackend;

/** One round of the batch comparison: the console's rate, and the service's own over the same round. */
interface Round {
  consoleRate: number;
  ownRate: number;
  share: number;
}

interface Measured {
  allowance: { awards: number; reversals: number };
  direct: { awards: number; reversals: number };
  rounds: Round[];
  /** The round of the median share. */
  median: Round;
}

/** One backend: the service on a throwaway PostgreSQL (durable defaults) or a file-backed PGlite (as the demo runs it). */
async function measure(backend: Backend): Promise<Measured> {
  const demo = await prepareDemoService(backend, "reversals");
  const { base } = demo;
  let opened: ConsoleDatabase | null = null;
  try {
    await demo.start();
    const { database, connection } = await openBenchTrail(demo);
    opened = database;
    // Enough GOLD in the project wallet for every direct award of the run.
    await rate(
      base,
      "/FundWallet",
      [
        `{"ApiKey":"${DEMO_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT}","Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":${4 * N}}]}`,
      ],
      '"Status":"Completed"',
      IN_FLIGHT,
    );
    const run = Date.now().toString(36);
    // Warm-up: the service's statements planned, its caches filled.
    await awardsThenReversals(base, true, `warm-${run}`);
    const allowance = await awardsThenReversals(base, true, `a-${run}`);
    const direct = await awardsThenReversals(base, false, `d-${run}`);

    // A batch reversed through the console's code, against the service's own rate for the same
    // kind of reversals (allowances to players of their own) before and after it.
    await migrateConsoleDatabase(database);
    const actor = await createUser(database.db, {
      email: "bench@studio.test",
      role: "manager",
      password: "benchmark password",
    });
    /** A batch of `rows` allowances written and sent through the console: its trail rows. */
    const sentBatch = async (tag: string, rows: number) => {
      const lines = ["customer_id,token,contract,amount,mode,wallet,mintable"];
      for (let i = 1; i <= rows; i += 1)
        lines.push(`undo-${tag}-${i},GOLD,DB,${i}0.000000000000000001,allowance,,`);
      const bytes = new TextEncoder().encode(`${lines.join("\n")}\n`);
      const parsed = parseAwardCsv(bytes);
      if (!parsed.ok) throw new Error(parsed.error);
      const { batch } = await writeBatch(
        database.db,
        {
          fileName: `wrong-${tag}.csv`,
          fileSha256: fileSha256(bytes),
          connection: "env",
          baseUrl: base,
          projectGuid: DEMO_PROJECT,
          actorId: actor.id,
          actorEmail: actor.email,
          reason: "benchmark",
        },
        dryRun(parsed.rows, (await listProjectTokens(connection)).Data.Tokens).rows,
      );
      await sendBatchRows(database.db, connection, batch.id, { actorEmail: actor.email });
      return batch;
    };
    // Each round alternates slices: the service's own reversals, then a batch reversed through the
    // console, SLICES times, so that a service that speeds up or slows down during the round
    // (PostgreSQL's checkpoints, autovacuum after thousands of writes) weighs on both alike.
    const round = async (k: number): Promise<Round> => {
      const slice = Math.max(1, Math.floor(BATCH_ROWS / SLICES));
      const ownSlice = Math.max(1, Math.floor(OWN_ROWS / SLICES));
      const batches = [];
      for (let s = 1; s <= SLICES; s += 1) batches.push(await sentBatch(`${run}-${k}-${s}`, slice));
      const ownIds = Array.from({ length: SLICES }, () =>
        Array.from({ length: ownSlice }, () => randomUUID()),
      );
      for (const [s, ids] of ownIds.entries())
        await rate(
          base,
          "/AwardTokens",
          ids.map((id, i) => award(id, `own-${run}-${k}-${s}-${i}`, true)),
          '"Status":"Completed"',
          IN_FLIGHT,
        );
      let ownSeconds = 0;
      let consoleSeconds = 0;
      for (const [s, batch] of batches.entries()) {
        const ids = ownIds[s] as string[];
        ownSeconds +=
          ids.length /
          (await rate(base, "/ReverseAward", ids.map(reversal), '"Status":"Reversed"', IN_FLIGHT));
        const rows = await batchRows(database.db, batch.id);
        const awardIds = new Map(rows.map((row) => [row.requestId, row.id]));
        const { record } = await writeBatchReversal(
          database.db,
          batch,
          { actorId: actor.id, actorEmail: actor.email, reason: "benchmark" },
          reversalPlan(rows, () => "DB").rows.map((row) => ({
            awardId: awardIds.get(row.requestId) as number,
            reversalId: rowReversalId(row.requestId),
            line: row.line,
          })),
          () => ({
            actor: { id: actor.id, email: actor.email, client: "bench", userAgent: "bench" },
            event: { kind: "batch.reversed", summary: "benchmark" },
          }),
        );
        const t0 = performance.now();
        await sendReversalRows(database.db, connection, record.id, { symbolOf: (guid) => guid });
        consoleSeconds += (performance.now() - t0) / 1000;
        const counts = await batchCounts(database.db, batch.id);
        if (counts.reversed !== slice)
          throw new Error(`expected ${slice} reversed rows, got ${JSON.stringify(counts)}`);
      }
      const consoleRate = (slice * SLICES) / consoleSeconds;
      const ownRate = (ownSlice * SLICES) / ownSeconds;
      return { consoleRate, ownRate, share: consoleRate / ownRate };
    };
    const rounds: Round[] = [];
    for (let k = 1; k <= ROUNDS; k += 1) rounds.push(await round(k));
    const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(ROUNDS / 2)] as Round;
    return { allowance, direct, rounds, median };
  } finally {
    await opened?.close();
    await demo.stop();
  }
}

const NAMES: Record<Backend, string> = {
  postgres: "PostgreSQL (durable defaults: fsync and synchronous_commit on)",
  pglite: "file-backed PGlite, durable (as `npm run demo` runs it)",
};

async function main(): Promise<void> {
  const results = new Map<Backend, Measured>();
  const backends = (process.env.BENCH_REVERSAL_BACKENDS ?? "postgres,pglite").split(",") as Backend[];
  for (const backend of backends) {
    console.log(`${backend}…`);
    results.set(backend, await measure(backend));
  }
  const r = (n: number) => n.toFixed(0);
  const rows = [...results].flatMap(([backend, m]) => [
    `| ${backend === "postgres" ? "PostgreSQL" : "PGlite"} | allowance | ${r(m.allowance.awards)} | ${r(m.allowance.reversals)} |`,
    `| ${backend === "postgres" ? "PostgreSQL" : "PGlite"} | direct (database wallet → project wallet) | ${r(m.direct.awards)} | ${r(m.direct.reversals)} |`,
  ]);
  const shares = [...results].map(
    ([backend, m]) =>
      `| ${NAMES[backend]} | ${r(m.median.consoleRate)}/s | ${r(m.median.ownRate)}/s | **${m.median.share.toFixed(2)} ×** (rounds: ${m.rounds.map((x) => x.share.toFixed(2)).join(", ")}) | ${m.median.share >= SHARE_TARGET ? "met" : "NOT met"} |`,
  );
  const body = `## Service and console: reversals

Recorded by \`npm run bench:reversals\` (scripts/bench/reversals.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0]?.toFixed(1)} at the end).
The service runs in its own process with the demo project, rate limit off, on each backend in turn;
every request goes over HTTP with ${IN_FLIGHT} in flight (as the console's senders send), each to a player
of its own, after a warm-up round. ${N.toLocaleString("en")} awards of one GOLD line, then a reversal of each
(whole: \`Tokens\` omitted):

| backend | kind | awards/s | reversals/s |
|---|---|---|---|
${rows.join("\n")}

Batches of allowances sent through the console, then reversed as batches through the console's
code (their reversals written to the trail, then sent by the server-side sender; the console's
trail on the same PostgreSQL as the service, or on a file-backed PGlite of its own beside the
PGlite service), against the service's own rate for the same reversals sent straight to it. A
round is ${SLICES} turns of ${Math.floor(OWN_ROWS / SLICES).toLocaleString("en")} reversals straight at the service, then a ${Math.floor(BATCH_ROWS / SLICES).toLocaleString("en")}-row batch reversed through
the console (${BATCH_ROWS.toLocaleString("en")} rows in all), so that a service that speeds up or slows down during the round weighs
on both alike; each rate is its rows over its own time. ${ROUNDS} rounds per backend; the table shows the
round of the median share, and every round's share. Issue 29's target: ${SHARE_TARGET} × (the median).

| service on | the console's batch reversal | the service's own, same round | share | target |
|---|---|---|---|---|
${shares.join("\n")}`;
  writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "reversals", body));
  console.log(body);
  if ([...results.values()].some((m) => m.median.share < SHARE_TARGET)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
