import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { createUser } from "@/lib/auth/users";
import { batchCounts, writeBatch } from "@/lib/bulk/batch-store";
import { parseAwardCsv } from "@/lib/bulk/csv";
import { fileSha256 } from "@/lib/bulk/request-ids";
import { IN_FLIGHT, sendBatchRows } from "@/lib/bulk/sender";
import { type BulkRow, dryRun } from "@/lib/bulk/validate";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { getCustomerTokens } from "@/lib/client/holdings";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { DEMO_KEY, DEMO_PROJECT, prepareDemoService, rate } from "./demo-service";
import { withSection } from "./doc-sections";

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const TARGET = 200;
/** Issue 11: the console's send rate over the service's own rate for the same awards. */
const SHARE_TARGET = 0.9;
/** Awards sent straight to the service before the console's send, and as many after it. */
const DIRECT_ROWS = Math.max(1, Math.floor(ROWS / 4));
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);

/** Every fifth row a direct distribution of GOLD (the demo wallet holds 10,000), the rest allowances. */
function file(rows: number, run: string): Uint8Array {
  const lines = ["customer_id,token,contract,amount,mode,wallet,mintable"];
  for (let i = 1; i <= rows; i += 1) {
    const customer = `bench-${run}-${i}`;
    if (i % 5 === 0) lines.push(`${customer},GOLD,DB,0.5,direct,db-wallet-${i},`);
    else lines.push(`${customer},GOLD,DB,${i}.000000000000000001,allowance,,`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/**
 * The service's own rate for the rows' awards: each row's award sent straight to it as one
 * request (a fresh RequestID, the row's player prefixed by `run`), `IN_FLIGHT` at a time over
 * keep-alive sockets, as the console's sender sends them. Rows per second; every answer must be
 * 200 Completed.
 */
async function serviceRate(
  base: string,
  rows: readonly BulkRow[],
  run: string,
): Promise<{ rate: number; seconds: number }> {
  const bodies = rows.map(
    (row) =>
      JSON.stringify({
        ApiKey: DEMO_KEY,
        RequestID: randomUUID(),
        ProjectGuid: DEMO_PROJECT,
        IsAllowance: row.mode === "allowance",
        IsMintable: row.mintable,
        CustomerID: `${run}-${row.customerId}`,
        ...(row.mode === "direct" ? { Wallet: row.wallet } : {}),
        Tokens: [{ Guid: row.tokenGuid, ContractGuid: row.contractGuid, Amount: "AMOUNT" }],
      }).replace('"AMOUNT"', row.amount), // a JSON number literal with every digit of the row
  );
  const perSecond = await rate(base, "/AwardTokens", bodies, '"Status":"Completed"', IN_FLIGHT);
  return { rate: perSecond, seconds: rows.length / perSecond };
}

async function main(): Promise<void> {
  // Rate limit off: at 8 in flight the service's own rate comes in bursts above the demo's 1,000
  // requests a second per key, and a refused request would measure the limiter, not the console.
  const demo = await prepareDemoService("pglite", "bulk");
  const { base, port } = demo;
  let opened: ConsoleDatabase | null = null;
  try {
    await demo.start();
    // On a thread of its own, as the console opens its embedded database (lib/db/console-db.ts).
    const database = await openConsoleDatabase({
      driver: "pglite",
      folder: join(demo.folder, "console"),
      ownThread: true,
    });
    opened = database;
    // The service listens on loopback, which the console calls only where allowed, as the demo allows its own.
    const connection: ServiceConnection = {
      baseUrl: base,
      projectGuid: DEMO_PROJECT,
      apiKey: DEMO_KEY,
      addresses: { allowedHosts: new Set([`127.0.0.1:${port}`]) },
    };
    await migrateConsoleDatabase(database);
    const actor = await createUser(database.db, {
      email: "bench@studio.test",
      role: "manager",
      password: "benchmark password",
    });

    const bytes = file(ROWS, Date.now().toString(36));
    const t0 = performance.now();
    const parsed = parseAwardCsv(bytes);
    if (!parsed.ok) throw new Error(parsed.error);
    const checked = dryRun(parsed.rows, (await listProjectTokens(connection)).Data.Tokens);
    if (checked.errors.length > 0) throw new Error(`dry run: ${checked.errors[0]?.problems.join("; ")}`);
    const t1 = performance.now();
    const { batch } = await writeBatch(
      database.db,
      {
        fileName: "bench.csv",
        fileSha256: fileSha256(bytes),
        connection: "env",
        baseUrl: base,
        projectGuid: DEMO_PROJECT,
        actorId: actor.id,
        actorEmail: actor.email,
        reason: "benchmark",
      },
      checked.rows,
    );
    // The service's own rate for the same kind of awards, before the console's send …
    const direct = checked.rows.slice(0, DIRECT_ROWS);
    const before = await serviceRate(base, direct, "own-before");

    const t2 = performance.now();
    let sent = 0;
    const progress = setInterval(() => console.log(`  ${sent} rows answered`), 5000);
    await sendBatchRows(database.db, connection, batch.id, {
      actorEmail: actor.email,
      onRow: () => {
        sent += 1;
      },
    });
    clearInterval(progress);
    const t3 = performance.now();
    // … and after it, so that a machine that slows down or speeds up meanwhile shows.
    const after = await serviceRate(base, direct, "own-after");

    const counts = await batchCounts(database.db, batch.id);
    if (counts.completed !== ROWS)
      throw new Error(`expected ${ROWS} completed rows, got ${JSON.stringify(counts)}`);
    // Spot checks: the service holds exactly what the rows said.
    for (const row of [checked.rows[0], checked.rows[4], checked.rows.at(-1)]) {
      if (!row) continue;
      const tokens = await getCustomerTokens(connection, row.customerId);
      const total = tokens.Data.Tokens[0]?.Total;
      if (total !== row.amount) throw new Error(`${row.customerId} holds ${total}, expected ${row.amount}`);
    }

    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const sendRate = ROWS / ((t3 - t2) / 1000);
    const overall = ROWS / ((t3 - t0) / 1000);
    const load = os.loadavg()[0]?.toFixed(1);
    const ownRate = (2 * direct.length) / (before.seconds + after.seconds);
    const share = sendRate / ownRate;
    const body = `## Console: bulk awards

Recorded by \`npm run bench:bulk\` (scripts/bench/bulk.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${load} at the end).
A ${ROWS.toLocaleString("en")}-row file (${(bytes.byteLength / 1024).toFixed(0)} kB; every fifth row a direct distribution, the rest
allowances, each to its own player) goes through the console's code: parse and dry run against
the project's tokens, the batch and its rows written to the award trail, then sent by the
server-side sender with ${IN_FLIGHT} requests in flight. The service runs in its own process on a
file-backed PGlite with the demo project (as \`npm run demo\` runs it, but with the rate limit off:
at ${IN_FLIGHT} in flight its own rate comes in bursts above the demo's 1,000 requests a second per key); the
console's trail is a file-backed PGlite too, on a thread of its own as the console opens it.

| step | time |
|---|---|
| parse + dry run | ${seconds(t1 - t0)} s |
| write the batch and its rows to the trail | ${seconds(t2 - t1)} s |
| send every row (answered and recorded) | ${seconds(t3 - t2)} s |
| the service's own rate, ${direct.length.toLocaleString("en")} of the same awards sent straight to it before the send | ${before.rate.toFixed(0)} rows/s |
| the same, after the send | ${after.rate.toFixed(0)} rows/s |

**${sendRate.toFixed(0)} rows/s** sending (${overall.toFixed(0)} rows/s from upload to the last answer); target ≥ ${TARGET} rows/s:
${sendRate >= TARGET ? "met" : "NOT met"}. That is **${share.toFixed(2)} ×** the service's own rate for the same awards in the same
run (${ownRate.toFixed(0)} rows/s: the first ${direct.length.toLocaleString("en")} rows' awards sent straight to it, to players of their own, with
${IN_FLIGHT} in flight, before and after the console's send); issue 11's target of ${SHARE_TARGET} ×: ${share >= SHARE_TARGET ? "met" : "NOT met"}.
Every row ended Completed; spot checks read the players' balances back from the service.`;
    writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "bulk", body));
    console.log(body);
    if (sendRate < TARGET || share < SHARE_TARGET) process.exitCode = 1;
  } finally {
    await opened?.close();
    await demo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
