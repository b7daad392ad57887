import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { fundWallet, getWallet } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { awardBatches, awardEvents, awards } from "@/lib/db/schema";
import { isNewPlayer } from "@/lib/players/new-player";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GEM, GEM_DB, GOLD, KEY, PLAYER, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { batchCounts, type NewBatch, recentMatches, writeBatch } from "./batch-store";
import { parseAwardCsv } from "./csv";
import { directAwards, forecastFunds } from "./funds";
import { findNewPlayers } from "./new-players";
import { fileSha256, rowRequestId } from "./request-ids";
import { requeueFailedRows, sendBatchRows } from "./sender";
import { dryRun } from "./validate";

const service = serveFixtures({ per: "file" });
// A second service that allows 40 requests per second per key, for the 429 test.
const throttled = serveFixtures({ per: "file", rateLimit: 40 });
const connection = (base = service.base): ServiceConnection => ({
  baseUrl: base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

let database: ConsoleDatabase;
let actorId: number;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  actorId = (
    await createUser(database.db, { email: "max@studio.test", role: "manager", password: "long enough pw" })
  ).id;
});
afterEach(async () => {
  await database.close();
});

let fileCount = 0;
/** A file of `n` allowance rows of GOLD to distinct players of this file, amounts 1.000000000000000001 … */
function file(n: number, prefix = `bulk-${++fileCount}-${Date.now().toString(36)}`) {
  const lines = ["customer_id,token,amount,mode"];
  for (let i = 1; i <= n; i += 1) lines.push(`${prefix}-${i},GOLD,${i}.000000000000000001,allowance`);
  return { bytes: new TextEncoder().encode(`${lines.join("\n")}\n`), prefix };
}

async function prepare(bytes: Uint8Array) {
  const parsed = parseAwardCsv(bytes);
  if (!parsed.ok) throw new Error(parsed.error);
  const tokens = (await listProjectTokens(connection())).Data.Tokens;
  const checked = dryRun(parsed.rows, tokens);
  expect(checked.errors).toEqual([]);
  const batch: NewBatch = {
    fileName: "prizes.csv",
    fileSha256: fileSha256(bytes),
    connection: "env",
    baseUrl: service.base,
    projectGuid: PROJECT,
    actorId,
    actorEmail: "max@studio.test",
    reason: "Spring tournament",
  };
  return { batch, rows: checked.rows };
}

async function goldOf(customerId: string): Promise<string | undefined> {
  const tokens = await getCustomerTokens(connection(), customerId);
  return tokens.Data.Tokens.find((token) => token.Guid.toLowerCase() === GOLD.toLowerCase())?.Total;
}

const send = (batchId: number, base = service.base) =>
  sendBatchRows(database.db, connection(base), batchId, { actorEmail: "max@studio.test" });

describe("bulk awards", () => {
  it("writes the batch and every row before sending, then sends each once; the batch ends done", async () => {
    const { bytes, prefix } = file(30);
    const { batch, rows } = await prepare(bytes);
    const written = await writeBatch(database.db, batch, rows);
    expect(written.created).toBe(true);
    expect(await batchCounts(database.db, written.batch.id)).toMatchObject({ pending: 30, total: 30 });
    const [first] = await database.db.select().from(awards).where(eq(awards.batchLine, 2));
    expect(first).toMatchObject({
      requestId: rowRequestId(batch.fileSha256, 2),
      customerId: `${prefix}-1`,
      status: "pending",
      reason: "Spring tournament",
      lines: [
        {
          Guid: expect.stringMatching(new RegExp(GOLD, "i")),
          ContractGuid: expect.any(String),
          Amount: "1.000000000000000001",
        },
      ],
    });

    await send(written.batch.id);
    expect(await batchCounts(database.db, written.batch.id)).toMatchObject({ completed: 30, total: 30 });
    expect(await goldOf(`${prefix}-30`)).toBe("30.000000000000000001");
    const [done] = await database.db.select().from(awardBatches).where(eq(awardBatches.id, written.batch.id));
    expect(done?.status).toBe("done");
    const events = await database.db
      .select({ kind: awardEvents.kind, status: awardEvents.status })
      .from(awardEvents)
      .where(eq(awardEvents.awardId, first?.id ?? 0))
      .orderBy(awardEvents.id);
    expect(events).toEqual([
      { kind: "created", status: "pending" },
      { kind: "sent", status: "sending" },
      { kind: "outcome", status: "completed" },
    ]);
  });

  it("the same file again pays nobody twice: the same batch, and even a lost trail re-sends the same RequestIDs", async () => {
    const { bytes, prefix } = file(12);
    const { batch, rows } = await prepare(bytes);
    const first = await writeBatch(database.db, batch, rows);
    await send(first.batch.id);
    expect(await goldOf(`${prefix}-12`)).toBe("12.000000000000000001");

    const again = await writeBatch(database.db, batch, rows);
    expect(again).toMatchObject({ created: false, batch: { id: first.batch.id } });
    await send(again.batch.id);

    // The console's trail is gone (a new install): the file is written and sent again…
    await database.db.delete(awardBatches);
    const fresh = await writeBatch(database.db, batch, rows);
    expect(fresh.created).toBe(true);
    await send(fresh.batch.id);
    expect(await batchCounts(database.db, fresh.batch.id)).toMatchObject({ completed: 12 });
    // …and the service's idempotency answered each RequestID without paying again.
    for (const i of [1, 6, 12]) expect(await goldOf(`${prefix}-${i}`)).toBe(`${i}.000000000000000001`);
  });

  it("two console instances sending one batch at once send every row exactly once", async () => {
    const { bytes, prefix } = file(60);
    const { batch, rows } = await prepare(bytes);
    const { batch: stored } = await writeBatch(database.db, batch, rows);
    await Promise.all([send(stored.id), send(stored.id)]);
    expect(await batchCounts(database.db, stored.id)).toMatchObject({ completed: 60 });
    const attempts = await database.db
      .select({ attempts: awards.attempts, n: sql<number>`count(*)::int` })
      .from(awards)
      .where(eq(awards.batchId, stored.id))
      .groupBy(awards.attempts);
    expect(attempts).toEqual([{ attempts: 1, n: 60 }]);
    expect(await goldOf(`${prefix}-60`)).toBe("60.000000000000000001");
  });

  it("resumes after a restart: rows left 'sending' by a stopped instance are sent again once their lease ends", async () => {
    const { bytes, prefix } = file(10);
    const { batch, rows } = await prepare(bytes);
    const { batch: stored } = await writeBatch(database.db, batch, rows);
    // An instance claimed rows 2-4 and stopped (the service may have paid them: pay row 2 now).
    await database.db.execute(sql`
      update console.awards set status = 'sending', attempts = 1, claimed_until = now() - interval '1 second'
      where batch_id = ${stored.id} and batch_line between 2 and 4`);
    await database.db.execute(sql`
      update console.awards set status = 'sending', attempts = 1, claimed_until = now() + interval '1 hour'
      where batch_id = ${stored.id} and batch_line = 11`);
    await send(stored.id);
    // Row 11's lease has not ended: another instance owns it, so the batch is not done yet.
    expect(await batchCounts(database.db, stored.id)).toMatchObject({ completed: 9, sending: 1 });
    const [row2] = await database.db
      .select()
      .from(awards)
      .where(eq(awards.requestId, rowRequestId(batch.fileSha256, 2)));
    expect(row2).toMatchObject({ status: "completed", attempts: 2 });
    expect(await goldOf(`${prefix}-1`)).toBe("1.000000000000000001");
  });

  it("honours 429 Retry-After: the rows wait and are sent, none fails", async () => {
    // The throttled service allows 40 requests per second per key; 120 rows need several seconds.
    const { bytes, prefix } = file(120);
    const { batch, rows } = await prepare(bytes);
    const { batch: stored } = await writeBatch(database.db, { ...batch, baseUrl: throttled.base }, rows);
    await send(stored.id, throttled.base);
    expect(await batchCounts(database.db, stored.id)).toMatchObject({
      completed: 120,
      failed: 0,
      unknown: 0,
    });
    const slowed = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(awards)
      .where(sql`batch_id = ${stored.id} and attempts > 1`);
    // A 429 is not an attempt: every row was paid by its one accepted request.
    expect(slowed[0]?.n).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the rate limit's second, for our own read
    const tokens = await getCustomerTokens(connection(throttled.base), `${prefix}-120`);
    expect(tokens.Data.Tokens[0]?.Total).toBe("120.000000000000000001");
  });

  it("failed rows can be retried with their RequestIDs; an edited file's rows that repeat a recent award are named", async () => {
    const { bytes, prefix } = file(3);
    const { batch, rows } = await prepare(bytes);
    const { batch: stored } = await writeBatch(database.db, batch, rows);
    await database.db.execute(sql`update console.awards set status = 'failed' where batch_id = ${stored.id}`);
    expect(await requeueFailedRows(database.db, stored.id, "max@studio.test")).toBe(3);
    await send(stored.id);
    expect(await batchCounts(database.db, stored.id)).toMatchObject({ completed: 3 });

    // The same rows in an edited file (another SHA-256): each matches the award sent above.
    const edited = new TextEncoder().encode(
      `${new TextDecoder().decode(bytes)}${prefix}-new,GOLD,5,allowance\n`,
    );
    const next = await prepare(edited);
    const matches = await recentMatches(database.db, PROJECT, next.batch.fileSha256, next.rows);
    expect(matches.map((match) => [match.line, match.requestId])).toEqual([
      [2, rowRequestId(batch.fileSha256, 2)],
      [3, rowRequestId(batch.fileSha256, 3)],
      [4, rowRequestId(batch.fileSha256, 4)],
    ]);
    // The file itself (same SHA-256, same RequestIDs) matches nothing: it is the same batch.
    expect(await recentMatches(database.db, PROJECT, batch.fileSha256, rows)).toEqual([]);
  });

  it("a Customer ID with spaces around it reaches the trail and the service without them", async () => {
    const id = `bulk-trim-${Date.now().toString(36)}`;
    const bytes = new TextEncoder().encode(`customer_id,token,amount,mode\n"  ${id} ",GOLD,7.5,allowance\n`);
    const { batch, rows } = await prepare(bytes);
    const written = await writeBatch(database.db, batch, rows);
    const [stored] = await database.db.select().from(awards).where(eq(awards.batchId, written.batch.id));
    expect(stored?.customerId).toBe(id);
    // The RequestID still comes from the file's bytes and the line.
    expect(stored?.requestId).toBe(rowRequestId(fileSha256(bytes), 2));
    await send(written.batch.id);
    expect(await goldOf(id)).toBe("7.5");
    expect(await goldOf(`  ${id} `)).toBeUndefined();
  });

  it("asks the service which players of a file are new: a holder is not, an unknown ID is", async () => {
    const unknown = `bulk-new-${Date.now().toString(36)}`;
    const check = await findNewPlayers([PLAYER, unknown], (id) => isNewPlayer(connection(), id));
    expect(check).toEqual({ newPlayers: [unknown], failure: null });
    // A service that cannot be reached is reported, never taken for "not new".
    const away = await findNewPlayers([unknown], (id) =>
      isNewPlayer(connection("http://127.0.0.1:9/api/public"), id),
    );
    expect(away.newPlayers).toEqual([]);
    expect(away.failure).toMatchObject({ unchecked: [unknown] });
  });

  it("the funds forecast matches what the service does: the rows it says wait are queued, its top-up settles them exactly", async () => {
    const { Balances } = (await getWallet(connection())).Data;
    const before = Balances.find((b) => b.ContractGuid.toLowerCase() === GEM_DB.toLowerCase())?.Amount ?? "";
    expect(before).toBe("5");
    // Three equal rows of 2 against 5: two are paid and one waits, in whatever order they arrive.
    const prefix = `bulk-funds-${Date.now().toString(36)}`;
    const lines = ["customer_id,token,contract,amount,mode,wallet"];
    for (let i = 1; i <= 3; i += 1) lines.push(`${prefix}-${i},GEM,DB,2,direct,w-${i}`);
    lines.push(`${prefix}-4,GOLD,,1,allowance,`);
    const { batch, rows } = await prepare(new TextEncoder().encode(`${lines.join("\n")}\n`));
    const forecast = forecastFunds(directAwards(rows), (await getWallet(connection())).Data);
    expect(forecast.waitingLines).toEqual([4]);
    expect(forecast.contracts).toEqual([expect.objectContaining({ symbol: "GEM", direct: "6", topUp: "1" })]);

    const written = await writeBatch(database.db, batch, rows);
    await send(written.batch.id);
    expect(await batchCounts(database.db, written.batch.id)).toMatchObject({ completed: 3, queued: 1 });

    const topUp = forecast.contracts[0]?.topUp ?? "";
    const funded = await fundWallet(connection(), {
      RequestID: crypto.randomUUID(),
      Tokens: [{ Guid: GEM, ContractGuid: GEM_DB, Amount: topUp }],
    });
    expect(funded.Settled).toHaveLength(1);
    const after = (await getWallet(connection())).Data;
    expect(after.Queue).toEqual([]);
    expect(after.Balances.find((b) => b.ContractGuid.toLowerCase() === GEM_DB.toLowerCase())?.Amount).toBe(
      "0",
    );
  });
});
