import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { requestApproval } from "@/lib/awards/approval-decisions";
import { approveSubject, stopSubject } from "@/lib/awards/lifecycle/decisions";
import { writeBatchReversal } from "@/lib/awards/lifecycle/reversal-rows";
import { getAward, reverseAward } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { getCustomerTokens } from "@/lib/client/holdings";
import type { ConsoleDatabase, ConsoleDb } from "@/lib/db/connection";
import { awards, batchReversals, reversals } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, KEY, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { rowReversalId } from "./batch-reversal";
import { batchCounts, writeBatch } from "./batch-store";
import { parseAwardCsv } from "./csv";
import { fileSha256 } from "./request-ids";
import { reversalPlan } from "./reversal-plan";
import { sendReversalRows } from "./reversal-sender";
import { sendBatchRows } from "./sender";
import { dryRun } from "./validate";

/**
 * A bulk batch reversed as a batch (docs/console.md, "Reversals"), against the real service: every
 * row once, with a ReversalID made from its RequestID; a console stopped mid-way and started again
 * reverses nobody twice; reversing the batch again is the same reversal.
 */
const service = serveFixtures({ per: "file" });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
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

let files = 0;
/** A batch of `n` GOLD allowances to distinct players, written and sent: every row completed. */
async function sentBatch(n: number) {
  const prefix = `undo-${++files}-${Date.now().toString(36)}`;
  const lines = ["customer_id,token,amount,mode"];
  for (let i = 1; i <= n; i += 1) lines.push(`${prefix}-${i},GOLD,${i}0.000000000000000001,allowance`);
  const bytes = new TextEncoder().encode(`${lines.join("\n")}\n`);
  const parsed = parseAwardCsv(bytes);
  if (!parsed.ok) throw new Error(parsed.error);
  const checked = dryRun(parsed.rows, (await listProjectTokens(connection())).Data.Tokens);
  const { batch } = await writeBatch(
    database.db,
    {
      fileName: "wrong-amounts.csv",
      fileSha256: fileSha256(bytes),
      connection: "env",
      baseUrl: service.base,
      projectGuid: PROJECT,
      actorId,
      actorEmail: "max@studio.test",
      reason: "Spring tournament",
    },
    checked.rows,
  );
  await sendBatchRows(database.db, connection(), batch.id, { actorEmail: "max@studio.test" });
  expect(await batchCounts(database.db, batch.id)).toMatchObject({ completed: n });
  return { batch, prefix };
}

/** The batch's reversible rows, written as its batch reversal (as "Reverse this batch" writes them). */
async function writeReversal(batchId: number, waits?: Parameters<typeof writeBatchReversal>[5]) {
  const rows = await database.db.select().from(awards).where(eq(awards.batchId, batchId));
  const plan = reversalPlan(rows, () => "DB");
  const ids = new Map(rows.map((row) => [row.requestId, row.id]));
  return writeBatchReversal(
    database.db,
    { id: batchId, connection: "env", baseUrl: service.base, projectGuid: PROJECT },
    { actorId, actorEmail: "max@studio.test", reason: "Ten times the amount" },
    plan.rows
      .filter((row) => row.why === null)
      .map((row) => ({
        awardId: ids.get(row.requestId) as number,
        reversalId: rowReversalId(row.requestId),
        line: row.line,
      })),
    () => ({
      actor: { id: actorId, email: "max@studio.test", client: "test", userAgent: "test" },
      event: { kind: "batch.reversed", summary: "test" },
    }),
    waits,
  );
}

const goldOf = async (customerId: string) =>
  (await getCustomerTokens(connection(), customerId)).Data.Tokens.find(
    (token) => token.Guid.toLowerCase() === GOLD.toLowerCase(),
  )?.Total;

const statusCounts = async (batchReversalId: number) =>
  Object.fromEntries(
    (
      await database.db
        .select({ status: reversals.status, n: sql<number>`count(*)::int` })
        .from(reversals)
        .where(eq(reversals.batchReversalId, batchReversalId))
        .groupBy(reversals.status)
    ).map((row) => [row.status, Number(row.n)]),
  );

describe("a batch reversal (docs/console.md, Reversals)", () => {
  it("reverses every row once: each player holds exactly what they held before, each award is Reversed", async () => {
    const { batch, prefix } = await sentBatch(50);
    const { record, created } = await writeReversal(batch.id);
    expect(created).toBe(true);
    expect(await statusCounts(record.id)).toEqual({ pending: 50 });
    await sendReversalRows(database.db, connection(), record.id, { symbolOf: (guid) => guid });
    expect(await statusCounts(record.id)).toEqual({ done: 50 });
    for (const i of [1, 25, 50]) expect(await goldOf(`${prefix}-${i}`)).toBeUndefined();
    expect(await batchCounts(database.db, batch.id)).toMatchObject({ reversed: 50 });
    const [done] = await database.db.select().from(batchReversals).where(eq(batchReversals.id, record.id));
    expect(done?.status).toBe("done");
    // The service holds one reversal per award, under the row's deterministic ReversalID.
    const [first] = await database.db.select().from(awards).where(eq(awards.batchId, batch.id)).limit(1);
    const served = await getAward(connection(), first?.requestId ?? "");
    expect(served.Data.Status).toBe("Reversed");
    expect(served.Data.Reversals?.map((r) => r.ReversalID)).toEqual([rowReversalId(first?.requestId ?? "")]);
  });

  it("a console stopped mid-way and started again reverses nobody twice; reversing the batch again is the same reversal", async () => {
    const { batch, prefix } = await sentBatch(30);
    const { record } = await writeReversal(batch.id);
    // The first console sends 10 calls, then stops: the rows it claimed stay 'sending', answered or not.
    await sendReversalRows(database.db, connection(), record.id, { symbolOf: (guid) => guid, stopAfter: 10 });
    const halfway = await statusCounts(record.id);
    expect(halfway.sending ?? 0).toBeGreaterThan(0);
    // One of its rows had gone out and been done by the service when it stopped: the answer was lost.
    const [lost] = await database.db
      .select({ reversalId: reversals.reversalId, reason: reversals.reason, requestId: awards.requestId })
      .from(reversals)
      .innerJoin(awards, eq(awards.id, reversals.awardId))
      .where(sql`${reversals.batchReversalId} = ${record.id} and ${reversals.status} = 'sending'`)
      .limit(1);
    if (!lost) throw new Error("no row was left sending");
    await reverseAward(connection(), {
      ReversalID: lost.reversalId,
      RequestID: lost.requestId,
      Reason: lost.reason,
      Tokens: null,
    });
    // Its lease ends; another console takes the batch up.
    await database.db.execute(
      sql`update console.reversals set claimed_until = now() - interval '1 second' where batch_reversal_id = ${record.id} and status = 'sending'`,
    );
    await sendReversalRows(database.db, connection(), record.id, { symbolOf: (guid) => guid });
    expect(await statusCounts(record.id)).toEqual({ done: 30 });
    for (let i = 1; i <= 30; i += 1) expect(await goldOf(`${prefix}-${i}`)).toBeUndefined();
    // Every award was reversed exactly once at the service, resent rows included.
    const rows = await database.db.select().from(awards).where(eq(awards.batchId, batch.id));
    for (const row of rows) {
      const served = await getAward(connection(), row.requestId);
      expect(served.Data.Reversals, `line ${row.batchLine}`).toHaveLength(1);
    }
    const resent = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reversals)
      .where(sql`batch_reversal_id = ${record.id} and attempts > 1`);
    expect(Number(resent[0]?.n)).toBeGreaterThan(0);
    // "Reverse this batch" once more: the same batch reversal, nothing written or sent again.
    const again = await writeReversal(batch.id);
    expect(again).toMatchObject({ created: false, record: { id: record.id } });
  });

  it("one waiting for approval sends nothing; rejected, its rows never are; approved, they are", async () => {
    for (const decision of ["rejected", "approved"] as const) {
      const { batch, prefix } = await sentBatch(5);
      let asked = 0;
      const { record } = await writeReversal(batch.id, {
        alongside: async (tx, written) => {
          asked = (
            await requestApproval(
              tx,
              { batchReversalId: written.id },
              {
                projectGuid: PROJECT,
                connection: "env",
                requesterId: actorId,
                requesterEmail: "max@studio.test",
                summary: { totals: [] },
                expiresAt: new Date(Date.now() + 3_600_000),
              },
            )
          ).id;
        },
      });
      expect(record.status).toBe("awaiting-approval");
      await sendReversalRows(database.db, connection(), record.id, { symbolOf: (guid) => guid });
      expect(await statusCounts(record.id)).toEqual({ pending: 5 });
      expect(await goldOf(`${prefix}-1`)).toBe("10.000000000000000001");
      await database.db.transaction(async (tx) =>
        decision === "rejected"
          ? stopSubject(
              tx as unknown as ConsoleDb,
              { batchReversalId: record.id },
              "rejected",
              "ana@studio.test",
              "No.",
            )
          : approveSubject(tx as unknown as ConsoleDb, { batchReversalId: record.id }, "ana@studio.test"),
      );
      expect(asked).toBeGreaterThan(0);
      await sendReversalRows(database.db, connection(), record.id, { symbolOf: (guid) => guid });
      if (decision === "rejected") {
        expect(await statusCounts(record.id)).toEqual({ rejected: 5 });
        expect(await goldOf(`${prefix}-1`)).toBe("10.000000000000000001");
      } else {
        expect(await statusCounts(record.id)).toEqual({ done: 5 });
        expect(await goldOf(`${prefix}-1`)).toBeUndefined();
      }
    }
  });
});
