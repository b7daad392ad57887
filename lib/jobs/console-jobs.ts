import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { pruneAuditLog } from "@/lib/audit/audit-log";
import { expireRequests } from "@/lib/awards/approval-decisions";
import { settleQueuedAwards } from "@/lib/awards/settle-queued";
import { startSending } from "@/lib/bulk/running";
import { runDueOccurrences } from "@/lib/campaigns/run-occurrence";
import { sameConnection, serviceConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { runNotificationChecks } from "@/lib/notifications/checks";
import { notificationSettings, sendDueNotifications } from "@/lib/notifications/send-notifications";
import { consoleSecrets } from "@/lib/secrets";
import { readSettings } from "@/lib/settings/console-settings";
import { takeLease } from "./lease";
import { repeatedFailures } from "./repeated-failures";

/** How often the job loop looks (docs/console.md, "Live data"). */
export const JOB_EVERY_MS = 5_000;
/** A lease outlives a few rounds, so a stopped holder is replaced within half a minute. */
const LEASE_SECONDS = 30;

const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One round of the console's background work, in the instance holding the job lease: queued
 * awards are asked about and their settlement recorded, bulk batches that no instance is
 * sending (no row claimed now) are taken up again, due campaign occurrences run (once each), approval requests past their time expire
 * (unsent), audit rows past the retention setting go, the services are checked for what owners
 * asked to be told, and waiting notifications are sent. This is the only place these writes happen
 * outside an action, so no page render or GET needs to write.
 */
export async function runJobsOnce(): Promise<void> {
  const db = await consoleDb();
  if (!(await takeLease(db, "console-jobs", holder, LEASE_SECONDS))) return;
  const env = consoleEnv();
  const secret = consoleSecrets(env).encryptionKeys;
  await settleQueuedAwards(db, (award) => sameConnection(db, secret, env, award));
  const orphans = (await db.execute(sql`
    select b.id from console.award_batches b
    where b.status = 'sending' and b.error = ''
      and not exists (
        select 1 from console.awards a
        where a.batch_id = b.id and a.status = 'sending' and a.claimed_until > now()
      )
  `)) as unknown as { rows: { id: number }[] };
  for (const { id } of orphans.rows) startSending(Number(id));
  // Due campaign occurrences become batches, sent like any other (docs/console.md, "Campaigns").
  const round = await runDueOccurrences(
    db,
    (campaign) => sameConnection(db, secret, env, campaign),
    new Date(),
  );
  for (const { batchId } of round.sent) startSending(batchId);
  for (const { campaignId, message } of round.failed) campaignFailures.said(campaignId, message);
  await expireRequests(db);
  await applyAuditRetention(db);
  await checkForNotifications(db, (ref) => serviceConnection(db, secret, env, ref));
  await sendDueNotifications(db, notificationSettings(env));
}

/** A campaign that fails round after round is logged once per message, not every 5 seconds. */
const campaignFailures = (() => {
  const last = new Map<number, string>();
  return {
    said(campaignId: number, message: string) {
      if (last.get(campaignId) === message) return;
      last.set(campaignId, message);
      console.error(`[jobs] campaign ${campaignId} not run this round: ${message}`);
    },
  };
})();

/** The services are asked about queues, keys and webhooks once a minute (lib/notifications/checks.ts). */
const CHECKS_EVERY_MS = 60_000;
let checkedAt = 0;

async function checkForNotifications(
  db: Awaited<ReturnType<typeof consoleDb>>,
  connectionOf: Parameters<typeof runNotificationChecks>[1],
): Promise<void> {
  if (Date.now() - checkedAt < CHECKS_EVERY_MS) return;
  checkedAt = Date.now();
  await runNotificationChecks(db, connectionOf, new Date());
}

/** Retention is counted in days: looking once an hour is plenty. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;
let retentionCheckedAt = 0;

/** Removes audit rows past the owners' retention setting, if they set one (default: keep all). */
async function applyAuditRetention(db: Awaited<ReturnType<typeof consoleDb>>): Promise<void> {
  if (Date.now() - retentionCheckedAt < RETENTION_EVERY_MS) return;
  retentionCheckedAt = Date.now();
  const { auditRetentionDays } = await readSettings(db);
  if (auditRetentionDays !== null) await pruneAuditLog(db, auditRetentionDays);
}

const loop = globalThis as unknown as { consoleJobs?: ReturnType<typeof setInterval> };

/**
 * Starts the loop once per process (instrumentation.ts); a failed round is retried next time, and
 * logged once until its message changes.
 */
export function startConsoleJobs(): void {
  if (loop.consoleJobs) return;
  let running = false;
  const failures = repeatedFailures("jobs");
  loop.consoleJobs = setInterval(() => {
    if (running) return;
    running = true;
    runJobsOnce()
      .then(failures.succeeded, failures.failed)
      .finally(() => {
        running = false;
      });
  }, JOB_EVERY_MS);
  loop.consoleJobs.unref();
}
