import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAuditPage } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import type { ConsoleDatabase, ConsoleDb } from "@/lib/db/connection";
import { awardBatches, awards } from "@/lib/db/schema";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { GOLD, GOLD_DB, PROJECT } from "@/testing/service/fixtures";
import { requestApproval } from "../approval-decisions";
import { awardTimeline, findAwardById, type NewAward } from "../trail";
import {
  claimBatchRows,
  type NewBatchRow,
  recordBatchOutcomes,
  releaseBatchRow,
  requeueBatchRows,
  writeBatchRows,
} from "./batch-rows";
import { approveSubject, noteApprovalRequested, stopSubject } from "./decisions";
import { noteSettlementChecked, settleAwards } from "./settlement";
import { markSent, recordAward, recordOutcome, writeAward } from "./single-award";
import { TransitionError } from "./transition";

/**
 * Each named transition of the award lifecycle (lib/model/award-transitions.ts) on a real
 * database: what it writes, and that a change the table does not allow is refused (a single
 * award) or leaves the row alone (a set).
 */

let database: ConsoleDatabase;
let db: ConsoleDb;
let actorId: number;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  db = database.db;
  actorId = (await createUser(db, { email: "max@studio.test", role: "manager", password: "long enough pw" }))
    .id;
});
afterEach(async () => {
  await database.close();
});

const award = (): NewAward => ({
  requestId: randomUUID(),
  connection: "env",
  baseUrl: "http://127.0.0.1:9",
  projectGuid: PROJECT,
  actorId,
  actorEmail: "max@studio.test",
  customerId: `life-${randomUUID().slice(0, 8)}`,
  isAllowance: true,
  isMintable: false,
  wallet: "",
  lines: [{ Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "2" }],
  reason: "Lifecycle",
});

const inTx = <T>(work: (tx: ConsoleDb) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as ConsoleDb));

const statusOf = async (id: number) => (await findAwardById(db, id))?.status;
const kinds = async (id: number) => (await awardTimeline(db, id)).map((event) => event.kind);

/** A single award forced into `status`, as a test's setup (the lifecycle would not put it there so). */
async function awardIn(status: string): Promise<number> {
  const { id } = await recordAward(db, award());
  await db.execute(sql`update console.awards set status = ${status} where id = ${id}`);
  return id;
}

async function batchOf(rows: number, status: "pending" | "awaiting-approval"): Promise<number> {
  const [batch] = await db
    .insert(awardBatches)
    .values({
      fileName: "life.csv",
      fileSha256: randomUUID(),
      connection: "env",
      baseUrl: "http://127.0.0.1:9",
      projectGuid: PROJECT.toLowerCase(),
      actorId,
      actorEmail: "max@studio.test",
      reason: "Lifecycle",
      rowCount: rows,
      status: status === "pending" ? "sending" : "awaiting-approval",
    })
    .returning();
  const id = batch?.id as number;
  const lines: NewBatchRow[] = Array.from({ length: rows }, (_, i) => ({
    ...award(),
    line: i + 2,
  }));
  await inTx((tx) => writeBatchRows(tx, { ...(batch as NonNullable<typeof batch>), id }, lines, status));
  return id;
}

const batchStatuses = async (batchId: number) =>
  (await db.select({ status: awards.status }).from(awards).where(eq(awards.batchId, batchId))).map(
    (row) => row.status,
  );

describe("the award lifecycle's transitions", () => {
  it("write: a single award is written sending or awaiting approval, with its 'created' line", async () => {
    const sending = await recordAward(db, award());
    expect(sending.status).toBe("sending");
    const waiting = await inTx((tx) => writeAward(tx, award(), "awaiting-approval"));
    expect(waiting.record.status).toBe("awaiting-approval");
    expect(await kinds(sending.id)).toEqual(["created"]);
    await expect(inTx((tx) => writeAward(tx, award(), "completed" as "sending"))).rejects.toThrow(
      new TransitionError(
        '"write" cannot make an award completed (it makes it sending or awaiting-approval).',
      ),
    );
  });

  it("writeBatch: every row is written pending, each with its 'created' line", async () => {
    const batchId = await batchOf(3, "pending");
    expect(await batchStatuses(batchId)).toEqual(["pending", "pending", "pending"]);
  });

  it("requestApproval and approve: a single award waits, then is set to send", async () => {
    const { record } = await inTx((tx) => writeAward(tx, award(), "awaiting-approval"));
    await inTx((tx) => noteApprovalRequested(tx, { awardId: record.id }, "max@studio.test", "Waiting."));
    await inTx((tx) => approveSubject(tx, { awardId: record.id }, "ann@studio.test"));
    expect(await statusOf(record.id)).toBe("sending");
    expect(await kinds(record.id)).toEqual(["created", "requested", "approved"]);
  });

  it("approve refuses an award that does not wait for approval, writing nothing", async () => {
    const id = await awardIn("completed");
    await expect(inTx((tx) => approveSubject(tx, { awardId: id }, "ann@studio.test"))).rejects.toThrow(
      /An award that is completed cannot approve \(only one that is awaiting-approval\)/,
    );
    expect(await statusOf(id)).toBe("completed");
    expect(await kinds(id)).toEqual(["created"]);
  });

  it("approveBatch: the batch sends and its waiting rows wait for the sender", async () => {
    const batchId = await batchOf(2, "awaiting-approval");
    await inTx((tx) => approveSubject(tx, { batchId }, "ann@studio.test"));
    expect(await batchStatuses(batchId)).toEqual(["pending", "pending"]);
    const [batch] = await db.select().from(awardBatches).where(eq(awardBatches.id, batchId));
    expect(batch?.status).toBe("sending");
  });

  it.each([
    ["rejected", "reject"],
    ["withdrawn", "withdraw"],
    ["expired", "expire"],
  ] as const)(
    "%s (%s): the award stops for good; once stopped it never moves again",
    async (status, name) => {
      const { record } = await inTx((tx) => writeAward(tx, award(), "awaiting-approval"));
      await inTx((tx) => stopSubject(tx, { awardId: record.id }, status, "ann@studio.test", "Stopped."));
      expect(await statusOf(record.id)).toBe(status);
      expect(await kinds(record.id)).toEqual(["created", status]);
      await expect(
        inTx((tx) => stopSubject(tx, { awardId: record.id }, status, "ann@studio.test", "Again.")),
      ).rejects.toThrow(`An award that is ${status} cannot ${name}`);
      await expect(markSent(db, record.id, "max@studio.test")).rejects.toThrow(TransitionError);
    },
  );

  it("send: an attempt is counted and said; a rejected award is never sent", async () => {
    const { id } = await recordAward(db, award());
    expect(await markSent(db, id, "max@studio.test")).toBe(1);
    expect(await kinds(id)).toEqual(["created", "sent"]);
    const rejected = await awardIn("rejected");
    await expect(markSent(db, rejected, "max@studio.test")).rejects.toThrow(
      /An award that is rejected cannot send \(only one that is sending or failed or unknown\)/,
    );
    expect((await findAwardById(db, rejected))?.attempts).toBe(0);
  });

  it("recordOutcome: the answer is the award's status; an award waiting for approval takes none", async () => {
    const { id } = await recordAward(db, award());
    await recordOutcome(db, id, { status: "queued", detail: "Queued." });
    expect(await statusOf(id)).toBe("queued");
    const waiting = await awardIn("awaiting-approval");
    await expect(recordOutcome(db, waiting, { status: "completed", detail: "Paid." })).rejects.toThrow(
      TransitionError,
    );
    expect(await statusOf(waiting)).toBe("awaiting-approval");
    expect(await kinds(waiting)).toEqual(["created"]);
  });

  it("claim, recordOutcome and release of batch rows: set-based, only rows the table allows", async () => {
    const batchId = await batchOf(3, "pending");
    const claimed = await claimBatchRows(db, batchId, 2, "max@studio.test", 120);
    expect(claimed.map((row) => row.status)).toEqual(["sending", "sending"]);
    const [first, second] = claimed as [(typeof claimed)[0], (typeof claimed)[0]];
    await recordBatchOutcomes(db, [{ awardId: first.id, status: "completed", error: "", detail: "Paid." }]);
    await releaseBatchRow(db, second.id);
    expect((await findAwardById(db, second.id))?.attempts).toBe(0);
    // A row already answered is not answered again, nor released.
    await recordBatchOutcomes(db, [{ awardId: first.id, status: "failed", error: "x", detail: "No." }]);
    await releaseBatchRow(db, first.id);
    expect(await statusOf(first.id)).toBe("completed");
    expect(await kinds(first.id)).toEqual(["created", "sent", "outcome"]);
    expect((await batchStatuses(batchId)).sort()).toEqual(["completed", "pending", "pending"]);
  });

  it("requeue: failed and unknown rows wait again, each with a line; others stay", async () => {
    const batchId = await batchOf(3, "pending");
    const claimed = await claimBatchRows(db, batchId, 3, "max@studio.test", 120);
    await recordBatchOutcomes(
      db,
      claimed.map((row, i) => ({
        awardId: row.id,
        status: (["failed", "unknown", "completed"] as const)[i] as "failed",
        error: "",
        detail: "Answered.",
      })),
    );
    expect(await inTx((tx) => requeueBatchRows(tx, batchId, "ann@studio.test"))).toBe(2);
    expect((await batchStatuses(batchId)).sort()).toEqual(["completed", "pending", "pending"]);
  });

  it("settle and checkSettlement: a queued award is paid; a completed or failed one is left alone", async () => {
    const queued = await awardIn("queued");
    const failed = await awardIn("failed");
    await noteSettlementChecked(db, queued);
    expect((await findAwardById(db, queued))?.statusCheckedAt).not.toBeNull();
    const settled = await settleAwards(db, { ids: [queued, failed] }, "Settled.");
    expect(settled).toHaveLength(1);
    expect(await statusOf(queued)).toBe("completed");
    expect(await statusOf(failed)).toBe("failed");
    expect(await settleAwards(db, { ids: [queued] }, "Again.")).toEqual([]);
    expect(await kinds(queued)).toEqual(["created", "status"]);
  });

  it("requestApproval: the approval request and the award's 'requested' line are written together", async () => {
    const { record } = await inTx((tx) => writeAward(tx, award(), "awaiting-approval"));
    const approval = await inTx((tx) =>
      requestApproval(
        tx,
        { awardId: record.id },
        {
          projectGuid: PROJECT,
          connection: "env",
          requesterId: actorId,
          requesterEmail: "max@studio.test",
          summary: { totals: [] },
          expiresAt: new Date(Date.now() + 3600_000),
        },
      ),
    );
    expect(approval.awardId).toBe(record.id);
    expect(await kinds(record.id)).toEqual(["created", "requested"]);
  });
});

describe("an audit line given to a transition", () => {
  const actor = { id: null, email: "max@studio.test", client: "", userAgent: "test" };
  const line = (summary: string) => ({ actor, event: { kind: "wallet.funded" as const, summary } });
  const audited = async () => (await readAuditPage(db, {}, { limit: 100 })).rows.map((row) => row.summary);

  it("is written with the change, and not at all when the change is refused", async () => {
    const { id } = await recordAward(db, award());
    await recordOutcome(db, id, { status: "completed", detail: "Paid." }, line("paid"));
    const waiting = await awardIn("awaiting-approval");
    await expect(
      recordOutcome(db, waiting, { status: "completed", detail: "Paid." }, line("refused")),
    ).rejects.toThrow(TransitionError);
    expect(await audited()).toEqual(["paid"]);
  });

  it("that cannot be written takes the change back with it", async () => {
    const queued = await awardIn("queued");
    const broken = { actor: { ...actor, userAgent: "bad\u0000agent" }, event: line("funded").event };
    await expect(settleAwards(db, { ids: [queued] }, "Settled.", broken)).rejects.toThrow();
    expect(await statusOf(queued)).toBe("queued");
    const { id } = await recordAward(db, award());
    await expect(recordOutcome(db, id, { status: "completed", detail: "Paid." }, broken)).rejects.toThrow();
    expect(await statusOf(id)).toBe("sending");
    expect(await kinds(id)).toEqual(["created"]);
    expect(await audited()).toEqual([]);
  });
});
