import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, expect, inject, it } from "vitest";
import type { AuditActor } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { getCustomerTokens } from "@/lib/client/holdings";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { testFolders } from "@/testing/temp-folders";
import { startsOf, TEST_LIMITS } from "@/testing/test-limits";
import { createThrowawayDatabase } from "@/testing/throwaway-postgres";
import { CampaignInput } from "./campaign-input";
import { createCampaign } from "./campaigns";
import { saveListFromFile } from "./player-lists";
import { occurrenceRequestId } from "./request-ids";

/**
 * A console killed with SIGKILL in the middle of a campaign's occurrence of 10,000 players, then
 * started again (docs/console.md, "Campaigns": exactly once). The console is its job loop in a
 * process of its own (testing/console/jobs-worker.ts, the same runJobsOnce), on a PGlite folder or
 * a PostgreSQL database; the service is the real one. Afterwards every player was paid once: one
 * award per player in the trail, every one completed with the RequestID made from the campaign,
 * the occurrence and the player, and the service's balances say the amount once.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PLAYERS = 10_000;
const KILL_AFTER = 2_500;
const service = serveFixtures({ per: "file" });
const folders = testFolders("campaign-kill");
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

/** Where the console's database is: its environment for the worker, and a way to open it here. */
async function consoleTarget(): Promise<{ env: Record<string, string>; open(): Promise<ConsoleDatabase> }> {
  if (process.env.TEST_DB !== "postgres") {
    const folder = join(folders.next("console"), "db");
    const first = await openConsoleDatabase({ driver: "pglite", folder });
    await migrateConsoleDatabase(first);
    await first.close();
    return {
      env: { CONSOLE_PGLITE_DIR: folder, CONSOLE_DATABASE_URL: "" },
      open: () => openConsoleDatabase({ driver: "pglite", folder }),
    };
  }
  const throwaway = await createThrowawayDatabase(inject("postgresUrl"), "gcc_k", {
    template: inject("postgresTemplates").console,
  });
  cleanups.push(() => throwaway.drop());
  return {
    env: { CONSOLE_DATABASE_URL: throwaway.url },
    open: () => openConsoleDatabase({ driver: "postgres", url: throwaway.url }),
  };
}

/** The worker, until it has printed `until` (completed, open) or exits; answers its last progress. */
function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  progress: () => { completed: number; open: number };
} {
  const address = new URL(service.base);
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "testing/console/jobs-worker.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        COMMERCE_BASE_URL: service.base,
        COMMERCE_API_KEY: KEY,
        COMMERCE_PROJECT_GUID: PROJECT,
        CONSOLE_ALLOWED_SERVICE_HOSTS: address.host,
        CONSOLE_ENCRYPTION_KEY: "kill-nine-test-key-0123456789abcdef0123456789",
        AUTH_SECRET: "kill-nine-test-auth-secret-0123456789abcdef01",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let last = { completed: 0, open: 0 };
  let errors = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) {
      const match = /^progress (\d+) (\d+)$/.exec(line);
      if (match) last = { completed: Number(match[1]), open: Number(match[2]) };
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  child.on("exit", (code, signal) => {
    if (signal !== "SIGKILL" && signal !== "SIGTERM") errors += `\n[worker exited: ${code ?? signal}]`;
  });
  return {
    child,
    progress: () => {
      if (errors.includes("[worker exited")) throw new Error(`The worker stopped:\n${errors}`);
      return last;
    },
  };
}

async function waitFor(what: string, done: () => boolean, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

it(
  "killed with SIGKILL mid-occurrence of 10,000 players and started again, the console pays every player exactly once",
  async () => {
    const target = await consoleTarget();
    // The campaign, due a minute ago: the worker's first round runs its first occurrence.
    const database = await target.open();
    const max = await createUser(database.db, {
      email: "max@studio.test",
      role: "manager",
      password: "long enough pw",
    });
    const actor: AuditActor = { id: max.id, email: max.email, client: "test", userAgent: "vitest" };
    const players = Array.from({ length: PLAYERS }, (_, i) => `kill-${Date.now().toString(36)}-${i + 1}`);
    const owner = {
      connection: "env",
      projectGuid: PROJECT,
      project: "Test project",
      userId: max.id,
      email: max.email,
    };
    async function* file() {
      yield new TextEncoder().encode(`customer_id\n${players.join("\n")}\n`);
    }
    const list = await saveListFromFile(database.db, owner, actor, {
      name: "Everyone",
      fileName: "all.csv",
      body: file(),
    });
    const start = new Date(Date.now() - 60_000);
    const { campaignId } = await createCampaign(
      { db: database.db, chosen: { ref: "env", name: "Test project" }, connection: connection() },
      max,
      CampaignInput.parse({
        name: "Crash compensation",
        reason: "The match crashed",
        listId: list.id,
        mode: "allowance",
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "1.25" }],
        repeat: "once",
        start: start.toISOString().slice(0, 16),
        timeZone: "UTC",
        every: "",
        until: "",
        count: "",
        rrule: "",
      }),
      actor,
      new Date(start.getTime() - 60_000),
    );
    const [campaign] = (
      (await database.db.execute(
        sql`select guid from console.campaigns where id = ${campaignId}`,
      )) as unknown as {
        rows: { guid: string }[];
      }
    ).rows;
    await database.close();

    const first = startWorker(target.env);
    await waitFor(`${KILL_AFTER} rows answered`, () => first.progress().completed >= KILL_AFTER, startsOf(2));
    await killed(first.child);
    const atKill = first.progress();
    expect(atKill.completed).toBeLessThan(PLAYERS);

    // What a console that stopped mid-send leaves: rows claimed, their lease running. The lease
    // (120 s) and the job lease (30 s) are let run out here rather than waited for.
    const between = await target.open();
    await between.db.execute(
      sql`update console.awards set claimed_until = now() - interval '1 second' where status = 'sending'`,
    );
    await between.db.execute(sql`delete from console.job_leases`);
    await between.close();

    const second = startWorker(target.env);
    await waitFor(
      "every row answered",
      () => {
        const { completed, open } = second.progress();
        return completed + open > 0 && open === 0;
      },
      startsOf(2),
    );
    await killed(second.child);

    const after = await target.open();
    cleanups.push(() => after.close());
    const found = (
      (await after.db.execute(sql`
        select a.customer_id, a.request_id, a.status from console.awards a
        join console.award_batches b on b.id = a.batch_id
        where b.file_sha256 like 'campaign:%'`)) as unknown as {
        rows: { customer_id: string; request_id: string; status: string }[];
      }
    ).rows;
    expect(found).toHaveLength(PLAYERS);
    expect(new Set(found.map((row) => row.customer_id)).size).toBe(PLAYERS);
    expect(found.filter((row) => row.status !== "completed")).toEqual([]);
    const expected = new Map(
      players.map((player) => [player, occurrenceRequestId(campaign?.guid as string, 0, player)]),
    );
    expect(found.filter((row) => expected.get(row.customer_id) !== row.request_id)).toEqual([]);
    const occurrences = (
      (await after.db.execute(
        sql`select status from console.campaign_occurrences where campaign_id = ${campaignId}`,
      )) as unknown as {
        rows: { status: string }[];
      }
    ).rows;
    expect(occurrences).toEqual([{ status: "sent" }]);
    // The service paid each once: players from before the kill, around it and after it.
    const around = Math.min(PLAYERS - 1, atKill.completed);
    for (const index of [0, Math.max(0, around - 8), around, around + 8, PLAYERS - 1]) {
      const player = players[Math.min(index, PLAYERS - 1)] as string;
      const held = JSON.stringify((await getCustomerTokens(connection(), player)).Data);
      expect(held, player).toContain('"1.25"');
      expect(held, player).not.toContain('"2.5"');
    }
  },
  startsOf(3) + 2 * TEST_LIMITS.testMs,
);
