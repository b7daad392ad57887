/**
 * `npm run bench:bulk`: sends a 10,000-row bulk-award file to the embedded service the way the
 * console does (parse, dry run, write the batch to the trail, send with the server-side sender)
 * and writes rows/s into its section of docs/benchmarks.md. The service runs in its own process
 * on a file-backed PGlite with the demo project, as `npm run demo` runs it; the console side runs
 * here on its own file-backed PGlite. Target: ≥ 200 rows/s.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@/lib/auth/users";
import { batchCounts, writeBatch } from "@/lib/bulk/batch-store";
import { parseAwardCsv } from "@/lib/bulk/csv";
import { fileSha256 } from "@/lib/bulk/request-ids";
import { IN_FLIGHT, sendBatchRows } from "@/lib/bulk/sender";
import { dryRun } from "@/lib/bulk/validate";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { getCustomerTokens } from "@/lib/client/holdings";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { freePort } from "@/scripts/lib/free-port";
import { withSection } from "./doc-sections";

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const TARGET = 200;
const DEMO_PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const DEMO_KEY = "gcc_demo_key_8f2b6c1e9a4d7f3b5e0c2a6d8b1f4e7c";
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

function tsx(args: string[], env: Record<string, string>) {
  const result = spawnSync("node_modules/.bin/tsx", args, {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error("the service did not start within a minute");
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), "gcc-bench-bulk-"));
  const port = await freePort();
  const serviceEnv = {
    SERVICE_PGLITE_DIR: join(data, "service"),
    SERVICE_DATABASE_URL: "",
    SERVICE_PORT: String(port),
    SERVICE_LOG_LEVEL: "warn",
  };
  tsx(["service/cli/migrate.ts"], serviceEnv);
  tsx(["service/cli/seed.ts", "--demo"], serviceEnv);
  const service = spawn("node_modules/.bin/tsx", ["service/cli/main.ts"], {
    env: { ...process.env, ...serviceEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const database = await openConsoleDatabase({ driver: "pglite", folder: join(data, "console") });
  try {
    const base = `http://127.0.0.1:${port}/api/public`;
    await waitFor(`${base}/openapi.json`, service);
    const connection: ServiceConnection = { baseUrl: base, projectGuid: DEMO_PROJECT, apiKey: DEMO_KEY };
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
    const body = `## Console: bulk awards

Recorded by \`npm run bench:bulk\` (scripts/bench/bulk.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${load} at the end).
A ${ROWS.toLocaleString("en")}-row file (${(bytes.byteLength / 1024).toFixed(0)} kB; every fifth row a direct distribution, the rest
allowances, each to its own player) goes through the console's code: parse and dry run against
the project's tokens, the batch and its rows written to the award trail, then sent by the
server-side sender with ${IN_FLIGHT} requests in flight. The service runs in its own process on a
file-backed PGlite with the demo project (as \`npm run demo\` runs it, rate limit on); the
console's trail is a file-backed PGlite too.

| step | time |
|---|---|
| parse + dry run | ${seconds(t1 - t0)} s |
| write the batch and its rows to the trail | ${seconds(t2 - t1)} s |
| send every row (answered and recorded) | ${seconds(t3 - t2)} s |

**${sendRate.toFixed(0)} rows/s** sending (${overall.toFixed(0)} rows/s from upload to the last answer); target ≥ ${TARGET} rows/s:
${sendRate >= TARGET ? "met" : "NOT met"}. Every row ended Completed; spot checks read the players' balances back from the service.`;
    writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "bulk", body));
    console.log(body);
    if (sendRate < TARGET) process.exitCode = 1;
  } finally {
    service.kill("SIGINT");
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
