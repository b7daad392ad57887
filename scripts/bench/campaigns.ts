import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { AuditActor } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import { batchCounts } from "@/lib/bulk/batch-store";
import { IN_FLIGHT, sendBatchRows } from "@/lib/bulk/sender";
import { CampaignInput } from "@/lib/campaigns/campaign-input";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { saveListFromFile } from "@/lib/campaigns/player-lists";
import { runDueOccurrences } from "@/lib/campaigns/run-occurrence";
import type { ServiceConnection } from "@/lib/client/call-service";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { DEMO_KEY, DEMO_PROJECT, GOLD, prepareDemoService, rate, type ServiceBackend } from "./demo-service";
import { withSection } from "./doc-sections";

/**
 * A campaign's occurrence of 100,000 players (issue 32's target; docs/console.md, "Campaigns"):
 * the list saved from a streamed file, the occurrence written by the scheduler's step as a bulk
 * batch, then sent by the console's sender — against the service's own rate for the same awards
 * sent straight to it, before and after, in the same run. Each backend in turn: the service and the
 * console's trail on one PostgreSQL (durable defaults), or each on a file-backed PGlite (the demo).
 *
 *   npm run bench:campaigns            (BENCH_CAMPAIGN_PLAYERS=100000, BENCH_CAMPAIGN_BACKENDS=postgres,pglite)
 */
const PLAYERS = Number(process.env.BENCH_CAMPAIGN_PLAYERS ?? 100_000);
/** The service's own awards, sent in this many turns before the occurrence and as many after. */
const OWN_TURNS = 4;
const OWN_PER_TURN = Number(process.env.BENCH_CAMPAIGN_OWN ?? 2_500);
const SHARE_TARGET = 0.9;
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);

const award = (customer: string) =>
  `{"ApiKey":"${DEMO_KEY}","RequestID":"${randomUUID()}","ProjectGuid":"${DEMO_PROJECT}","IsAllowance":true,` +
  `"CustomerID":"${customer}","Tokens":[{"Guid":"${GOLD.Guid}","ContractGuid":"${GOLD.ContractGuid}","Amount":1.5}]}`;

interface Measured {
  listSeconds: number;
  writeSeconds: number;
  sendSeconds: number;
  consoleRate: number;
  ownBefore: number;
  ownAfter: number;
  share: number;
}

/** The service's own rate over `turns` turns of fresh players: rows over the turns' own time. */
async function ownRate(base: string, tag: string): Promise<number> {
  let seconds = 0;
  for (let turn = 0; turn < OWN_TURNS; turn += 1) {
    const bodies = Array.from({ length: OWN_PER_TURN }, (_, i) => award(`own-${tag}-${turn}-${i}`));
    seconds += OWN_PER_TURN / (await rate(base, "/AwardTokens", bodies, '"Status":"Completed"', IN_FLIGHT));
  }
  return (OWN_TURNS * OWN_PER_TURN) / seconds;
}

async function measure(backend: ServiceBackend): Promise<Measured> {
  const demo = await prepareDemoService(backend, "campaigns");
  const { cluster, base, port } = demo;
  let opened: ConsoleDatabase | null = null;
  try {
    await demo.start();
    const database = await openConsoleDatabase(
      cluster
        ? { driver: "postgres", url: cluster.url, poolSize: 10 }
        : { driver: "pglite", folder: join(demo.folder, "console"), ownThread: true },
    );
    opened = database;
    await migrateConsoleDatabase(database);
    const connection: ServiceConnection = {
      baseUrl: base,
      projectGuid: DEMO_PROJECT,
      apiKey: DEMO_KEY,
      addresses: { allowedHosts: new Set([`127.0.0.1:${port}`]) },
    };
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

    const ownBefore = await ownRate(base, `${run}-before`);
    t0 = performance.now();
    const round = await runDueOccurrences(
      database.db,
      async () => connection,
      new Date(start.getTime() + 60_000),
    );
    const writeSeconds = (performance.now() - t0) / 1000;
    const batchId = round.sent[0]?.batchId;
    if (batchId === undefined) throw new Error(`the occurrence did not run: ${JSON.stringify(round)}`);
    t0 = performance.now();
    await sendBatchRows(database.db, connection, batchId, { actorEmail: user.email });
    const sendSeconds = (performance.now() - t0) / 1000;
    const counts = await batchCounts(database.db, batchId);
    if (counts.completed !== PLAYERS)
      throw new Error(`expected ${PLAYERS} completed rows, got ${JSON.stringify(counts)}`);
    const ownAfter = await ownRate(base, `${run}-after`);
    const consoleRate = PLAYERS / sendSeconds;
    return {
      listSeconds,
      writeSeconds,
      sendSeconds,
      consoleRate,
      ownBefore,
      ownAfter,
      share: consoleRate / ((ownBefore + ownAfter) / 2),
    };
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
      `| ${NAMES[backend]} | ${s(m.listSeconds)} | ${s(m.writeSeconds)} | ${s(m.sendSeconds)} | ${r(m.consoleRate)} | ${r(m.ownBefore)}, ${r(m.ownAfter)} | **${m.share.toFixed(2)} ×** | ${m.share >= SHARE_TARGET ? "met" : "NOT met"} |`,
  );
  const body = `## Console: a campaign's occurrence of ${PLAYERS.toLocaleString("en")} players

Recorded by \`npm run bench:campaigns\` (scripts/bench/campaigns.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0]?.toFixed(1)} at the end).
The service runs in its own process with the demo project, rate limit off. A list of
${PLAYERS.toLocaleString("en")} players is saved from a streamed file, a campaign of one GOLD allowance per player
is created, and the scheduler's step writes its occurrence as a bulk batch (every row with its
RequestID, the daily limits counted), which the console's sender then sends with ${IN_FLIGHT} in flight. The
service's own rate is the same awards (one GOLD allowance, each to a player of its own) sent
straight to it with ${IN_FLIGHT} in flight, ${OWN_TURNS} turns of ${OWN_PER_TURN.toLocaleString("en")} before the occurrence and as many after;
the share is the console's sending rate over the mean of the two. Issue 32's target: ${SHARE_TARGET} ×.

| service and trail on | save the list | write the occurrence | send it | the console's rate | the service's own (before, after) | share | target |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
  writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "campaigns", body));
  console.log(body);
  if ([...results.values()].some((m) => m.share < SHARE_TARGET)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
