import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { consoleDb } from "@/lib/db/console-db";
import { runJobsOnce } from "@/lib/jobs/console-jobs";

/**
 * The console's job loop alone, as a process a test can kill with SIGKILL (lib/campaigns/
 * kill-nine.db.test.ts): the same `runJobsOnce` the console's instrumentation runs, every 200 ms
 * instead of every 5 s, on the database and service the environment names. It prints how many
 * rows of campaign batches are done (`progress <completed> <open>`) so the test, which cannot open
 * a PGlite folder this process holds, knows when to kill it.
 *
 *   node --conditions=react-server --import tsx testing/console/jobs-worker.ts
 */
const db = await consoleDb();
for (;;) {
  await runJobsOnce();
  const found = (await db.execute(sql`
    select count(*) filter (where a.status = 'completed')::int as completed,
           count(*) filter (where a.status in ('pending', 'sending'))::int as open
    from console.awards a join console.award_batches b on b.id = a.batch_id
    where b.file_sha256 like 'campaign:%'`)) as unknown as { rows: { completed: number; open: number }[] };
  const row = found.rows[0];
  process.stdout.write(`progress ${row?.completed ?? 0} ${row?.open ?? 0}\n`);
  await sleep(200);
}
