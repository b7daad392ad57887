import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import type { AuditActor } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import { batchCounts } from "@/lib/bulk/batch-store";
import { IN_FLIGHT, sendBatchRows } from "@/lib/bulk/sender";
import { CampaignInput } from "@/lib/campaigns/campaign-input";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { saveListFromFile } from "@/lib/campaigns/player-lists";
import { runDueOccurrences } from "@/lib/campaigns/run-occurrence";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { openBenchTrail } from "./bench-trail";
import { DEMO_KEY, DEMO_PROJECT, GOLD, prepareDemoService, rate, type ServiceBackend } from "./demo-service";
import { withSection } from "./doc-sections";

/**
 * A campaign's occurrence of 100,000 players (issue 32's target; docs/console.md, "Campaigns"):
 * the list saved from a streamed file, the occurrence written by the scheduler's step as a bulk
 * batch, then sent by the console's sender — against the service's own rate for the same awards
 * sent straight to it, taking turns in the same run. Each backend in turn: the service and the
 * console's trail on one PostgreSQL (durable defaults), or each on a file-backed PGlite (the demo).
 *
 *   npm run bench:campaigns            (BENCH_CAMPAIGN_PLAYERS=100000, BENCH_CAMPAIGN_BACKENDS=postgres,pglite)
 */
const PLAYERS = Number(process.env.BENCH_CAMPAIGN_PLAYERS ?? 100_000);
/**
 * Rounds of the comparison, each of SLICES turns: the service's own awards, then the next part of
 * the occurrence sent by the console's sender — so that a service that speeds up or slows down
 * while the occurrence is sent (its database growing by 100,000 awards, PostgreSQL's checkpoints)
 * weighs on both alike, as in the reversals benchmark.
 */
const ROUNDS = 3;
const SLICES = 4;
const OWN_PER_TURN = Number(process.env.BENCH_CAMPAIGN_OWN ?? 1_000);
const SHARE_TARGET = 0.9;
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);

const award = (customer: string) =>
  `{"ApiKey":"${DEMO_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT}","IsAllowance":true,` +
  `"CustomerID":"${customer}","Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":1.5}]}`;

interface Round {
  consoleRate: number;
  ownRate: number;
  share: number;
}

interface Measured {
  listSeconds: number;
  writeSeconds: number;
  sendSeconds: number;
  rounds: Round[];
  /** The round of the median share. */
  median: Round;
}

async function measure(backend: ServiceBackend): Promise<Measured> {
  const demo = await prepareDemoService(backend, "campaigns");
  const { base } = demo;
  let opened: ConsoleDatabase | null = null;
  try {
    await demo.start();
    const { database, connection } = await openBenchTrail(demo);
    opened = database;
    await migrateConsoleDatabase(database);
    const user = await createUser(database.db, {
      email: "bench@studio.test",
      role: "manager",
      password: "benchmark password",
    });
    const actor: AuditActor = { id: user.id, email: user.email, client: "bench", userAgent: "bench" };
    const run = Date.now().toString(36);
    // Warm-up: the service's statements planned, its caches filled.
    await rate(
      base,
      "/AwardTokens",
      Array.from({ length: 1000 }, (_, i) => award(`warm-${run}-${i}`)),
      '"Status":"Completed"',
      IN_FLIGHT,
    );

    async function* file() {
      const encoder = new TextEncoder();
      yield encoder.encode("customer_id\n");
      for (let start = 0; start < PLAYERS; start += 10_000) {
        const rows = Array.from(
          { length: Math.min(10_000, PLAYERS - start) },
          (_, i) => `camp-${run}-${start + i + 1}`,
        );
        yield encoder.encode(`${rows.join("\n")}\n`);
      }
    }
    let t0 = performance.now();
    const owner = {
      connection: "env",
      projectGuid: DEMO_PROJECT,
      project: "Demo",
      userId: user.id,
      email: user.email,
    };
    const list = await saveListFromFile(database.db, owner, actor, {
      name: "Everyone",
      fileName: "everyone.csv",
      body: file(),
    });
    const listSeconds = (performance.now() - t0) / 1000;
    const start = new Date(Date.now() + 60_000);
    await createCampaign(
      { db: database.db, chosen: { ref: "env", name: "Demo" }, connection },
      user,
      CampaignInput.parse({
        name: "Season reward",
        reason: "benchmark",
        listId: list.id,
        mode: "allowance",
        lines: [{ token: GOLD.Guid, contract: GOLD.ContractGuid, amount: "1.5" }],
        repeat: "once",
        start: start.toISOString().slice(0, 16),
        timeZone: "UTC",
        every: "",
        until: "",
        count: "",
        rrule: "",
      }),
      actor,
    );

    t0 = performance.now();
    const round = await runDueOccurrences(
      database.db,
      async () => connection,
      new Date(start.getTime() + 60_000),
    );
    const writeSeconds = (performance.now() - t0) / 1000;
    const batchId = round.sent[0]?.batchId;
    if (batchId === undefined) throw new Error(`the occurrence did not run: ${JSON.stringify(round)}`);
    const slice = Math.ceil(PLAYERS / (ROUNDS * SLICES));
    let sendSeconds = 0;
    const rounds: Round[] = [];
    for (let k = 0; k < ROUNDS; k += 1) {
      let own = 0;
      let mine = 0;
      let sent = 0;
      for (let turn = 0; turn < SLICES; turn += 1) {
        const bodies = Array.from({ length: OWN_PER_TURN }, (_, i) => award(`own-${run}-${k}-${turn}-${i}`));
        own += OWN_PER_TURN / (await rate(base, "/AwardTokens", bodies, '"Status":"Completed"', IN_FLIGHT));
        const before = (await batchCounts(database.db, batchId)).completed;
        const t1 = performance.now();
        await sendBatchRows(database.db, connection, batchId, { actorEmail: user.email, maxRows: slice });
        mine += (performance.now() - t1) / 1000;
        sent += (await batchCounts(database.db, batchId)).completed - before;
      }
      sendSeconds += mine;
      const consoleRate = sent / mine;
      const ownRate = (SLICES * OWN_PER_TURN) / own;
      rounds.push({ consoleRate, ownRate, share: consoleRate / ownRate });
    }
    const counts = await batchCounts(database.db, batchId);
    if (counts.completed !== PLAYERS)
      throw new Error(`expected ${PLAYERS} completed rows, got ${JSON.stringify(counts)}`);
    const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(ROUNDS / 2)] as Round;
    return { listSeconds, writeSeconds, sendSeconds, rounds, median };
  } finally {
    await opened?.close();
    await demo.stop();
  }
}

const NAMES: Record<ServiceBackend, string> = {
  postgres: "PostgreSQL (durable defaults), the trail on the same server",
  pglite: "file-backed PGlite, durable (as `npm run demo` runs it), the trail on its own",
};

async function main(): Promise<void> {
  const backends = (process.env.BENCH_CAMPAIGN_BACKENDS ?? "postgres,pglite").split(",") as ServiceBackend[];
  const results = new Map<ServiceBackend, Measured>();
  for (const backend of backends) {
    console.log(`${backend}…`);
    results.set(backend, await measure(backend));
  }
  const s = (n: number) => `${n.toFixed(1)} s`;
  const r = (n: number) => `${n.toFixed(0)}/s`;
  const rows = [...results].map(
    ([backend, m]) =>
      `| ${NAMES[backend]} | ${s(m.listSeconds)} | ${s(m.writeSeconds)} | ${s(m.sendSeconds)} | ${r(m.median.consoleRate)} | ${r(m.median.ownRate)} | **${m.median.share.toFixed(2)} ×** (rounds: ${m.rounds.map((x) => x.share.toFixed(2)).join(", ")}) | ${m.median.share >= SHARE_TARGET ? "met" : "NOT met"} |`,
  );
  const body = `## Console: a campaign's occurrence of ${PLAYERS.toLocaleString("en")} players

Recorded by \`npm run bench:campaigns\` (scripts/bench/campaigns.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0]?.toFixed(1)} at the end).
The service runs in its own process with the demo project, rate limit off. A list of
${PLAYERS.toLocaleString("en")} players is saved from a streamed file, a campaign of one GOLD allowance per player
is created, and the scheduler's step writes its occurrence as a bulk batch (every row with its
RequestID, the daily limits counted), which the console's sender then sends with ${IN_FLIGHT} in flight. The
service's own rate is the same awards (one GOLD allowance, each to a player of its own) sent
straight to it with ${IN_FLIGHT} in flight. The two take turns while the one occurrence is sent: ${ROUNDS} rounds of
${SLICES} turns, each turn ${OWN_PER_TURN.toLocaleString("en")} of the service's own awards, then the next ${Math.ceil(PLAYERS / (ROUNDS * SLICES)).toLocaleString("en")} rows of the occurrence
through the console's sender (\`maxRows\`), so that a service that slows down as its database grows
weighs on both alike; each rate is its rows over its own time. The table shows the round of the
median share, and every round's share. Issue 32's target: ${SHARE_TARGET} ×.

| service and trail on | save the list | write the occurrence | send it (all rounds) | the console's rate | the service's own | share | target |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
  writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "campaigns", body));
  console.log(body);
  if ([...results.values()].some((m) => m.median.share < SHARE_TARGET)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
