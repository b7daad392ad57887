import { expect, test } from "@playwright/test";
import { TEST_LIMITS } from "../testing/test-limits";
import { fillAward, GOLD, GOLD_DB, player, send } from "./award-form";
import { pgClusterUrl, pgConsoleDatabase, signInOnPgConsole } from "./pg-console";
import { PG_CONSOLE_URL } from "./servers";
import { pageSettled } from "./settled";

/**
 * No page render and no GET route writes to the console's database (docs/console.md, "Live
 * data"). A second console runs on PostgreSQL (scripts/e2e/pg-console.ts); every statement that
 * writes to one of its tables bumps a counter through a statement-level trigger (zero-row updates
 * included). The job lease is left out: the background job renews it on its own clock.
 */
test.skip(!pgClusterUrl, "needs TEST_DATABASE_URL (npm test sets it through scripts/with-postgres.ts)");
test.use({ baseURL: PG_CONSOLE_URL, storageState: { cookies: [], origins: [] } });

const BATCH_REQUEST_ID = "3c2b1a09-8f7e-4d6c-9b5a-0a1b2c3d4e5f";
const WAITING_REQUEST_ID = "4d3c2b1a-9f8e-4e7d-8c6b-1b2c3d4e5f60";

test("rendering every page and reading every live route writes nothing; an action does", async ({ page }) => {
  // Every page of the console, one after another: twice the limit of one test.
  test.setTimeout(2 * TEST_LIMITS.testMs);
  await signInOnPgConsole(page);
  const db = await pgConsoleDatabase();
  try {
    // A finished batch with one row, so its page and routes have something to show.
    const batch = await db.query<{ id: number }>(`
      insert into console.award_batches (file_name, file_sha256, connection, base_url, project_guid, actor_email, reason, row_count, status)
      values ('seeded.csv', repeat('a', 64), 'env', 'x', 'x', 'owner@demo.test', 'seeded', 1, 'done') returning id`);
    const batchId = batch.rows[0]?.id;
    await db.query(
      `insert into console.awards (request_id, connection, base_url, project_guid, actor_email, customer_id, is_allowance, lines, reason, status, batch_id, batch_line)
       values ($1, 'env', 'x', 'x', 'owner@demo.test', 'player-1001', true, '[]', 'seeded', 'completed', $2, 1)`,
      [BATCH_REQUEST_ID, batchId],
    );
    // An award waiting for approval, so the Approvals pages have a request to show.
    const waiting = await db.query<{ id: number }>(
      `insert into console.awards (request_id, connection, base_url, project_guid, actor_email, customer_id, is_allowance, lines, reason, status)
       values ($1, 'env', 'x', 'x', 'owner@demo.test', 'player-1002', true, '[]', 'seeded', 'awaiting-approval') returning id`,
      [WAITING_REQUEST_ID],
    );
    const approval = await db.query<{ id: number }>(
      `insert into console.approval_requests (award_id, project_guid, connection, requester_email, status, summary, expires_at)
       values ($1, 'x', 'env', 'manager@demo.test', 'waiting', '{"totals":[]}', now() + interval '7 days') returning id`,
      [waiting.rows[0]?.id],
    );
    const approvalId = approval.rows[0]?.id;
    await db.query(`
      create table public.write_count (n bigint not null);
      insert into public.write_count values (0);
      create function public.count_write() returns trigger language plpgsql as $$
        begin update public.write_count set n = n + 1; return null; end $$;
      do $$ declare t text; begin
        for t in select tablename from pg_tables where schemaname = 'console' and tablename <> 'job_leases' loop
          execute format('create trigger count_write after insert or update or delete or truncate on console.%I
                          for each statement execute function public.count_write()', t);
        end loop;
      end $$;`);
    const writes = async () => Number((await db.query("select n from public.write_count")).rows[0]?.n);

    const pages = [
      "/",
      "/catalogue/products",
      "/catalogue/prices",
      "/catalogue/tokens",
      "/catalogue/translations",
      "/players",
      "/players/player-1001",
      "/players/%20player-1001%20",
      "/items/77",
      "/awards",
      "/awards?customer=player&sort=player",
      "/awards/new",
      "/awards/new?customer=player-1001",
      `/awards/${BATCH_REQUEST_ID}`,
      "/awards/bulk",
      `/awards/bulk/${batchId}`,
      `/awards/${WAITING_REQUEST_ID}`,
      "/approvals",
      `/approvals/${approvalId}`,
      "/wallet",
      "/settings",
      "/settings/users",
      "/settings/connections",
      "/settings/policies",
      "/settings/security",
      "/developers/keys",
      "/developers/requests",
      "/developers/requests?Status=4xx&Route=%2FAwardTokens",
      "/audit",
      "/audit?kind=sign-in.succeeded",
      "/account",
      "/not-allowed?need=users%3Amanage",
    ];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await pageSettled(page);
    }
    for (const path of [
      "/api/player?customer=player-1001",
      `/api/awards/statuses?ids=${BATCH_REQUEST_ID}`,
      `/api/batches/${batchId}`,
      "/api/wallet",
      "/api/requests",
      "/api/requests/errors",
      "/api/overview",
      `/awards/bulk/${batchId}/results.csv`,
      "/audit/export.csv",
      "/audit/export.jsonl",
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
    }
    expect(await writes()).toBe(0);

    // The counter sees writes: an award sent through the form is written to the trail.
    await page.goto("/awards/new");
    await fillAward(page, {
      customerId: player("e2e-writes"),
      mode: "Allowance",
      token: GOLD,
      contract: GOLD_DB,
      amount: "1",
    });
    await send(page);
    await expect(page.getByTestId("award-outcome")).toContainText("Completed");
    expect(await writes()).toBeGreaterThan(0);
  } finally {
    await db.end();
  }
});
