import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/testing/free-port";
import { awardJson, reverseJson } from "@/testing/service/awards-client";
import { within } from "@/testing/service/eventually";
import { GOLD, GOLD_DB, KEY, PROJECT, testFixture } from "@/testing/service/fixtures";
import { createTestDatabase, expectLedgerBalanced, TEST_DB } from "@/testing/service/harness";
import { call, post } from "@/testing/service/http-client";
import { WebhookReceiver } from "@/testing/service/webhook-receiver";
import { TEST_LIMITS } from "@/testing/test-limits";
import { openDatabase, type ServiceDatabase } from "../db/connection";
import { migrateServiceDatabase } from "../db/migrate";
import { importFixture } from "../domain/import";
import { rows } from "../domain/sql-rows";

// Durability of group commit (docs/service.md, "Durability"): an award is answered only once its
// batch's commit is on disk. The service runs as its own process (`npm run service`) on a PGlite
// folder, durable as by default, or on PostgreSQL; awards go to it 20 at a time, and once 60 have
// been answered it is killed with SIGKILL, as the OOM killer or a power cut would. Every award
// that was answered is in the database afterwards, as answered, and the ledger balances. The same
// for reversals (docs/service.md, "Reversals"): one answered is on disk with what it took back.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A migrated database with the test fixture: a PGlite folder, or a PostgreSQL database. */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  reopen(): Promise<ServiceDatabase>;
}> {
  if (TEST_DB === "pglite") {
    const folder = mkdtempSync(join(os.tmpdir(), "kill-nine-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const database = await openDatabase({ driver: "pglite", folder: join(folder, "db") });
    await migrateServiceDatabase(database);
    await importFixture(database.db, testFixture(), { reset: false });
    await database.close();
    return {
      env: { SERVICE_PGLITE_DIR: join(folder, "db"), SERVICE_DATABASE_URL: "" },
      reopen: async () => {
        const reopened = await openDatabase({ driver: "pglite", folder: join(folder, "db") });
        cleanups.push(() => reopened.close());
        return reopened;
      },
    };
  }
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  await importFixture(database.db, testFixture(), { reset: false });
  return { env: { SERVICE_DATABASE_URL: database.url as string }, reopen: async () => database };
}

/** `npm run service` as one process (tsx as a loader, so that SIGKILL reaches the service itself). */
async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "service/cli/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      SERVICE_PORT: String(port),
      SERVICE_LOG_LEVEL: "silent",
      SERVICE_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const limit = setTimeout(
      () => reject(new Error(`The service did not start within ${TEST_LIMITS.startMs / 1000} s:\n${output}`)),
      TEST_LIMITS.startMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Service listening")) {
        clearTimeout(limit);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(limit);
      reject(new Error(`The service exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}/api/public` };
}

describe("kill -9", () => {
  it("every award answered before the service was killed with SIGKILL is there after it", async () => {
    const prepared = await prepareDatabase();
    const { child, base } = await startService(prepared.env);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const answered = new Map<string, string>();
    let killed = false;
    let sent = 0;
    const worker = async () => {
      while (!killed && sent < 400) {
        sent += 1;
        const requestId = crypto.randomUUID();
        const body = awardJson({
          requestId,
          customer: `crash-${sent % 50}`,
          allowance: sent % 2 === 0,
          wallet: "w",
          lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
        });
        try {
          const response = await post(base, "/AwardTokens", body);
          if (response.status === 200 && !killed) answered.set(requestId, response.json.Status);
          if (answered.size >= 60 && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        } catch {
          // In flight when the service died: never answered, so nothing is promised.
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    await exited;
    expect(killed).toBe(true);

    const database = await prepared.reopen();
    const stored = await rows<{ request_id_text: string; status: string }>(
      database.db,
      sql`select request_id_text, status from service.awards where kind = 'award'`,
    );
    const found = new Map(stored.map((s) => [s.request_id_text, s.status]));
    const missing = [...answered].filter(([id, status]) => found.get(id) !== status);
    expect(missing).toEqual([]);
    expect(answered.size).toBeGreaterThanOrEqual(60);
    await expectLedgerBalanced(database.db);
  });

  it("every reversal answered before the service was killed with SIGKILL is there after it", async () => {
    const prepared = await prepareDatabase();
    const { child, base } = await startService(prepared.env);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // 150 allowances of 2 GOLD, all answered, then reversals of 1 GOLD each, 20 at a time.
    const awards = Array.from({ length: 150 }, () => crypto.randomUUID());
    for (const [i, requestId] of awards.entries()) {
      const body = awardJson({
        requestId,
        customer: `undo-crash-${i}`,
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "2" }],
      });
      expect((await post(base, "/AwardTokens", body)).status).toBe(200);
    }
    const answered = new Map<string, string>();
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (!killed && next < awards.length) {
        const requestId = awards[next++] as string;
        const reversalId = crypto.randomUUID();
        try {
          const response = await post(
            base,
            "/ReverseAward",
            reverseJson({ reversalId, requestId, lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }] }),
          );
          if (response.status === 200 && !killed) answered.set(reversalId, requestId);
          if (answered.size >= 40 && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        } catch {
          // In flight when the service died: never answered, so nothing is promised.
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    await exited;
    expect(killed).toBe(true);

    const database = await prepared.reopen();
    const stored = await rows<{ reversal_id_text: string; request_id_text: string; taken: string }>(
      database.db,
      sql`select r.reversal_id_text, a.request_id_text, (select sum(l.amount) from service.reversal_lines l
                                                           where l.reversal_id = r.id)::text as taken
            from service.reversals r join service.awards a on a.id = r.award_id`,
    );
    const found = new Map(stored.map((s) => [s.reversal_id_text, s]));
    const missing = [...answered].filter(
      ([reversalId, requestId]) =>
        found.get(reversalId)?.request_id_text !== requestId || Number(found.get(reversalId)?.taken) !== 1,
    );
    expect(missing).toEqual([]);
    expect(answered.size).toBeGreaterThanOrEqual(40);
    // Compensating entries only: every balance is still what its postings say, every contract sums to zero.
    await expectLedgerBalanced(database.db);
  });

  it("webhook events committed before the kill are all delivered after a restart, once per event id", async () => {
    const prepared = await prepareDatabase();
    const receiver = await new WebhookReceiver().start();
    cleanups.push(() => receiver.stop());
    // A slow receiver, so that deliveries are in flight when the service dies.
    receiver.delayMs = 300;
    const env = {
      ...prepared.env,
      SERVICE_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      SERVICE_WEBHOOK_TIMEOUT_MS: "2000",
      SERVICE_WEBHOOK_RETRY_BASE_MS: "100",
    };
    // First life: the sender is off, so every event is committed and none sent when it dies.
    const first = await startService({ ...env, SERVICE_WEBHOOKS: "off" });
    const firstExit = new Promise((resolve) => first.child.once("exit", resolve));
    const made = await post(
      first.base,
      "/Webhooks",
      JSON.stringify({ ApiKey: KEY, ProjectGuid: PROJECT, Url: receiver.url }),
    );
    expect(made.json).toMatchObject({ isError: "0" });
    const requestIds = Array.from({ length: 40 }, () => crypto.randomUUID());
    const awardAll = async (base: string, ids: string[]) => {
      for (const requestId of ids) {
        const body = awardJson({
          requestId,
          customer: "hooked",
          allowance: true,
          lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
        });
        expect((await post(base, "/AwardTokens", body)).status).toBe(200);
      }
    };
    await awardAll(first.base, requestIds.slice(0, 20));
    first.child.kill("SIGKILL");
    await firstExit;
    expect(receiver.received).toEqual([]);

    // Second life: the sender on, killed while it sends to a slow receiver.
    const middle = await startService(env);
    const middleExit = new Promise((resolve) => middle.child.once("exit", resolve));
    await awardAll(middle.base, requestIds.slice(20));
    await within(TEST_LIMITS.startMs, async () => receiver.received.length > 0);
    middle.child.kill("SIGKILL");
    await middleExit;

    const second = await startService(env);
    const covered = () => new Set(receiver.received.map((r) => r.event.data.RequestID)).size === 40;
    await within(TEST_LIMITS.startMs, async () => covered());
    // One event per award: every RequestID under one event id, 40 ids in all.
    const idsOf = new Map<unknown, Set<unknown>>();
    for (const got of receiver.received) {
      const ids = idsOf.get(got.event.data.RequestID) ?? new Set();
      ids.add(got.headers["webhook-id"]);
      idsOf.set(got.event.data.RequestID, ids);
    }
    expect([...idsOf.keys()].sort()).toEqual([...requestIds].sort());
    expect([...idsOf.values()].every((ids) => ids.size === 1)).toBe(true);
    const log = await call(second.base, `/Webhooks/Deliveries/${KEY}/${PROJECT}?Limit=100`);
    expect(log.json.Data.Deliveries).toHaveLength(40);
    expect(new Set(log.json.Data.Deliveries.map((d: { EventId: string }) => d.EventId)).size).toBe(40);
    await within(TEST_LIMITS.startMs, async () => {
      const again = await call(
        second.base,
        `/Webhooks/Deliveries/${KEY}/${PROJECT}?Limit=100&State=delivered`,
      );
      return again.json.Data.Deliveries.length === 40;
    });
  });
});
